import { prepared, sql, type Db, type Database, type InferResult, type Transaction } from '@pickles/db';
import type { InvoicedOrder } from '@pickles/invoices';
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
  /** The owner's latest payment link for it (decision 032); its payments are on the link's own Razorpay order. */
  paymentLinkId: string | null;
}

function select(handle: Handle) {
  return handle
    .selectFrom('orders')
    .select(['id', 'order_number', 'razorpay_order_id', 'razorpay_payment_id', 'amount_paise', 'refunded_paise', 'status', 'payment_status', 'search_text', 'created_at', 'stock_state', 'payment_link_id']);
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
  payment_link_id: string | null;
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
    paymentLinkId: row.payment_link_id,
  };
}

/** A read without a lock, for checks made before a network call (verify's signature, the reconciler). */
export async function findOrderByRazorpayOrderId(handle: Handle, razorpayOrderId: string): Promise<PaymentOrder | undefined> {
  const { rows } = await prepared<Parameters<typeof toOrder>[0]>(select(handle).where('razorpay_order_id', '=', razorpayOrderId)).execute(handle);
  return rows[0] && toOrder(rows[0]);
}

export async function lockOrderById(trx: Transaction<Database>, orderId: string): Promise<PaymentOrder | undefined> {
  const row = await select(trx).where('id', '=', orderId).forUpdate().executeTakeFirst();
  return row && toOrder(row);
}

/**
 * An order as a settlement needs it, in one read: what the lifecycle decides on, what its invoice
 * says (address, items) and whether it has one already.
 */
export interface SettleOrder extends PaymentOrder {
  invoiced: boolean;
  invoicing: InvoicedOrder;
}

function settlementRead(handle: Handle, razorpayOrderId: string) {
  return select(handle)
    .select(['customer_name', 'flat_number', 'street', 'area', 'city', 'state', 'pincode', 'shipping_paise', 'discount_code', 'discount_paise'])
    .select(sql<boolean>`exists (select 1 from tax_documents where tax_documents.order_id = orders.id and tax_documents.kind = 'invoice')`.as('invoiced'))
    .select(
      sql<InvoicedOrder['items']>`(select coalesce(json_agg(json_build_object('productId', product_id, 'name', name, 'quantity', quantity, 'lineTotalPaise', line_total_paise, 'hsn', hsn, 'ratePercent', gst_rate_percent, 'discountPaise', discount_paise) order by id), '[]')
        from order_items where order_items.order_id = orders.id)`.as('items'),
    )
    .where('razorpay_order_id', '=', razorpayOrderId);
}

function toSettleOrder(row: InferResult<ReturnType<typeof settlementRead>>[number]): SettleOrder {
  return {
    ...toOrder(row),
    invoiced: row.invoiced,
    invoicing: {
      orderNumber: row.order_number,
      customerName: row.customer_name,
      flatNumber: row.flat_number,
      street: row.street,
      area: row.area,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      shippingPaise: row.shipping_paise,
      discountCode: row.discount_code,
      discountPaise: row.discount_paise,
      items: row.items,
    },
  };
}

/** The order a settlement decides on, read without a lock (settle-payment's one-statement path checks it is unchanged). */
export async function readOrderForSettlement(handle: Handle, razorpayOrderId: string): Promise<SettleOrder | undefined> {
  const query = settlementRead(handle, razorpayOrderId);
  const row = (await prepared<InferResult<typeof query>[number]>(query).execute(handle)).rows[0];
  return row && toSettleOrder(row);
}

/** The order a settlement decides on, its row locked for the rest of the caller's transaction. */
export async function lockOrderForSettlement(trx: Transaction<Database>, razorpayOrderId: string): Promise<SettleOrder | undefined> {
  const query = settlementRead(trx, razorpayOrderId).forUpdate();
  const row = (await prepared<InferResult<typeof query>[number]>(query).execute(trx)).rows[0];
  return row && toSettleOrder(row);
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

/** The owner's payment link for the order still takes payments (decision 032). */
const PAYMENT_LINK_OPEN = sql<boolean>`coalesce(orders.payment_link_status = 'created' and orders.payment_link_expires_at > now(), false)`;

/**
 * Someone really tried to pay the order: a payment of it was seen (by verify, a webhook or an earlier
 * check) or a failure was reported for it.
 */
const PAYMENT_SEEN = sql<boolean>`(orders.payment_status = 'failed' or exists (select 1 from payments where payments.order_id = orders.id))`;

/** The order awaits payment: its (status, payment_status) is one of the lifecycle's AWAITING_PAYMENT_STATES. */
const AWAITING_PAYMENT = sql<boolean>`(status, payment_status) in (${sql.join(AWAITING_PAYMENT_STATES.map((s) => sql`(${s.status}, ${s.paymentStatus})`))})`;

/** Orders awaiting payment, placed more than `olderThanSeconds` ago, whose next check is due: where both claims start. */
function awaitingAndDue(trx: Transaction<Database>, olderThanSeconds: number) {
  return select(trx)
    .where(AWAITING_PAYMENT)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .where((eb) => eb.or([eb('next_reconcile_at', 'is', null), eb('next_reconcile_at', '<=', sql<Date>`now()`)]));
}

/** The query's first `limit` orders (oldest first after its own order), locked; those another replica holds are skipped. */
async function lockBatch(query: ReturnType<typeof awaitingAndDue>, limit: number): Promise<PaymentOrder[]> {
  const rows = await query.orderBy('created_at').limit(limit).forUpdate().skipLocked().execute();
  return rows.map(toOrder);
}

/**
 * Orders still awaiting payment (the lifecycle's AWAITING_PAYMENT_STATES) whose next check is due,
 * created at least `olderThanSeconds` ago and, for the reconciler, less than `expireAfterSeconds`
 * ago (older ones are the expiry job's: claimOrdersToExpire). Recoveries of real payments come
 * first: orders with a payment seen, then orders never checked before, then the rest, oldest
 * first; so a flood of orders nobody pays (a hoarder's, a bot's) never keeps a real payment waiting.
 * SKIP LOCKED lets replicas share the work.
 */
export async function claimOrdersToReconcile(trx: Transaction<Database>, olderThanSeconds: number, limit: number, expireAfterSeconds = Number.MAX_SAFE_INTEGER): Promise<PaymentOrder[]> {
  const due = awaitingAndDue(trx, olderThanSeconds)
    // An older order is still the reconciler's while its payment link takes payments.
    .where((eb) => eb.or([eb('created_at', '>=', sql<Date>`now() - make_interval(secs => ${Math.min(expireAfterSeconds, 3_153_600_000)})`), PAYMENT_LINK_OPEN]))
    .orderBy(sql`${PAYMENT_SEEN} desc`)
    .orderBy('reconcile_attempts');
  return lockBatch(due, limit);
}

/** Orders still awaiting payment `expireAfterSeconds` after they were placed, whose next check is due, oldest first: the expiry job's. */
export async function claimOrdersToExpire(trx: Transaction<Database>, expireAfterSeconds: number, limit: number): Promise<PaymentOrder[]> {
  // An order whose payment link still takes payments is not closed under the shopper (decision 032).
  return lockBatch(awaitingAndDue(trx, expireAfterSeconds).where(sql<boolean>`not ${PAYMENT_LINK_OPEN}`), limit);
}

/**
 * Next check backs off with the number of checks: 1, 2, 4 ... minutes, at most 2 hours while a
 * payment of the order has been seen, 6 hours while none has (an order nobody tried to pay is
 * asked about a couple of dozen times in its four days, not fifty).
 */
export async function scheduleNextReconcile(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      reconcile_attempts: sql`reconcile_attempts + 1`,
      next_reconcile_at: sql`now() + least(case when ${PAYMENT_SEEN} then interval '2 hours' else interval '6 hours' end, interval '1 minute' * power(2, least(reconcile_attempts, 9)))`,
    })
    .where('id', '=', orderId)
    .execute();
}

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

/**
 * Unpaid orders still holding batch jars longer than the hold (decision 012), oldest first: the
 * candidates whose jars go back. Read without a lock; each is locked and checked again on release.
 */
export async function findLapsedStockHolds(handle: Handle, holdSeconds: number, limit: number): Promise<string[]> {
  const rows = await handle
    .selectFrom('orders')
    .select('id')
    .where('stock_state', '=', 'reserved')
    .where(AWAITING_PAYMENT)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${holdSeconds})`)
    // An order the owner sent a payment link for keeps its jars while the link takes payments (decision 032).
    .where(sql<boolean>`not ${PAYMENT_LINK_OPEN}`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
