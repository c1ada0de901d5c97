import { randomBytes, randomUUID } from 'node:crypto';
import { newOrderColumns, type Db } from '@pickles/db';
import { shippingPaise } from '@pickles/shared';

export interface OrderSeed {
  /** A marker put in the street so a test can find only its own orders with the search. */
  tag?: string;
  orderNumber?: string;
  status?: string;
  paymentStatus?: string;
  name?: string;
  email?: string;
  phone?: string;
  flatNumber?: string;
  street?: string;
  area?: string;
  city?: string;
  state?: string;
  pincode?: string;
  /** Defaults to the catalogue price of the items plus shipping. */
  amountPaise?: number;
  createdAt?: Date;
  updatedAt?: Date;
  paidAt?: Date | null;
  razorpayOrderId?: string | null;
  razorpayPaymentId?: string | null;
  items?: { name: string; quantity: number }[];
  /** The courier zone checkout decides at create-order; null (an order from before zones) by default. */
  deliveryZone?: 'local' | 'regional' | 'national' | null;
}

export interface InsertedOrder {
  id: string;
  orderNumber: string;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  amountPaise: number;
  email: string;
}

const UNIT_PRICE_PAISE = 50_000;

/**
 * The one order factory of the tests: writes an order and its items as checkout and payments
 * would (search_text included). Defaults to a paid order of one Royal Chicken Pickle.
 */
export async function insertOrder(db: Db, seed: OrderSeed = {}): Promise<InsertedOrder> {
  const orderNumber = seed.orderNumber ?? `RP${randomBytes(5).toString('hex').toUpperCase()}`;
  const createdAt = seed.createdAt ?? new Date();
  const items = seed.items ?? [{ name: 'Royal Chicken Pickle', quantity: 1 }];
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
  const subtotal = items.reduce((sum, item) => sum + UNIT_PRICE_PAISE * item.quantity, 0);
  const shipping = shippingPaise(itemCount);
  const amount = seed.amountPaise ?? subtotal + shipping;
  const address = {
    flatNumber: seed.flatNumber ?? '12B',
    street: seed.street ?? `${seed.tag ?? 'Lodhi'} Street`,
    area: seed.area ?? 'Green Park',
    city: seed.city ?? 'New Delhi',
    state: seed.state ?? 'Delhi',
    pincode: seed.pincode ?? '110016',
  };
  const name = seed.name ?? 'Asha Verma';
  const email = seed.email ?? 'asha@example.in';
  const phone = seed.phone ?? '9876543210';
  const paymentStatus = seed.paymentStatus ?? 'paid';
  const razorpayPaymentId =
    seed.razorpayPaymentId === undefined ? (paymentStatus === 'pending' ? null : `pay_${randomBytes(7).toString('hex')}`) : seed.razorpayPaymentId;
  const razorpayOrderId = seed.razorpayOrderId ?? null;
  const row = await db
    .insertInto('orders')
    .values({
      ...newOrderColumns({ orderNumber, razorpayPaymentId, name, email, phone, createdAt, address, itemNames: items.map((item) => item.name) }),
      razorpay_order_id: razorpayOrderId,
      subtotal_paise: subtotal,
      shipping_paise: shipping,
      amount_paise: amount,
      status: seed.status ?? 'paid',
      payment_status: paymentStatus,
      updated_at: seed.updatedAt ?? createdAt,
      paid_at: seed.paidAt === undefined ? (paymentStatus === 'paid' ? createdAt : null) : seed.paidAt,
      delivery_zone: seed.deliveryZone ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      items.map((item) => ({
        order_id: row.id,
        product_id: 1,
        name: item.name,
        quantity: item.quantity,
        unit_price_paise: UNIT_PRICE_PAISE,
        line_total_paise: UNIT_PRICE_PAISE * item.quantity,
      })),
    )
    .execute();
  return { id: row.id, orderNumber, razorpayOrderId, razorpayPaymentId, amountPaise: amount, email };
}

/** A refund request as admin-orders commits it when the owner confirms the refund dialog; its id. */
export async function insertRefundRequest(db: Db, order: { id: string; paymentId: string }, amountPaise: number): Promise<string> {
  const row = await db
    .insertInto('refund_requests')
    .values({ order_id: order.id, razorpay_payment_id: order.paymentId, amount_paise: amountPaise, reason: 'Jar arrived broken', requested_by: 'admin', client_key: randomUUID() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/** A create-order body as the SPA sends it: `quantity` jars of the Royal Chicken Pickle, priced right. */
export function orderPayload(quantity = 2, email = `shopper.${randomUUID().slice(0, 8)}@example.in`) {
  const subtotal = 500 * quantity;
  return {
    amount: subtotal + 50 + 50 * quantity,
    customerInfo: { name: 'Meera Iyer', email, phone: '9876543210' },
    deliveryAddress: { flatNumber: 'Flat 4C', street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
    items: [{ itemId: 1, name: 'Royal Chicken Pickle', quantity, price: 500, total: subtotal }],
  };
}
