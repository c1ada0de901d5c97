import { sql, type Db, type Kysely, type Transaction, type Database } from '@pickles/db';
import {
  ORDER_STATUSES,
  REMOVABLE_STATUSES,
  UNATTENDED_STATUSES,
  paiseToRupees,
  type AdminOrder,
  type AdminOrderCards,
  type AdminOrderFilter,
  type AdminSortField,
  type OrderHistoryEntry,
  type OrderStatus,
  type PaymentStatus,
} from '@pickles/shared';
import { filterCondition, orderByClause } from './order-filter.js';

type Handle = Kysely<Database> | Transaction<Database>;

interface OrderListRow {
  id: string;
  order_number: string;
  razorpay_payment_id: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  flat_number: string;
  street: string;
  area: string;
  city: string;
  state: string;
  pincode: string;
  amount_paise: number;
  status: string;
  payment_status: string;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
}

const LIST_COLUMNS = sql`orders.id, orders.order_number, orders.razorpay_payment_id, orders.customer_name,
  orders.customer_email, orders.customer_phone, orders.flat_number, orders.street, orders.area, orders.city,
  orders.state, orders.pincode, orders.amount_paise, orders.status, orders.payment_status, orders.created_at,
  orders.updated_at, orders.paid_at`;

function toAdminOrder(row: OrderListRow, items: { name: string; quantity: number }[]): AdminOrder {
  return {
    _id: row.id,
    orderId: row.order_number,
    ...(row.razorpay_payment_id ? { razorpayPaymentId: row.razorpay_payment_id } : {}),
    customerInfo: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    deliveryAddress: {
      flatNumber: row.flat_number,
      street: row.street,
      area: row.area,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
    },
    amount: paiseToRupees(row.amount_paise),
    items,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    ...(row.paid_at ? { paidAt: new Date(row.paid_at).toISOString() } : {}),
  };
}

async function withItems(db: Handle, rows: OrderListRow[]): Promise<AdminOrder[]> {
  if (!rows.length) return [];
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', 'name', 'quantity'])
    .where(
      'order_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  const byOrder = new Map<string, { name: string; quantity: number }[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push({ name: item.name, quantity: item.quantity });
    byOrder.set(item.order_id, list);
  }
  return rows.map((row) => toAdminOrder(row, byOrder.get(row.id) ?? []));
}

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
    sql<OrderListRow>`select ${LIST_COLUMNS} from orders where ${where}
      order by ${orderByClause(options.sortField, options.sortDir)}
      limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from orders where ${where}`.execute(db),
  ]);
  return { orders: await withItems(db, page.rows), total: count.rows[0]?.total ?? 0 };
}

/** The cards summarise every order on the panel, whatever the filter (spec: "total orders"). */
export async function orderCards(db: Db, now = new Date()): Promise<AdminOrderCards> {
  const threshold = new Date(now.getTime() - 259_200_000);
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

export async function findOrderForUpdate(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('orders').select(['id', 'status', 'payment_status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function getAdminOrder(db: Handle, id: string): Promise<AdminOrder | undefined> {
  const { rows } = await sql<OrderListRow>`select ${LIST_COLUMNS} from orders where orders.id = ${id}`.execute(db);
  const [order] = await withItems(db, rows);
  return order;
}

export async function setOrderStatus(trx: Transaction<Database>, id: string, from: string, to: string, changedBy: string): Promise<void> {
  await trx.updateTable('orders').set({ status: to, updated_at: sql`now()` }).where('id', '=', id).execute();
  await trx.insertInto('order_status_history').values({ order_id: id, from_status: from, to_status: to, changed_by: changedBy }).execute();
}

export type BatchTarget = { orderIds: string[] } | { filter: AdminOrderFilter };

function targetCondition(target: BatchTarget) {
  return 'orderIds' in target ? sql`orders.id = any(${target.orderIds}::uuid[])` : filterCondition(target.filter);
}

export interface BatchResult {
  /** Orders matched and allowed (payment not pending); they all have `status` now. */
  updatedCount: number;
  /** Of those, how many actually changed (the rest already had it). */
  changedCount: number;
  /** Matched but refused: payment still pending. */
  skippedCount: number;
}

/**
 * Sets every targeted order whose payment is not pending to `status`, in one statement chain inside
 * the caller's transaction: rows are locked, changed, and each change recorded in the history.
 */
export async function batchSetStatus(trx: Transaction<Database>, target: BatchTarget, status: string, changedBy: string): Promise<BatchResult> {
  const where = targetCondition(target);
  const { rows } = await sql<{ updated: number; changed: number; skipped: number }>`
    with matched as (
      select orders.id, orders.status, orders.payment_status from orders where ${where} for update
    ), changed as (
      update orders set status = ${status}, updated_at = now()
      from matched where orders.id = matched.id and matched.payment_status <> 'pending' and matched.status <> ${status}
      returning orders.id, matched.status as from_status
    ), history as (
      insert into order_status_history (order_id, from_status, to_status, changed_by)
      select id, from_status, ${status}, ${changedBy} from changed
      returning 1
    )
    select
      (select count(*) from matched where payment_status <> 'pending')::int as updated,
      (select count(*) from history)::int as changed,
      (select count(*) from matched where payment_status = 'pending')::int as skipped`.execute(trx);
  const row = rows[0]!;
  return { updatedCount: row.updated, changedCount: row.changed, skippedCount: row.skipped };
}

/**
 * Moves the targeted completed/cancelled orders to archived_orders with a full JSON snapshot
 * (items, payments, status history) and deletes them from orders, in the caller's transaction.
 * Orders in any other status are never touched, whatever the target says.
 */
export async function archiveFinishedOrders(trx: Transaction<Database>, target: BatchTarget, archivedBy: string): Promise<number> {
  const where = targetCondition(target);
  const { rows } = await sql<{ archived: number }>`
    with doomed as (
      select orders.* from orders where ${where} and orders.status in (${sql.join([...REMOVABLE_STATUSES])}) for update
    ), archived as (
      insert into archived_orders (order_id, order_number, status, snapshot, archived_by)
      select d.id, d.order_number, d.status,
        to_jsonb(d) || jsonb_build_object(
          'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.id) from order_items i where i.order_id = d.id), '[]'::jsonb),
          'payments', coalesce((select jsonb_agg(to_jsonb(p)) from payments p where p.order_id = d.id), '[]'::jsonb),
          'history', coalesce((select jsonb_agg(to_jsonb(h) order by h.id) from order_status_history h where h.order_id = d.id), '[]'::jsonb)
        ),
        ${archivedBy}
      from doomed d
      on conflict (order_id) do nothing
      returning order_id
    ), deleted as (
      delete from orders using archived where orders.id = archived.order_id returning 1
    )
    select count(*)::int as archived from deleted`.execute(trx);
  return rows[0]?.archived ?? 0;
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

const isoUtc = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One AdminOrder as JSON text, built by PostgreSQL (same shape as toAdminOrder; absent payment id
 * and paid date are left out), so a 100,000-order export costs Node no parsing or serialising.
 */
const ADMIN_ORDER_JSON = sql`json_strip_nulls(json_build_object(
    '_id', orders.id,
    'orderId', orders.order_number,
    'razorpayPaymentId', orders.razorpay_payment_id,
    'customerInfo', json_build_object('name', orders.customer_name, 'email', orders.customer_email, 'phone', orders.customer_phone),
    'deliveryAddress', json_build_object('flatNumber', orders.flat_number, 'street', orders.street, 'area', orders.area,
      'city', orders.city, 'state', orders.state, 'pincode', orders.pincode),
    'amount', case when orders.amount_paise % 100 = 0 then to_json(orders.amount_paise / 100) else to_json(round(orders.amount_paise / 100.0, 2)) end,
    'items', (select coalesce(json_agg(json_build_object('name', i.name, 'quantity', i.quantity) order by i.id), '[]'::json)
      from order_items i where i.order_id = orders.id),
    'status', orders.status,
    'paymentStatus', orders.payment_status,
    'createdAt', ${isoUtc('orders.created_at')},
    'updatedAt', ${isoUtc('orders.updated_at')},
    'paidAt', ${isoUtc('orders.paid_at')}
  ))::text`;

/**
 * Every order matching the filter, in sort order, as JSON lines a batch at a time from a
 * server-side cursor in one read-only snapshot: memory holds one batch, however many orders there are.
 */
export async function streamOrderLines(
  db: Db,
  options: Omit<ListOptions, 'page' | 'pageSize'>,
  onBatch: (lines: string[]) => Promise<void>,
  batchSize = 2000,
): Promise<void> {
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`declare admin_export no scroll cursor for
        select ${ADMIN_ORDER_JSON} as line from orders where ${filterCondition(options.filter)}
        order by ${orderByClause(options.sortField, options.sortDir)}`.execute(trx);
      for (;;) {
        const { rows } = await sql<{ line: string }>`fetch forward ${sql.raw(String(Math.trunc(batchSize)))} from admin_export`.execute(trx);
        if (!rows.length) break;
        await onBatch(rows.map((row) => row.line));
        if (rows.length < batchSize) break;
      }
    });
}
