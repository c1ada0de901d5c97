import { sql, type Db, type Database, type Transaction } from '@pickles/db';
import { AWAITING_PAYMENT_STATES, type OrderPaymentState, type OrderStatus, type PaymentStatus } from '@pickles/shared';

type Handle = Db | Transaction<Database>;

export interface PaymentOrder extends OrderPaymentState {
  id: string;
  orderNumber: string;
  razorpayOrderId: string | null;
  searchText: string;
  createdAt: Date;
  /** What the order holds of the batch stock (decision 012). */
  stockState: 'reserved' | 'sold' | 'released' | 'short' | null;
}

function select(handle: Handle) {
  return handle
    .selectFrom('orders')
    .select(['id', 'order_number', 'razorpay_order_id', 'razorpay_payment_id', 'amount_paise', 'refunded_paise', 'status', 'payment_status', 'search_text', 'created_at', 'stock_state']);
}

function toOrder(row: {
  id: string;
  order_number: string;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  amount_paise: number;
  refunded_paise: number;
  status: string;
  payment_status: string;
  search_text: string;
  created_at: Date;
  stock_state: PaymentOrder['stockState'];
}): PaymentOrder {
  return {
    id: row.id,
    orderNumber: row.order_number,
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    amountPaise: row.amount_paise,
    refundedPaise: row.refunded_paise,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    searchText: row.search_text,
    createdAt: row.created_at,
    stockState: row.stock_state,
  };
}

/** A read without a lock, for checks made before a network call (verify's signature, the reconciler). */
export async function findOrderByRazorpayOrderId(handle: Handle, razorpayOrderId: string): Promise<PaymentOrder | undefined> {
  const row = await select(handle).where('razorpay_order_id', '=', razorpayOrderId).executeTakeFirst();
  return row && toOrder(row);
}

/** Locks the order row for the rest of the transaction: all payment paths serialise on it. */
export async function lockOrderByRazorpayOrderId(trx: Transaction<Database>, razorpayOrderId: string): Promise<PaymentOrder | undefined> {
  const row = await select(trx).where('razorpay_order_id', '=', razorpayOrderId).forUpdate().executeTakeFirst();
  return row && toOrder(row);
}

export async function lockOrderById(trx: Transaction<Database>, orderId: string): Promise<PaymentOrder | undefined> {
  const row = await select(trx).where('id', '=', orderId).forUpdate().executeTakeFirst();
  return row && toOrder(row);
}

/** A removed order keeps its Razorpay order id in the archive snapshot. */
export async function findArchivedOrder(handle: Handle, razorpayOrderId: string): Promise<{ orderId: string; orderNumber: string; amountPaise: number } | undefined> {
  const row = await handle
    .selectFrom('archived_orders')
    .select(['order_id', 'order_number', sql<number>`(snapshot->>'amount_paise')::int`.as('amount_paise')])
    .where(sql<string>`snapshot->>'razorpay_order_id'`, '=', razorpayOrderId)
    .executeTakeFirst();
  return row && { orderId: row.order_id, orderNumber: row.order_number, amountPaise: row.amount_paise };
}

/**
 * Orders still awaiting payment (the lifecycle's AWAITING_PAYMENT_STATES) whose next check is due,
 * created at least `olderThanSeconds` ago. SKIP LOCKED lets replicas share the work.
 */
export async function claimOrdersToReconcile(trx: Transaction<Database>, olderThanSeconds: number, limit: number): Promise<PaymentOrder[]> {
  const awaiting = sql.join(AWAITING_PAYMENT_STATES.map((s) => sql`(${s.status}, ${s.paymentStatus})`));
  const rows = await select(trx)
    .where(sql<boolean>`(status, payment_status) in (${awaiting})`)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .where((eb) => eb.or([eb('next_reconcile_at', 'is', null), eb('next_reconcile_at', '<=', sql<Date>`now()`)]))
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map(toOrder);
}

/** Next check backs off with the number of checks: 1, 2, 4 ... minutes, at most 2 hours. */
export async function scheduleNextReconcile(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      reconcile_attempts: sql`reconcile_attempts + 1`,
      next_reconcile_at: sql`now() + least(interval '2 hours', interval '1 minute' * power(2, least(reconcile_attempts, 8)))`,
    })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Unpaid orders still holding batch jars longer than the hold (decision 012), oldest first: the
 * candidates whose jars go back. Read without a lock; each is locked and checked again on release.
 */
/** Paid orders whose capture found no jars left (decision 012), oldest first. */
export async function findShortPaidOrders(handle: Handle, limit: number): Promise<string[]> {
  const rows = await handle
    .selectFrom('orders')
    .select('id')
    .where('stock_state', '=', 'short')
    .where('status', '=', 'paid')
    .where('payment_status', '=', 'paid')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function findLapsedStockHolds(handle: Handle, holdSeconds: number, limit: number): Promise<string[]> {
  const awaiting = sql.join(AWAITING_PAYMENT_STATES.map((s) => sql`(${s.status}, ${s.paymentStatus})`));
  const rows = await handle
    .selectFrom('orders')
    .select('id')
    .where('stock_state', '=', 'reserved')
    .where(sql<boolean>`(status, payment_status) in (${awaiting})`)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${holdSeconds})`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
