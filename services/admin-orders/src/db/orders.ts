import { sql, type Db, type Kysely, type Transaction, type Database } from '@pickles/db';
import {
  ORDER_STATUSES,
  REMOVABLE_STATES,
  UNATTENDED_AFTER_MS,
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
  refunded_paise: number;
}

const LIST_COLUMNS = sql`orders.id, orders.order_number, orders.razorpay_payment_id, orders.customer_name,
  orders.customer_email, orders.customer_phone, orders.flat_number, orders.street, orders.area, orders.city,
  orders.state, orders.pincode, orders.amount_paise, orders.status, orders.payment_status, orders.created_at,
  orders.updated_at, orders.paid_at, orders.refunded_paise`;

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
    ...(row.refunded_paise > 0 ? { refundedAmount: paiseToRupees(row.refunded_paise) } : {}),
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
  const { rows } = await sql<OrderListRow>`select ${LIST_COLUMNS} from orders where orders.id = ${id}`.execute(db);
  const [order] = await withItems(db, rows);
  return order;
}

export async function databaseNow(db: Db): Promise<string> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
  return new Date(rows[0]!.now).toISOString();
}

/**
 * Ids of the orders matching the filter that have not changed since `asOf` (the time of the list
 * the owner is looking at), optionally only those Remove may archive (the lifecycle's
 * REMOVABLE_STATES): what the spec's batch and remove calls then send.
 */
export async function orderIdsAsOf(db: Db, filter: AdminOrderFilter, asOf: Date, removableOnly: boolean): Promise<string[]> {
  const removable = sql.join(REMOVABLE_STATES.map((s) => sql`(${s.status}, ${s.paymentStatus})`));
  const { rows } = await sql<{ id: string }>`select orders.id from orders where ${filterCondition(filter)}
    and orders.updated_at <= ${asOf}
    ${removableOnly ? sql`and (orders.status, orders.payment_status) in (${removable})` : sql``}
    order by orders.created_at desc, orders.id`.execute(db);
  return rows.map((row) => row.id);
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
    'paidAt', ${isoUtc('orders.paid_at')},
    'refundedAmount', case when orders.refunded_paise > 0 then to_json(round(orders.refunded_paise / 100.0, 2)) end
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
