import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseJars, setBatch } from '@pickles/db';
import { createTestDatabase, postJson, type TestDatabase } from '@pickles/test-kit';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

/**
 * Batch stock: create-order sells only what this week's batch holds. The jars are reserved with the
 * order, all or nothing, and a cart the batch cannot supply is refused before the shopper pays,
 * with nothing stored. This file sets the catalogue's own batches, so it has a database of its own:
 * the run's other files keep ordering product 1 without a limit.
 */
let h: CheckoutHarness;
/** The same shop with the caps on jars held unpaid that a live shop has (HELD_JARS_PER_CLIENT 30, HELD_JARS_PER_CONTACT 20). */
let capped: CheckoutHarness;
let database: TestDatabase;
const sharedDatabaseUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  h = await startCheckoutHarness();
  capped = await startCheckoutHarness({}, { heldJars: { perClient: 30, perContact: 20, holdMinutes: 15 } });
  process.env.DATABASE_URL = sharedDatabaseUrl;
});
afterAll(async () => {
  await h?.close();
  await capped?.close();
  await database?.drop();
});

// Each test starts from empty batches: the jars earlier tests' unpaid orders hold go back, as
// when their holds run out.
beforeEach(async () => {
  const holding = await h.db.selectFrom('orders').select('id').where('stock_state', '=', 'reserved').execute();
  for (const order of holding) await h.db.transaction().execute((trx) => releaseJars(trx, order.id));
});

const CHICKEN = 1;
const KOFTA = 2;

/** The owner's batch settings, as the admin panel saves them. */
async function stock(productId: number, batchJars: number | null, { state = 'on-sale' as 'on-sale' | 'coming-soon', nextBatchDate = null as string | null, newBatch = true } = {}) {
  const result = await h.db.transaction().execute((trx) => setBatch(trx, productId, { state, batchJars, nextBatchDate, newBatch }, 'owner'));
  if (!result.ok) throw new Error(`batch refused: ${result.committed} committed`);
}

const figures = async (productId: number) =>
  h.db.selectFrom('product_stock').select(['batch_jars', 'reserved', 'sold']).where('product_id', '=', productId).executeTakeFirstOrThrow();
const counts = async () => ({
  orders: Number((await h.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  items: Number((await h.db.selectFrom('order_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  razorpayOrders: h.sandbox.state.orders.size,
});

/** A cart of both products (the kofta at its catalogue price of ₹1,000). */
function mixedCart(chicken: number, kofta: number) {
  const base = orderPayload(chicken);
  const subtotal = 500 * chicken + 1000 * kofta;
  return {
    ...base,
    amount: subtotal + 50 + 50 * (chicken + kofta),
    items: [...base.items, { itemId: KOFTA, name: 'Shahi Mutton Kofta Pickle', quantity: kofta, price: 1000, total: 1000 * kofta }],
  };
}
const koftaOnly = (quantity: number) => {
  const cart = mixedCart(1, quantity);
  return { ...cart, amount: cart.amount - 500 - 50, items: cart.items.slice(1) };
};

async function availability() {
  const response = await fetch(`${h.checkout.url}/api/catalogue/availability`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as any };
}

describe('create-order reserves the batch', () => {
  it('refuses a sold-out product with 409 before payment, storing nothing and creating no Razorpay order', async () => {
    await stock(CHICKEN, 3, { nextBatchDate: '2026-11-30' });
    expect((await h.createOrder(orderPayload(3))).status).toBe(201);
    const before = await counts();
    const response = await h.createOrder(orderPayload(1));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      success: false,
      error: 'Royal Chicken Pickle sold out before you paid (next batch on 30 Nov 2026). Please remove it from your cart.',
    });
    expect(await counts()).toEqual(before);
    expect(await figures(CHICKEN)).toEqual({ batch_jars: 3, reserved: 3, sold: 0 });
  });

  it('refuses more jars than are left, saying how many, and takes exactly what is left', async () => {
    await stock(CHICKEN, 5);
    expect((await h.createOrder(orderPayload(3))).status).toBe(201);
    const tooMany = await h.createOrder(orderPayload(3));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('Only 2 jars of Royal Chicken Pickle are left. Please reduce the quantity in your cart.');
    const rest = await h.createOrder(orderPayload(2));
    expect(rest.status).toBe(201);
    const order = await h.db.selectFrom('orders').select(['stock_state', 'status']).where('order_number', '=', rest.body.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ stock_state: 'reserved', status: 'created' });
    expect(await figures(CHICKEN)).toEqual({ batch_jars: 5, reserved: 5, sold: 0 });
  });

  it('names every product the batch cannot supply, and reserves none of the cart', async () => {
    await stock(CHICKEN, 1);
    await stock(KOFTA, null, { state: 'coming-soon' });
    const before = await counts();
    const response = await h.createOrder(mixedCart(2, 1));
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(
      'Only 1 jar of Royal Chicken Pickle is left. Please reduce the quantity in your cart. Shahi Mutton Kofta Pickle is not on sale yet. Please remove it from your cart.',
    );
    expect(await counts()).toEqual(before);
    expect(await figures(CHICKEN)).toEqual({ batch_jars: 1, reserved: 0, sold: 0 });
  });

  it('lets the run-time state decide: the coming-soon kofta is refused until the owner launches it', async () => {
    await stock(KOFTA, null, { state: 'coming-soon' });
    const refused = await h.createOrder(koftaOnly(1));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Shahi Mutton Kofta Pickle is not on sale yet. Please remove it from your cart.');
    // Launched by the owner, with no build: the catalogue's coming_soon flag no longer refuses it.
    await stock(KOFTA, 20);
    const accepted = await h.createOrder(koftaOnly(2));
    expect(accepted.status).toBe(201);
    expect(accepted.body.amount).toBe(215_000);
    expect(await figures(KOFTA)).toEqual({ batch_jars: 20, reserved: 2, sold: 0 });
  });

  it('reserves once for a retried or double-clicked checkout', async () => {
    await stock(CHICKEN, 10);
    const key = randomUUID();
    const payload = orderPayload(2);
    const [first, second] = await Promise.all([h.createOrder(payload, key), h.createOrder(payload, key)]);
    const third = await h.createOrder(payload, key);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(new Set([first.body.orderId, second.body.orderId, third.body.orderId]).size).toBe(1);
    expect(await figures(CHICKEN)).toEqual({ batch_jars: 10, reserved: 2, sold: 0 });
  });

  it('counts jars without refusing anything when the owner set no limit', async () => {
    await stock(CHICKEN, null);
    for (let i = 0; i < 3; i++) expect((await h.createOrder(orderPayload(50))).status).toBe(201);
    expect(await figures(CHICKEN)).toMatchObject({ batch_jars: null, reserved: 150 });
  });
});

describe('jars held without paying', () => {
  /** A create-order of `jars` chicken pickles from `client`, as a shopper with their own e-mail and phone (unless given). */
  const order = (client: string, jars: number, contact: { email?: string; phone?: string } = {}) => {
    const body = orderPayload(jars, contact.email);
    if (contact.phone) body.customerInfo.phone = contact.phone;
    return postJson(`${capped.checkout.url}/api/payment/create-order`, body, { 'idempotency-key': randomUUID(), 'x-forwarded-for': client });
  };
  const phone = (n: number) => `98${String(n).padStart(8, '0')}`;

  it('one client cannot take a 100-jar batch: it holds at most its cap, and other shoppers still buy', async () => {
    await stock(CHICKEN, 100);
    const hoarder = '203.0.113.50';
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await order(hoarder, 10, { phone: phone(100 + i) })).status);
    expect(answers).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await order(hoarder, 5, { phone: phone(199) });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^This connection already holds 30 jar\(s\) in unpaid orders; one shopper may hold at most 30\. Pay for them, or try again in \d+ minute\(s\), when unpaid jars go back on sale\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await figures(CHICKEN)).toEqual({ batch_jars: 100, reserved: 30, sold: 0 });
    // Everyone else shops on.
    expect((await order('198.51.100.60', 2, { phone: phone(198) })).status).toBe(201);
    expect((await capped.db.selectFrom('product_stock').select(['reserved']).where('product_id', '=', CHICKEN).executeTakeFirstOrThrow()).reserved).toBe(32);
  });

  it('an e-mail or a phone holds at most its cap across connections; one order over it is refused outright', async () => {
    await stock(CHICKEN, 100);
    const email = `hoarder.${randomUUID().slice(0, 8)}@example.in`;
    expect((await order('203.0.113.61', 10, { email, phone: phone(201) })).status).toBe(201);
    expect((await order('203.0.113.62', 10, { email, phone: phone(202) })).status).toBe(201);
    const third = await order('203.0.113.63', 1, { email, phone: phone(203) });
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^This e-mail address already holds 20 jar/);
    const samePhone = phone(204);
    expect((await order('203.0.113.64', 15, { phone: samePhone })).status).toBe(201);
    expect((await order('203.0.113.65', 6, { phone: samePhone })).body.error).toMatch(/^This phone number already holds 15 jar/);
    const big = await order('203.0.113.66', 25, { phone: phone(205) });
    expect(big.status).toBe(429);
    expect(big.body.error).toBe('An order of 25 jars is more than one shopper may hold before paying (20). Please order fewer, or write to us for a larger order.');
  });

  it('a checkout that made no order gives its count back; a retried one counts once', async () => {
    await stock(CHICKEN, 100);
    const client = '203.0.113.70';
    capped.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    for (let i = 0; i < 4; i++) expect((await order(client, 10, { phone: phone(300 + i) })).status).toBe(502);
    capped.setKnobs({ apiFailure: 'none' });
    const body = orderPayload(10);
    body.customerInfo.phone = phone(320);
    const key = randomUUID();
    for (let i = 0; i < 3; i++) expect((await postJson(`${capped.checkout.url}/api/payment/create-order`, body, { 'idempotency-key': key, 'x-forwarded-for': client })).status).toBe(201);
    expect((await order(client, 20, { phone: phone(321) })).status).toBe(201);
    expect((await order(client, 1, { phone: phone(322) })).status).toBe(429);
  });

  it('tells the browser how long Checkout may stay open for the order', async () => {
    await stock(CHICKEN, 100);
    const placed = await order('203.0.113.80', 1, { phone: phone(400) });
    expect(placed.body.paymentWindowSeconds).toBe(600);
  });
});

describe('GET /api/catalogue/availability', () => {
  it("answers every product's state and jars left, live and never cached", async () => {
    await stock(CHICKEN, 4, { nextBatchDate: '2026-12-07' });
    await stock(KOFTA, null, { state: 'coming-soon', nextBatchDate: '2026-12-14' });
    const fresh = await availability();
    expect(fresh.status).toBe(200);
    expect(fresh.cacheControl).toBe('no-store');
    expect(fresh.body).toEqual({
      success: true,
      asOf: expect.any(String),
      products: [
        { productId: CHICKEN, state: 'on-sale', left: 4, nextBatchDate: '2026-12-07' },
        { productId: KOFTA, state: 'coming-soon', left: 0, nextBatchDate: '2026-12-14' },
      ],
    });
    expect((await h.createOrder(orderPayload(3))).status).toBe(201);
    expect((await availability()).body.products[0]).toEqual({ productId: CHICKEN, state: 'on-sale', left: 1, nextBatchDate: '2026-12-07' });
    expect((await h.createOrder(orderPayload(1))).status).toBe(201);
    expect((await availability()).body.products[0]).toEqual({ productId: CHICKEN, state: 'sold-out', left: 0, nextBatchDate: '2026-12-07' });
    await stock(CHICKEN, null);
    expect((await availability()).body.products[0]).toEqual({ productId: CHICKEN, state: 'on-sale', left: null, nextBatchDate: null });
  });
});
