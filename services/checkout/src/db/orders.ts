import { isUniqueViolation, jarsReservation, newOrderColumns, placedHistory, prepared, shortfallsOf, sql, stockFiguresJson, type Database, type Db, type JarLine, type StockRow, type StockShortfall } from '@pickles/db';
import type { CreateOrderPayload, DeliveryZone, OrderState } from '@pickles/shared';
import type { PricedOrder } from '../domain/price-order.js';

export interface StoredOrder {
  id: string;
  orderNumber: string;
  amountPaise: number;
  customerEmail: string;
  razorpayOrderId: string | null;
  createdAt: Date;
  /** Null for an order placed before zones were kept (migration 017). */
  deliveryZone: DeliveryZone | null;
}

/** A new order: created, its payment pending (the lifecycle's first state). */
const PLACED: OrderState = { status: 'created', paymentStatus: 'pending' };
const columns = ['id', 'order_number', 'amount_paise', 'customer_email', 'razorpay_order_id', 'created_at', 'delivery_zone'] as const;

/** As kysely reads it, or as row_to_json gives it (the time as ISO text). */
type StoredRow = {
  id: string;
  order_number: string;
  amount_paise: number;
  customer_email: string;
  razorpay_order_id: string | null;
  created_at: Date | string;
  delivery_zone: DeliveryZone | null;
};

function toStored(row: StoredRow): StoredOrder {
  return {
    id: row.id,
    orderNumber: row.order_number,
    amountPaise: row.amount_paise,
    customerEmail: row.customer_email,
    razorpayOrderId: row.razorpay_order_id,
    createdAt: new Date(row.created_at),
    deliveryZone: row.delivery_zone,
  };
}

/**
 * What create-order knows before it asks Razorpay for an order, in one read: the order this checkout
 * key made already (a retry or a double click), and what the batch cannot supply now (unlocked: the
 * statement that stores the order checks again under the stock rows' locks). A retried checkout is
 * answered without calling Razorpay, and a cart the batch cannot supply creates no Razorpay order.
 */
export async function lookBeforeCheckout(db: Db, checkoutKey: string | null, lines: readonly JarLine[]): Promise<{ earlier?: StoredOrder; shortfalls: StockShortfall[] }> {
  const earlier = checkoutKey
    ? sql<StoredRow | null>`(select row_to_json(earlier) from (select ${sql.join(columns.map((column) => sql.ref(column)))} from orders where checkout_key = ${checkoutKey}) as earlier)`
    : sql<null>`null`;
  const { rows } = await prepared(sql<{ earlier: StoredRow | null; figures: StockRow[] }>`select ${earlier} as earlier, ${stockFiguresJson(lines)} as figures`).execute(db);
  const row = rows[0]!;
  return { ...(row.earlier ? { earlier: toStored(row.earlier) } : {}), shortfalls: shortfallsOf(lines, row.figures) };
}

/** What placeOrder did: placed the order, found the checkout key taken, or found the batch short. */
/**
 * The order stored; or nothing stored, because the batch could not supply it or its checkout key was
 * used already (`jarsAvailable` tells which to look at), or because another order drew the same
 * order number (`numberTaken`: draw another).
 */
export type PlaceOrderResult = { placed: StoredOrder } | { placed: undefined; jarsAvailable: boolean } | { placed: undefined; numberTaken: true };

/**
 * Stores a new order (`created`, payment `pending`) with its Razorpay order, items and first history
 * row, and reserves its batch jars, all in ONE statement, so it is one round trip and its own
 * transaction: each product's stock row is locked only inside PostgreSQL, from the stock check to
 * the commit (packages/db jarsReservation). Nothing is stored when the batch cannot supply every
 * line (`jarsAvailable` false), nor when the checkout key was used already (the order of that
 * earlier request is the caller's to find). Rows are built by PostgreSQL from JSON with the tables'
 * own column types (json_populate_record), so no value is retyped here.
 */
export async function placeOrder(
  db: Db,
  input: { id: string; orderNumber: string; razorpayOrderId: string; checkoutKey: string | null; payload: Pick<CreateOrderPayload, 'customerInfo' | 'deliveryAddress'>; priced: PricedOrder; deliveryZone: DeliveryZone; now: Date },
): Promise<PlaceOrderResult> {
  const { payload, priced } = input;
  const { customerInfo: customer, deliveryAddress: address } = payload;
  const order = {
    id: input.id,
    ...newOrderColumns({
      orderNumber: input.orderNumber,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      createdAt: input.now,
      address,
      itemNames: priced.lines.map((line) => line.name),
    }),
    razorpay_order_id: input.razorpayOrderId,
    checkout_key: input.checkoutKey,
    subtotal_paise: priced.subtotalPaise,
    shipping_paise: priced.shippingPaise,
    amount_paise: priced.totalPaise,
    discount_code: priced.discount?.code ?? null,
    discount_paise: priced.discount?.discountPaise ?? 0,
    status: PLACED.status,
    payment_status: PLACED.paymentStatus,
    stock_state: 'reserved',
    delivery_zone: input.deliveryZone,
    updated_at: input.now,
  } satisfies Partial<Record<keyof Database['orders'], unknown>>;
  const items = priced.lines.map((line) => ({
    product_id: line.productId,
    name: line.name,
    quantity: line.quantity,
    unit_price_paise: line.unitPricePaise,
    line_total_paise: line.lineTotalPaise,
    hsn: line.hsn,
    gst_rate_percent: line.gstRatePercent,
    discount_paise: line.discountPaise,
  })) satisfies Partial<Record<keyof Database['order_items'], unknown>>[];
  const orderColumns = sql.join(Object.keys(order).map((column) => sql.ref(column)));
  const itemColumns = Object.keys(items[0] ?? {});
  const jars = jarsReservation(priced.lines);
  const placing = prepared(sql<{ jars_available: boolean } & Partial<StoredRow>>`
    with ${jars.ctes},
    placed as (
      insert into orders (${orderColumns})
      select ${orderColumns} from json_populate_record(null::orders, ${JSON.stringify(order)}::json)
      where ${jars.available}
      on conflict (checkout_key) do nothing
      returning ${sql.join(columns.map((column) => sql.ref(column)))}
    ),
    placed_items as (
      insert into order_items (order_id, ${sql.join(itemColumns.map((column) => sql.ref(column)))})
      select placed.id, ${sql.join(itemColumns.map((column) => sql.ref(`item.${column}`)))}
      from placed, json_populate_recordset(null::order_items, ${JSON.stringify(items)}::json) as item
    ),
    placed_history as (
      ${placedHistory(PLACED, 'system:checkout')}
    ),
    reserved as (${jars.reserveFor('placed')})
    select ${jars.available} as jars_available, placed.* from (select) as one left join placed on true`).execute(db);
  let rows;
  try {
    ({ rows } = await placing);
  } catch (error) {
    if (isUniqueViolation(error, 'orders_order_number')) return { placed: undefined, numberTaken: true };
    throw error;
  }
  const row = rows[0]!;
  return row.id ? { placed: toStored(row as StoredRow) } : { placed: undefined, jarsAvailable: row.jars_available };
}

export async function findOrderByCheckoutKey(db: Db, checkoutKey: string): Promise<StoredOrder | undefined> {
  const row = await db.selectFrom('orders').select(columns).where('checkout_key', '=', checkoutKey).executeTakeFirst();
  return row && toStored(row);
}

/**
 * Records the Razorpay order id of an order stored without one (by a version of the shop that
 * stored the order before calling Razorpay, whose call failed), unless one is recorded already (a
 * concurrent retry of the same checkout won); returns the id the order ends up with.
 */
export async function recordRazorpayOrderId(db: Db, orderId: string, razorpayOrderId: string): Promise<string> {
  const updated = await db
    .updateTable('orders')
    .set({ razorpay_order_id: razorpayOrderId, updated_at: new Date() })
    .where('id', '=', orderId)
    .where('razorpay_order_id', 'is', null)
    .returning('razorpay_order_id')
    .executeTakeFirst();
  if (updated?.razorpay_order_id) return updated.razorpay_order_id;
  const current = await db.selectFrom('orders').select('razorpay_order_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  if (!current.razorpay_order_id) throw new Error(`order ${orderId} has no Razorpay order id after recording one`);
  return current.razorpay_order_id;
}
