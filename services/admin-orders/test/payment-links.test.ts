import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountCode, sql } from '@pickles/db';
import { createRazorpayClient } from '@pickles/razorpay-client';
import { createSandbox, type Sandbox } from '@pickles/razorpay-sandbox';
import { orderPayload, startApp, type RunningApp } from '@pickles/test-kit';
import { call, insertOrder, loginToken, startHarness, type Harness } from './helpers.js';

/**
 * Decision 032: the owner's New order (priced by the server, placed as a checkout order, its payment
 * link made once and e-mailed once) and "Send a payment link" for an unpaid order.
 */
const KEYS = { keyId: 'rzp_test_AdminLinks000001', keySecret: 'admin_links_secret_0123', webhookSecret: 'admin_links_webhook_0123' };
let h: Harness;
let token: string;
let sandbox: Sandbox;
let sandboxApp: RunningApp;
beforeAll(async () => {
  sandbox = createSandbox({ ...KEYS, knobs: { withholdWebhooks: true } });
  sandboxApp = await startApp(sandbox.app);
  const razorpay = createRazorpayClient({ ...KEYS, apiBaseUrl: sandboxApp.url, timeoutMs: 3_000 });
  h = await startHarness({ paymentLinks: { razorpay, shopUrl: 'https://shop.example.in', expiryHours: 72 } });
  ({ token } = await loginToken(h.app, h.db));
});
afterAll(async () => {
  await h?.close();
  await sandbox?.close();
  await sandboxApp?.close();
});

function phoneOrder(over: Record<string, unknown> = {}) {
  const { customerInfo, deliveryAddress } = orderPayload(2);
  return { customerInfo: { ...customerInfo, phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` }, deliveryAddress, items: [{ itemId: 1, quantity: 3 }], ...over };
}

const post = (body: unknown, key: string = randomUUID()) => call(h.app, 'POST', '/api/admin/phone-orders', { token, body, headers: { 'idempotency-key': key } });
const links = () => sandbox.state.snapshot().payment_links as unknown as { id: string; amount: number; reference_id: string; notes: Record<string, string> }[];
const outboxLinkEvents = async (orderId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from outbox_events where type = 'order.changed' and payload->'data'->>'orderId' = ${orderId} and payload->'data'->>'kind' = 'payment-link'`.execute(h.db)).rows[0]!.n;

async function newCode(percent: number): Promise<string> {
  const code = `PHONE${randomUUID().slice(0, 6).toUpperCase()}`;
  await createDiscountCode(h.db, { code, kind: 'percent', percent, amountPaise: null, minOrderPaise: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerShopper: null, active: true }, 'test');
  return code;
}

describe('New order (phone and WhatsApp)', () => {
  it('prices the order on the server, discount included, places it awaiting payment and makes one link for its total', async () => {
    const code = await newCode(10);
    // 3 jars of ₹500 = ₹1,500, shipping ₹200, 10% off the goods ₹150: ₹1,550. Whatever the browser might think.
    const response = await post(phoneOrder({ discountCode: code.toLowerCase(), amount: 1, items: [{ itemId: 1, quantity: 3, price: 1 }] }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ success: true, amount: 1550, discount: { code, amount: 150 }, created: true, paymentLink: { status: 'created' } });
    expect(response.body.paymentLink.url).toMatch(/\/i\//);
    const order = await h.db.selectFrom('orders').selectAll().where('id', '=', response.body._id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'created', payment_status: 'pending', amount_paise: 155_000, discount_code: code, stock_state: 'reserved', payment_link_id: response.body.paymentLink.id, payment_link_status: 'created' });
    expect(order.razorpay_order_id).toMatch(/^order_/);
    const link = links().find((l) => l.id === response.body.paymentLink.id)!;
    expect(link).toMatchObject({ amount: 155_000, reference_id: order.order_number, notes: { payment_link_for: order.id } });
    expect(await outboxLinkEvents(order.id)).toBe(1);
  });

  it('answers a repeated request with the same order and link, made and e-mailed once', async () => {
    const body = phoneOrder();
    const key = randomUUID();
    const before = links().length;
    const [first, second] = await Promise.all([post(body, key), post(body, key)]);
    const third = await post(body, key);
    const answers = [first, second, third];
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201].sort());
    expect(new Set(answers.map((a) => a.body.paymentLink.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect(links().length).toBe(before + 1);
    expect(await outboxLinkEvents(first.body._id)).toBe(1);
  });

  it.each([
    ['no items', { items: [] }, 'items'],
    ['a bad phone', { customerInfo: { name: 'Asha', email: 'asha@example.in', phone: '12345' } }, 'customerInfo.phone'],
    ['a pincode in another state', { deliveryAddress: { flatNumber: '1', street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Kerala', pincode: '560038' } }, 'state'],
    ['an unknown product', { items: [{ itemId: 999_999, quantity: 1 }] }, 'items.0.itemId'],
  ])('refuses %s with a 400 and changes nothing', async (_label, change, field) => {
    const linksBefore = links().length;
    const body = phoneOrder(change);
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error).toEqual(expect.any(String));
    expect(Object.keys(response.body.fields ?? {})).toContain(field);
    // No order for this shopper (counted by the shopper: a count of the whole table also sees what other work adds meanwhile).
    expect(await h.db.selectFrom('orders').select('id').where('customer_email', '=', body.customerInfo.email).where('customer_phone', '=', body.customerInfo.phone).execute()).toEqual([]);
    expect(links().length).toBe(linksBefore);
  });

  it('refuses a discount code that does not exist (409) and needs the admin token (401)', async () => {
    const refused = await post(phoneOrder({ discountCode: 'NOSUCHCODE' }));
    expect(refused.status).toBe(409);
    expect(refused.body.fields.discountCode).toEqual(expect.any(String));
    const anonymous = await call(h.app, 'POST', '/api/admin/phone-orders', { body: phoneOrder(), headers: { 'idempotency-key': randomUUID() } });
    expect(anonymous.status).toBe(401);
    const keyless = await call(h.app, 'POST', '/api/admin/phone-orders', { token, body: phoneOrder() });
    expect(keyless.status).toBe(400);
  });
});

describe('Send a payment link', () => {
  it("makes a link for a failed order's stored total, e-mails it once, and answers an open link again", async () => {
    const seeded = await insertOrder(h.db, { status: 'failed', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null });
    const first = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: true, amount: seeded.amountPaise / 100, paymentLink: { status: 'created' } });
    const again = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    expect(again.body).toMatchObject({ created: false, paymentLink: { id: first.body.paymentLink.id } });
    expect(await outboxLinkEvents(seeded.id)).toBe(1);
    const detail = await call(h.app, 'GET', `/api/admin/orders/${seeded.id}`, { token });
    expect(detail.body.paymentLink).toMatchObject({ id: first.body.paymentLink.id, status: 'created' });
  });

  it('makes a new link (a new reference) once the last one expired', async () => {
    const seeded = await insertOrder(h.db, { status: 'failed', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null });
    const first = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    await h.db.updateTable('orders').set({ payment_link_status: 'expired' }).where('id', '=', seeded.id).execute();
    const second = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    expect(second.body.created).toBe(true);
    expect(second.body.paymentLink.id).not.toBe(first.body.paymentLink.id);
    expect(links().find((l) => l.id === second.body.paymentLink.id)?.reference_id).toBe(`${seeded.orderNumber}-2`);
    expect(await outboxLinkEvents(seeded.id)).toBe(2);
  });

  it('cancels an open link at Razorpay and on the order; a second cancel is refused, and a new link may follow', async () => {
    const seeded = await insertOrder(h.db, { status: 'failed', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null });
    const first = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    const cancelled = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link/cancel`, { token, body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.paymentLink).toMatchObject({ id: first.body.paymentLink.id, status: 'cancelled' });
    expect(links().find((l) => l.id === first.body.paymentLink.id)).toMatchObject({ status: 'cancelled' });
    const again = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link/cancel`, { token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'The payment link is already cancelled' });
    const order = await h.db.selectFrom('orders').select(['status', 'payment_status', 'payment_link_status']).where('id', '=', seeded.id).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'failed', payment_status: 'failed', payment_link_status: 'cancelled' });
    const next = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    expect(next.body).toMatchObject({ created: true, paymentLink: { status: 'created' } });
  });

  it('refuses to cancel a link Razorpay has expired meanwhile, and records that it expired', async () => {
    const seeded = await insertOrder(h.db, { status: 'failed', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null });
    const first = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    sandbox.state.paymentLinks.expireNow(first.body.paymentLink.id);
    const refused = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link/cancel`, { token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The payment link is already expired');
    const order = await h.db.selectFrom('orders').select(['payment_link_status']).where('id', '=', seeded.id).executeTakeFirstOrThrow();
    expect(order.payment_link_status).toBe('expired');
  });

  it('refuses a paid order (409) and changes nothing', async () => {
    const seeded = await insertOrder(h.db, {});
    const response = await call(h.app, 'POST', `/api/admin/orders/${seeded.id}/payment-link`, { token, body: {} });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: 'This order is already paid: it needs no payment link' });
    const order = await h.db.selectFrom('orders').select(['payment_link_id']).where('id', '=', seeded.id).executeTakeFirstOrThrow();
    expect(order.payment_link_id).toBeNull();
  });
});
