import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJson } from '@pickles/test-kit';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

// The order numbers the next checkouts draw, ahead of the random ones: a number another order took.
const drawn = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('../src/domain/order-number.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/domain/order-number.js')>();
  return { newOrderNumber: (now?: Date) => drawn.next.shift() ?? actual.newOrderNumber(now) };
});

let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness();
});
afterAll(async () => {
  await h.close();
});

/** The orders of one checkout's shopper (every payload has an e-mail of its own): other files' orders share the database. */
const ordersOf = async (payload: { customerInfo: { email: string } }) =>
  Number((await h.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('customer_email', '=', payload.customerInfo.email).executeTakeFirstOrThrow()).n);
const createOrder = (body: unknown, key: string = randomUUID()) => h.createOrder(body, key);
const reservedJars = async () => (await h.db.selectFrom('product_stock').select('reserved').where('product_id', '=', 1).executeTakeFirstOrThrow()).reserved;

describe('POST /api/payment/create-order', () => {
  it('stores the order priced by the server and answers with its Razorpay order', async () => {
    const payload = orderPayload(3);
    const response = await createOrder(payload);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, keyId: 'rzp_test_Checkout00000001', amount: 170_000, currency: 'INR', razorpayOrderId: expect.stringMatching(/^order_/) });
    const order = await h.db.selectFrom('orders').selectAll().where('razorpay_order_id', '=', response.body.razorpayOrderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount_paise: 170_000, subtotal_paise: 150_000, shipping_paise: 20_000, status: 'created', payment_status: 'pending', city: 'Bengaluru', order_number: response.body.orderId });
    const items = await h.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(items).toMatchObject([{ product_id: 1, quantity: 3, unit_price_paise: 50_000, line_total_paise: 150_000 }]);
    const razorpayOrder = await h.razorpay.fetchOrder(response.body.razorpayOrderId);
    expect(razorpayOrder).toMatchObject({ amount: 170_000, currency: 'INR', receipt: order.order_number, notes: { shop_order_id: order.id } });
  });

  it("makes the delivery promise for the pincode's zone, stores the zone and answers the promise from the order's day in India", async () => {
    const delhi = { ...orderPayload(1), deliveryAddress: { flatNumber: 'B-12', street: 'Press Enclave Marg', area: 'Saket', city: 'Delhi', state: 'Delhi', pincode: '110017' } };
    const answers = { delhi: await createOrder(delhi), bengaluru: await createOrder(orderPayload(1)) };
    for (const [place, zone, courierDays] of [['delhi', 'local', [2, 4]], ['bengaluru', 'national', [7, 10]]] as const) {
      const response = answers[place];
      expect(response.status).toBe(201);
      const order = await h.db.selectFrom('orders').select(['delivery_zone', 'created_at']).where('order_number', '=', response.body.orderId).executeTakeFirstOrThrow();
      expect(order.delivery_zone).toBe(zone);
      const day = new Date(new Date(order.created_at).getTime() + 330 * 60_000).toISOString().slice(0, 10);
      const plus = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      expect(response.body.deliveryPromise).toEqual({ zone, from: day, earliest: plus(7 + courierDays[0]), latest: plus(10 + courierDays[1]), processingDays: [7, 10], courierDays: [...courierDays] });
    }
  });

  it('draws another order number when the one drawn is taken, and its Razorpay order carries the number kept', async () => {
    const earlier = await createOrder(orderPayload(1));
    expect(earlier.status).toBe(201);
    drawn.next.push(earlier.body.orderId, earlier.body.orderId);
    const payload = orderPayload(2);
    const [asked, jarsBefore] = [h.razorpayOrdersAsked(), await reservedJars()];
    const response = await createOrder(payload);
    expect(response.status).toBe(201);
    expect(response.body.orderId).not.toBe(earlier.body.orderId);
    expect(await ordersOf(payload)).toBe(1);
    expect(await reservedJars()).toBe(jarsBefore + 2);
    // One Razorpay order a draw: the number is the receipt.
    expect(h.razorpayOrdersAsked() - asked).toBe(3);
    const razorpayOrder = await h.razorpay.fetchOrder(response.body.razorpayOrderId);
    expect(razorpayOrder.receipt).toBe(response.body.orderId);
    expect((await h.db.selectFrom('orders').select('razorpay_order_id').where('order_number', '=', response.body.orderId).executeTakeFirstOrThrow()).razorpay_order_id).toBe(response.body.razorpayOrderId);
  });

  it('three taken order numbers in a row: a 500, nothing stored and the jars left on sale', async () => {
    const earlier = await createOrder(orderPayload(1));
    drawn.next.push(earlier.body.orderId, earlier.body.orderId, earlier.body.orderId);
    const payload = orderPayload(2);
    const jarsBefore = await reservedJars();
    const response = await createOrder(payload);
    expect(response.status).toBe(500);
    expect(response.body.success).toBe(false);
    expect(await ordersOf(payload)).toBe(0);
    expect(await reservedJars()).toBe(jarsBefore);
    expect(drawn.next).toEqual([]);
  });

  it('answers the same Razorpay order for a retried or double-clicked checkout, storing one order', async () => {
    const key = randomUUID();
    const payload = orderPayload(1);
    const [first, second] = await Promise.all([createOrder(payload, key), createOrder(payload, key)]);
    const third = await createOrder(payload, key);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body.razorpayOrderId).toBe(first.body.razorpayOrderId);
    expect(third.body.razorpayOrderId).toBe(first.body.razorpayOrderId);
    expect(await ordersOf(payload)).toBe(1);
  });

  it('refuses a reused checkout key for a different cart', async () => {
    const key = randomUUID();
    expect((await createOrder(orderPayload(1), key)).status).toBe(201);
    const response = await createOrder(orderPayload(2), key);
    expect(response.status).toBe(409);
    expect(response.body.success).toBe(false);
  });

  const tampered: [string, (payload: ReturnType<typeof orderPayload>) => unknown, RegExp][] = [
    ['a total lower than the catalogue price', (p) => ({ ...p, amount: 1 }), /total does not match/],
    ['a cheaper unit price', (p) => ({ ...p, items: [{ ...p.items[0], price: 1, total: 2 }] }), /^The price of Royal Chicken Pickle is now ₹500 \(your cart had ₹1\)\. Please review your cart\.$/],
    ['an unknown product', (p) => ({ ...p, items: [{ ...p.items[0], itemId: 99 }] }), /not in our catalogue/],
    ['a zero quantity', (p) => ({ ...p, items: [{ ...p.items[0], quantity: 0 }] }), /Quantity must be at least 1/],
    ['a silly quantity', (p) => ({ ...p, items: [{ ...p.items[0], quantity: 5000 }] }), /At most 50 jars/],
    ['an empty cart', (p) => ({ ...p, items: [] }), /cart is empty/],
    ['a bad phone number', (p) => ({ ...p, customerInfo: { ...p.customerInfo, phone: '12345' } }), /Valid 10-digit phone number required/],
    ['a phone number no Indian mobile starts with', (p) => ({ ...p, customerInfo: { ...p.customerInfo, phone: '5876543210' } }), /Valid 10-digit phone number required/],
    ['a blank name', (p) => ({ ...p, customerInfo: { ...p.customerInfo, name: '   ' } }), /Name is required/],
    ['a bad pincode', (p) => ({ ...p, deliveryAddress: { ...p.deliveryAddress, pincode: '1100' } }), /Valid 6-digit pincode required/],
  ];

  it.each(tampered)('refuses %s with a clear 400 and stores nothing', async (_name, tamper, message) => {
    const payload = orderPayload(2);
    const response = await createOrder(tamper(payload));
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error).toMatch(message);
    expect(await ordersOf(payload)).toBe(0);
  });

  it('lists every invalid field of the form', async () => {
    const response = await createOrder({ ...orderPayload(1), customerInfo: { name: '', email: 'nope', phone: '1' } });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({
      'customerInfo.name': 'Name is required',
      'customerInfo.email': 'Valid email required',
      'customerInfo.phone': 'Valid 10-digit phone number required',
    });
  });

  it('refuses malformed JSON', async () => {
    const response = await postJson(`${h.checkout.url}/api/payment/create-order`, '{"amount":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Malformed JSON body' });
  });

  it('retries a Razorpay server error once by itself, without creating a second Razorpay order', async () => {
    h.setKnobs({ apiFailure: 'server_error', apiFailureCount: 1 });
    const response = await createOrder(orderPayload(1));
    expect(response.status).toBe(201);
    const receipt = response.body.orderId;
    const sameReceipt = h.sandbox.state.snapshot().orders.filter((order: { receipt: string | null }) => order.receipt === receipt);
    expect(sameReceipt).toHaveLength(1);
  });

  it('stores nothing when Razorpay keeps failing, and the retry with the same key stores the order once', async () => {
    const jarsBefore = await reservedJars();
    // Razorpay keeps failing through the client's own retries.
    h.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    const key = randomUUID();
    const payload = orderPayload(1);
    const failed = await createOrder(payload, key);
    h.setKnobs({ apiFailure: 'none' });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/payment provider/);
    // Nothing stored and no jar held: nobody could pay it, and nothing is left to expire.
    expect(await ordersOf(payload)).toBe(0);
    expect(await reservedJars()).toBe(jarsBefore);
    const retried = await createOrder(payload, key);
    expect(retried.status).toBe(201);
    const stored = await h.db.selectFrom('orders').select(['order_number', 'razorpay_order_id', 'status']).where('checkout_key', '=', key).executeTakeFirstOrThrow();
    expect(stored).toEqual({ order_number: retried.body.orderId, razorpay_order_id: retried.body.razorpayOrderId, status: 'created' });
    expect(await ordersOf(payload)).toBe(1);
    expect(await reservedJars()).toBe(jarsBefore + 1);
  });

  it('gives an order stored without a Razorpay order (by an earlier version of the shop) one when its checkout is retried', async () => {
    const key = randomUUID();
    const payload = orderPayload(2);
    const first = await createOrder(payload, key);
    await h.db.updateTable('orders').set({ razorpay_order_id: null }).where('checkout_key', '=', key).execute();
    const retried = await createOrder(payload, key);
    expect(retried.status).toBe(201);
    expect(retried.body.orderId).toBe(first.body.orderId);
    expect(retried.body.razorpayOrderId).not.toBe(first.body.razorpayOrderId);
    const stored = await h.db.selectFrom('orders').select('razorpay_order_id').where('checkout_key', '=', key).executeTakeFirstOrThrow();
    expect(stored.razorpay_order_id).toBe(retried.body.razorpayOrderId);
    expect(await h.razorpay.fetchOrder(retried.body.razorpayOrderId)).toMatchObject({ amount: retried.body.amount, receipt: first.body.orderId });
  });

  it('creates every Razorpay order with automatic capture, whatever the account setting', async () => {
    h.setKnobs({ autoCapture: false });
    try {
      const response = await createOrder(orderPayload(1));
      const attempt = h.sandbox.state.attemptPayment({ orderId: response.body.razorpayOrderId, instrument: { method: 'card', cardNumber: '4100280000001007' } });
      expect(attempt.payment.status).toBe('captured');
    } finally {
      h.setKnobs({ autoCapture: true });
    }
  });
});
