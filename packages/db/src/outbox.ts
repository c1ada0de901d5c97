import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventEnvelope } from '@pickles/shared';
import type { Database } from './schema.js';

type DbHandle = Kysely<Database> | Transaction<Database>;

/**
 * Writes an event to the outbox. Call it inside the transaction that makes the state change, so the
 * event exists if and only if the change committed.
 */
export async function writeOutboxEvent<TType extends string, TData>(
  trx: DbHandle,
  type: TType,
  version: number,
  data: TData,
): Promise<EventEnvelope<TType, TData>> {
  const envelope: EventEnvelope<TType, TData> = {
    id: randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    data,
  };
  await trx
    .insertInto('outbox_events')
    .values({
      id: envelope.id,
      type,
      version,
      payload: JSON.stringify(envelope),
      occurred_at: envelope.occurredAt,
    })
    .execute();
  return envelope;
}

/**
 * Claims up to `limit` due, unpublished rows and hands them to `publish` while holding their row
 * locks (FOR UPDATE SKIP LOCKED, so relays on several replicas never publish the same row at once).
 * A row whose publish fails is retried later with exponential backoff, capped at five minutes.
 * Returns how many rows were published.
 */
export async function relayOutboxBatch(
  db: Kysely<Database>,
  publish: (envelope: EventEnvelope) => Promise<void>,
  limit = 100,
): Promise<{ published: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('outbox_events')
      .select(['id', 'payload', 'attempts'])
      .where('published_at', 'is', null)
      .where('available_at', '<=', sql<Date>`now()`)
      .orderBy('occurred_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    let published = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await publish(row.payload as EventEnvelope);
        await trx.updateTable('outbox_events').set({ published_at: sql`now()`, last_error: null }).where('id', '=', row.id).execute();
        published++;
      } catch (error) {
        failed++;
        const backoffSeconds = Math.min(300, 2 ** Math.min(row.attempts, 8));
        await trx
          .updateTable('outbox_events')
          .set({
            attempts: row.attempts + 1,
            last_error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
            available_at: sql`now() + make_interval(secs => ${backoffSeconds})`,
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return { published, failed };
  });
}
