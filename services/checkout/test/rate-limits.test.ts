import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '@pickles/test-kit';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

/** create-order costs a Razorpay order and an order row: it is limited per client and per e-mail. */
let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness({}, { perClientPerMinute: 4, perEmailPerHour: 2 });
});
afterAll(async () => {
  await h.close();
});

/** The orders of one shopper (every payload has an e-mail of its own): other files' orders share the database. */
const ordersOf = async (payload: { customerInfo: { email: string } }) =>
  Number((await h.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('customer_email', '=', payload.customerInfo.email).executeTakeFirstOrThrow()).n);
const from = (ip: string, body: unknown) => postJson(`${h.checkout.url}/api/payment/create-order`, body, { 'idempotency-key': randomUUID(), 'x-forwarded-for': ip });

describe('create-order rate limits', () => {
  it('refuses a client over its limit with 429, Retry-After and a readable error, storing nothing', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 4; i++) expect((await from(ip, orderPayload(1))).status).toBe(201);
    const payload = orderPayload(1);
    const refused = await from(ip, payload);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many orders from this connection. Please wait a minute and try again.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ordersOf(payload)).toBe(0);
    // Another shopper is not affected.
    expect((await from('198.51.100.8', orderPayload(1))).status).toBe(201);
  });

  it('refuses a third order for one e-mail address within the hour, whatever the connection', async () => {
    const email = `limit.${randomUUID().slice(0, 8)}@example.in`;
    expect((await from('198.51.100.20', orderPayload(1, email))).status).toBe(201);
    expect((await from('198.51.100.21', orderPayload(1, email.toUpperCase()))).status).toBe(201);
    const refused = await from('198.51.100.22', orderPayload(1, email));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many orders for this e-mail address. Please try again later.');
  });
});
