import { randomBytes } from 'node:crypto';
import { buildSearchText, type Db } from '@pickles/db';

export interface TestOrderInput {
  status?: string;
  paymentStatus?: string;
  amountPaise?: number;
  razorpayOrderId?: string | null;
  customerEmail?: string;
  customerName?: string;
  city?: string;
  createdAt?: Date;
  quantity?: number;
}

/** Inserts an order with one line of Royal Chicken Pickle, as the checkout service would. */
export async function insertTestOrder(db: Db, input: TestOrderInput = {}): Promise<{ id: string; orderNumber: string; razorpayOrderId: string | null; amountPaise: number }> {
  const quantity = input.quantity ?? 2;
  const subtotal = 50_000 * quantity;
  const shipping = 5_000 + 5_000 * quantity;
  const amount = input.amountPaise ?? subtotal + shipping;
  const orderNumber = `RPTEST-${randomBytes(4).toString('hex').toUpperCase()}`;
  const createdAt = input.createdAt ?? new Date();
  const customer = { name: input.customerName ?? 'Asha Verma', email: input.customerEmail ?? `asha.${randomBytes(3).toString('hex')}@example.in`, phone: '9876543210' };
  const address = { flatNumber: '12B', street: 'Lodhi Road', area: 'Lodhi Colony', city: input.city ?? 'New Delhi', state: 'Delhi', pincode: '110003' };
  const razorpayOrderId = input.razorpayOrderId === undefined ? `order_${randomBytes(7).toString('hex').slice(0, 14)}` : input.razorpayOrderId;
  const row = await db
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      razorpay_order_id: razorpayOrderId,
      customer_name: customer.name,
      customer_email: customer.email,
      customer_phone: customer.phone,
      flat_number: address.flatNumber,
      street: address.street,
      area: address.area,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      subtotal_paise: subtotal,
      shipping_paise: shipping,
      amount_paise: amount,
      status: input.status ?? 'created',
      payment_status: input.paymentStatus ?? 'pending',
      search_text: buildSearchText({ orderNumber, name: customer.name, email: customer.email, phone: customer.phone, createdAt, address, itemNames: ['Royal Chicken Pickle'] }),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({ order_id: row.id, product_id: 1, name: 'Royal Chicken Pickle', quantity, unit_price_paise: 50_000, line_total_paise: subtotal })
    .execute();
  return { id: row.id, orderNumber, razorpayOrderId, amountPaise: amount };
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
