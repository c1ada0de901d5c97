import { sql, type Db, type Kysely, type Transaction, type Database } from '@pickles/db';
import {
  decideOwnerMove,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REMOVABLE_STATES,
  UNATTENDED_AFTER_MS,
  UNATTENDED_STATUSES,
  type AdminOrder,
  type AdminOrderCards,
  type AdminOrderFilter,
  type AdminSettableStatus,
  type OrderState,
  type AdminSortField,
  type OrderHistoryEntry,
  type OrderStatus,
} from '@pickles/shared';
import { filterCondition, orderByClause } from './order-filter.js';
import { ADMIN_ORDER_JSON } from './admin-order-json.js';

type Handle = Kysely<Database> | Transaction<Database>;

export interface ListOptions {
  filter: AdminOrderFilter;
  sortField: AdminSortField;
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listOrders(db: Db, options: ListOptions): Promise<{ orders: AdminOrder[]; total: number }> {
  const where = filterCondition(options.filter);
  const [page, count] = await Promise.all([
    sql<{ order: AdminOrder }>`select ${ADMIN_ORDER_JSON} as "order" from orders where ${where}
      order by ${orderByClause(options.sortField, options.sortDir)}
      limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from orders where ${where}`.execute(db),
  ]);
  return { orders: page.rows.map((row) => row.order), total: count.rows[0]?.total ?? 0 };
}

/** The cards summarise every order on the panel, whatever the filter (spec: "total orders"). */
export async function orderCards(db: Db, now = new Date()): Promise<AdminOrderCards> {
  const threshold = new Date(now.getTime() - UNATTENDED_AFTER_MS);
  const { rows } = await sql<{ status: OrderStatus; n: number; unattended: number }>`
    select status, count(*)::int as n,
      count(*) filter (where status in (${sql.join([...UNATTENDED_STATUSES])}) and created_at < ${threshold})::int as unattended
    from orders group by status`.execute(db);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let total = 0;
  let unattended = 0;
  for (const row of rows) {
    byStatus[row.status] = row.n;
    total += row.n;
    unattended += row.unattended;
  }
  return { total, byStatus, unattended };
}

export async function getAdminOrder(db: Handle, id: string): Promise<AdminOrder | undefined> {
  const { rows } = await sql<{ order: AdminOrder }>`select ${ADMIN_ORDER_JSON} as "order" from orders where orders.id = ${id}`.execute(db);
  return rows[0]?.order;
}

export async function databaseNow(db: Db): Promise<string> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
  return new Date(rows[0]!.now).toISOString();
}

/** Every (status, payment status) pair the lifecycle lets the owner move to `to`: what a batch to it changes. */
function statesSettableTo(to: AdminSettableStatus): OrderState[] {
  return ORDER_STATUSES.flatMap((status) => PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus }))).filter((state) => decideOwnerMove(state, to).kind === 'move');
}

const inStates = (states: readonly OrderState[]) =>
  states.length ? sql`and (orders.status, orders.payment_status) in (${sql.join(states.map((s) => sql`(${s.status}, ${s.paymentStatus})`))})` : sql`and false`;

/**
 * Ids of the orders matching the filter that have not changed since `asOf` (the time of the list
 * the owner is looking at), optionally only those Remove may archive (the lifecycle's
 * REMOVABLE_STATES) or only those a batch to `settableTo` would change (decideOwnerMove): what the
 * spec's batch and remove calls then send, and what their buttons count.
 */
export async function orderIdsAsOf(db: Db, filter: AdminOrderFilter, asOf: Date, only: { removable?: boolean; settableTo?: AdminSettableStatus } = {}): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select orders.id from orders where ${filterCondition(filter)}
    and orders.updated_at <= ${asOf}
    ${only.removable ? inStates(REMOVABLE_STATES) : sql``}
    ${only.settableTo ? inStates(statesSettableTo(only.settableTo)) : sql``}
    order by orders.created_at desc, orders.id`.execute(db);
  return rows.map((row) => row.id);
}

/** Whether the panel has the order (an archived one it has not). */
export async function orderExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function orderHistory(db: Db, id: string): Promise<OrderHistoryEntry[]> {
  const rows = await db.selectFrom('order_status_history').selectAll().where('order_id', '=', id).orderBy('changed_at').orderBy('id').execute();
  return rows.map((row) => ({
    fromStatus: row.from_status,
    toStatus: row.to_status,
    fromPaymentStatus: row.from_payment_status,
    toPaymentStatus: row.to_payment_status,
    changedBy: row.changed_by,
    reason: row.reason,
    changedAt: new Date(row.changed_at).toISOString(),
  }));
}

