import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { OrderState } from '@pickles/shared';
import type { Database, OrderStatusHistoryTable } from './schema.js';

/**
 * The order's history: one row per change of status or payment status, written in the transaction
 * (or the statement) that makes the change. The one place its rows are made; the writers are:
 * - writeStatusHistory: changes the caller has made with kysely (the owner's moves, expiry);
 * - statusHistoryRow + insertRow: a change made inside one statement among other writes (settling a
 *   payment, decision 015);
 * - placedHistory: the first row of an order, inside create-order's one statement.
 */
export interface StatusChange {
  orderId: string;
  from: OrderState | null;
  to: OrderState;
  /** 'owner:<username>', 'system:<source>'. */
  changedBy: string;
  reason?: string | null;
}

/** A reason is kept to 500 characters: it is shown on the order page, not a log. */
const REASON_LENGTH = 500;

export function statusHistoryRow(change: StatusChange): Insertable<OrderStatusHistoryTable> {
  return {
    order_id: change.orderId,
    from_status: change.from?.status ?? null,
    to_status: change.to.status,
    from_payment_status: change.from?.paymentStatus ?? null,
    to_payment_status: change.to.paymentStatus,
    changed_by: change.changedBy,
    reason: change.reason?.slice(0, REASON_LENGTH) ?? null,
  };
}

/** Records changes already made in `trx`: one statement, however many (a batch of the owner's moves up to 100,000 orders). */
export async function writeStatusHistory(trx: Kysely<Database> | Transaction<Database>, changes: readonly StatusChange[]): Promise<void> {
  if (!changes.length) return;
  const rows = changes.map(statusHistoryRow);
  // unnest of arrays: the statement's text is the same for any number of rows (a VALUES list grows with them).
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key] ?? null);
  await sql`
    insert into order_status_history (order_id, from_status, to_status, from_payment_status, to_payment_status, changed_by, reason)
    select * from unnest(${column('order_id')}::uuid[], ${column('from_status')}::text[], ${column('to_status')}::text[],
      ${column('from_payment_status')}::text[], ${column('to_payment_status')}::text[], ${column('changed_by')}::text[], ${column('reason')}::text[])`.execute(trx);
}

/** The first history row of the order a CTE named `placed` inserted in `state` (create-order's statement). */
export function placedHistory(state: OrderState, changedBy: string) {
  return sql`insert into order_status_history (order_id, from_status, to_status, from_payment_status, to_payment_status, changed_by)
      select placed.id, null, ${state.status}, null, ${state.paymentStatus}, ${changedBy} from placed`;
}
