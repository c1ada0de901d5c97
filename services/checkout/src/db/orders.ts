import { newOrderColumns, type Db, type Transaction, type Database } from '@pickles/db';
import type { CreateOrderPayload } from '@pickles/shared';
import type { PricedOrder } from '../domain/price-order.js';

type Trx = Transaction<Database>;

export interface StoredOrder {
  id: string;
  orderNumber: string;
  amountPaise: number;
  customerEmail: string;
  razorpayOrderId: string | null;
}

const columns = ['id', 'order_number', 'amount_paise', 'customer_email', 'razorpay_order_id'] as const;

function toStored(row: { id: string; order_number: string; amount_paise: number; customer_email: string; razorpay_order_id: string | null }): StoredOrder {
  return { id: row.id, orderNumber: row.order_number, amountPaise: row.amount_paise, customerEmail: row.customer_email, razorpayOrderId: row.razorpay_order_id };
}

/**
 * Inserts a new order (`created`, payment `pending`) with its items and first history row.
 * With a checkout key, a second insert for the same key inserts nothing and returns undefined
 * (it waits for the first transaction, so it then sees the committed row).
 */
export async function insertOrder(
  trx: Trx,
  input: { orderNumber: string; checkoutKey: string | null; payload: CreateOrderPayload; priced: PricedOrder; now: Date },
): Promise<StoredOrder | undefined> {
  const { payload, priced } = input;
  const { customerInfo: customer, deliveryAddress: address } = payload;
  const row = await trx
    .insertInto('orders')
    .values({
      ...newOrderColumns({
        orderNumber: input.orderNumber,
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        createdAt: input.now,
        address,
        itemNames: priced.lines.map((line) => line.name),
      }),
      checkout_key: input.checkoutKey,
      subtotal_paise: priced.subtotalPaise,
      shipping_paise: priced.shippingPaise,
      amount_paise: priced.totalPaise,
      status: 'created',
      payment_status: 'pending',
      updated_at: input.now,
    })
    .onConflict((conflict) => conflict.column('checkout_key').doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .insertInto('order_items')
    .values(
      priced.lines.map((line) => ({
        order_id: row.id,
        product_id: line.productId,
        name: line.name,
        quantity: line.quantity,
        unit_price_paise: line.unitPricePaise,
        line_total_paise: line.lineTotalPaise,
      })),
    )
    .execute();
  await trx
    .insertInto('order_status_history')
    .values({ order_id: row.id, from_status: null, to_status: 'created', from_payment_status: null, to_payment_status: 'pending', changed_by: 'system:checkout' })
    .execute();
  return toStored(row);
}

export async function findOrderByCheckoutKey(trx: Trx, checkoutKey: string): Promise<StoredOrder | undefined> {
  const row = await trx.selectFrom('orders').select(columns).where('checkout_key', '=', checkoutKey).executeTakeFirst();
  return row && toStored(row);
}

/**
 * Records the order's Razorpay order id unless one is recorded already (a concurrent retry of the
 * same checkout won); returns the id the order ends up with.
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
