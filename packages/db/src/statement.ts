import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { newEventEnvelope } from '@pickles/shared';
import type { Database } from './schema.js';

type DbHandle = Kysely<Database> | Transaction<Database>;

/** A data-modifying query (a kysely builder or a `sql` fragment) that runs as the CTE `name` of one statement. */
export interface StatementPart {
  name: string;
  query: RawBuilder<unknown> | { toOperationNode(): unknown };
}

/**
 * Runs writes as one statement (`with a as (...), b as (...) select`): one round trip, one
 * transaction of its own or a step of the caller's. Every process-to-process message is costly on
 * the shop's machines, and a statement that holds a hot row's lock (a product's stock, the invoice
 * counter) releases it at its commit, never across a round trip to Node. Parts run concurrently on
 * one snapshot: they must not write the same row twice, and a part that must come after another
 * (to take locks in the one order) depends on that part's rows (see settle-payment).
 */
export async function executeTogether(db: DbHandle, parts: readonly StatementPart[]): Promise<void> {
  if (parts.length) await together(parts).execute(db);
}

/** The statement of executeTogether, ending in `select <selection>` (nothing by default), to run and read. */
export function together<Row>(parts: readonly StatementPart[], selection: RawBuilder<unknown> = sql``): RawBuilder<Row> {
  const ctes = sql.join(parts.map((part) => sql`${sql.raw(part.name)} as (${part.query as RawBuilder<unknown>})`));
  return prepared(sql<Row>`with ${ctes} select ${selection}`);
}

/**
 * INSERT of one row whose values PostgreSQL types by the table's own columns (json_populate_record),
 * as a part of a larger statement: with `gate`, only when the CTE of that name has a row. `rest`
 * ends it (`on conflict ...`, `returning ...`). An INSERT ... VALUES cannot wait for a gate, and an
 * INSERT ... SELECT of parameters would read them all as text.
 */
export function insertRow(table: keyof Database, row: Record<string, unknown>, gate?: string, rest: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  const columns = Object.keys(row);
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    select ${sql.join(columns.map((column) => sql.ref(`row.${column}`)))} from json_populate_record(null::${sql.table(table)}, ${JSON.stringify(row)}::json) as row
    where ${gate ? sql`exists (select from ${sql.table(gate)})` : sql`true`}
    ${rest}`;
}

/** The comment that opens a statement createDb's pool sends as a named prepared statement. */
export const PREPARED_MARK = '/* prepared */ ';

/**
 * Marks a hot statement whose text is the same on every call (values are parameters) to be parsed
 * and planned once per connection (createDb). Not for statements whose text grows with their input
 * (`in (...)` lists of any length): each text is a prepared statement kept for the connection's life.
 */
export function prepared<Row>(statement: RawBuilder<Row> | { toOperationNode(): unknown }): RawBuilder<Row> {
  return sql<Row>`${sql.raw(PREPARED_MARK)}${statement as RawBuilder<Row>}`;
}

/** An event and the outbox row that carries it (for insertRow), for statements that write it among other writes. */
export function outboxEvent<TType extends string, TData>(type: TType, version: number, data: TData) {
  const envelope = newEventEnvelope(type, version, data);
  return { envelope, row: { id: envelope.id, type, version, payload: envelope, occurred_at: envelope.occurredAt } };
}
