import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { ATTENTION_TEXT } from '@pickles/shared';
import { STOCK_MESSAGES } from '@pickles/shared/stock';
import { eventually, orderPayload, type OwnDatabase, type RunningApp, useOwnDatabase } from '@pickles/test-kit';
import { releaseLapsedHoldsOnce } from '@pickles/payments/stock-holds';
import { OWNER_EMAIL, startShopBehindGateway, type PurchaseHarness } from './harness.js';

/**
 * The shop sells only what this week's batch holds. Fifty shoppers race for the
 * last ten jars through the gateway, with the real checkout, payments, Razorpay sandbox (webhooks
 * included), notifications and mail catcher: exactly ten are paid, the forty others are told the
 * pickle sold out before they pay, and the stock never goes below zero. Jars a failed payment, a
 * lapsed hold or an expired order held go back on sale. This file sets the batch of the catalogue's
 * own product, so it has a database of its own.
 */
let h: PurchaseHarness;
let database: OwnDatabase;
let gateway: RunningApp;
let token: string;
let closeShop: () => Promise<void>;
const CHICKEN_SOLD_OUT = 'Royal Chicken Pickle sold out before you paid (next batch on 7 Dec 2026). Please remove it from your cart.';

beforeAll(async () => {
  database = await useOwnDatabase();
  ({ h, gateway, token, close: closeShop } = await startShopBehindGateway('last-jars'));
}, 60_000);

afterAll(async () => {
  await closeShop?.();
  await database?.release();
});

/** A call through the gateway, as the browser makes it. */
async function api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway.url}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
const asOwner = () => ({ authorization: `Bearer ${token}` });

/** The owner's batch settings, saved in the admin panel. */
async function ownerSetsBatch(batchJars: number, newBatch = false) {
  const res = await api('PUT', '/api/admin/stock/1', { state: 'on-sale', batchJars, nextBatchDate: '2026-12-07', newBatch }, asOwner());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function chickenStock() {
  const res = await api('GET', '/api/admin/stock', undefined, asOwner());
  const { batchJars, reserved, sold, left } = res.body.products.find((product: { productId: number }) => product.productId === 1);
  return { batchJars, reserved, sold, left };
}
const chickenOnShelf = async () => (await api('GET', '/api/catalogue/availability')).body.products[0];

/** A shopper's checkout: one jar, through the gateway. */
const checkout = (email = `shopper.${randomUUID().slice(0, 8)}@example.in`) => api('POST', '/api/payment/create-order', orderPayload(1, email), { 'idempotency-key': randomUUID() });

/** The shopper pays in Razorpay Checkout and the browser reports it, through the gateway. */
async function payAndVerify(razorpayOrderId: string, outcome: 'captured' | 'failed' = 'captured') {
  const attempt = h.sandbox.state.attemptPayment({ orderId: razorpayOrderId, instrument: { method: 'card', cardNumber: '4100280000001007' }, forceOutcome: outcome });
  const report =
    outcome === 'captured'
      ? await api('POST', '/api/payment/verify-payment', { razorpay_order_id: razorpayOrderId, razorpay_payment_id: attempt.payment.id, razorpay_signature: attempt.signature })
      : await api('POST', '/api/payment/payment-failed', { razorpay_order_id: razorpayOrderId, razorpay_payment_id: attempt.payment.id, error: { description: attempt.error?.description } });
  return { paymentId: attempt.payment.id, report };
}

const confirmations = (orderNumber: string) => h.emailsFor(orderNumber).filter((email) => !email.to.includes(OWNER_EMAIL) && email.subject.includes('confirmed'));
const stockRow = () => h.db.selectFrom('product_stock').selectAll().where('product_id', '=', 1).executeTakeFirstOrThrow();

describe('the last jars of the batch', () => {
  it('fifty shoppers race for the last ten jars: ten are paid, forty are told it sold out before paying, nothing goes negative', async () => {
    // This week's batch: the last ten jars.
    await ownerSetsBatch(10, true);
    expect(await chickenOnShelf()).toEqual({ productId: 1, state: 'on-sale', left: 10, nextBatchDate: '2026-12-07' });
    const razorpayOrdersBefore = h.sandbox.state.orders.size;

    const shoppers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const placed = await checkout();
        if (placed.status !== 201) return { placed };
        const paid = await payAndVerify(placed.body.razorpayOrderId);
        return { placed, paid };
      }),
    );
    const winners = shoppers.filter((shopper) => shopper.placed.status === 201);
    const refused = shoppers.filter((shopper) => shopper.placed.status !== 201);
    expect(winners).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const { placed } of refused) expect(placed).toEqual({ status: 409, body: { success: false, error: CHICKEN_SOLD_OUT } });
    expect(CHICKEN_SOLD_OUT).toBe(STOCK_MESSAGES.refused('Royal Chicken Pickle', { productId: 1, state: 'sold-out', left: 0, nextBatchDate: '2026-12-07' }));
    // The forty left nothing behind: no order, no jar. Those who passed the look before Razorpay
    // while the last jars were still going (create-order asks Razorpay before the statement that
    // reserves) left a Razorpay order that nobody was shown and nobody paid.
    expect(Number((await h.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(10);
    const winnerRazorpayOrders = new Set(winners.map(({ placed }) => placed.body.razorpayOrderId as string));
    const strays = [...h.sandbox.state.orders.values()].slice(razorpayOrdersBefore).filter((order) => !winnerRazorpayOrders.has(order.id));
    expect(strays.length).toBeLessThan(40);
    for (const stray of strays) expect(stray.status).toBe('created');
    expect(JSON.stringify(refused)).not.toMatch(/order_/);

    for (const { paid } of winners) expect(paid!.report.status).toBe(200);
    const numbers = winners.map(({ placed }) => placed.body.orderId as string);
    await eventually(async () => (await Promise.all(numbers.map(h.order))).every((order) => order.payment_status === 'paid' && order.status === 'paid'), 15_000);
    await eventually(async () => numbers.every((number) => confirmations(number).length === 1), 15_000);
    await h.drained();
    for (const number of numbers) expect(confirmations(number)).toHaveLength(1);

    expect(await chickenStock()).toEqual({ batchJars: 10, reserved: 0, sold: 10, left: 0 });
    expect(await chickenOnShelf()).toEqual({ productId: 1, state: 'sold-out', left: 0, nextBatchDate: '2026-12-07' });
    const orders = await h.db.selectFrom('orders').select(['stock_state']).execute();
    expect(orders.map((order) => order.stock_state)).toEqual(Array(10).fill('sold'));
    expect(await h.db.selectFrom('payment_attention').select('id').execute()).toEqual([]);
  }, 90_000);

  it("a failed payment's jar goes to the next shopper; the first shopper's retry captured after that is paid, not confirmed, and the owner is told", async () => {
    // The next batch: one jar.
    await ownerSetsBatch(1, true);
    const first = await checkout();
    expect(first.status).toBe(201);
    expect((await checkout()).body.error).toBe(CHICKEN_SOLD_OUT);

    const failed = await payAndVerify(first.body.razorpayOrderId, 'failed');
    expect(failed.report.body).toMatchObject({ success: true, status: 'failed' });
    expect(await chickenOnShelf()).toEqual({ productId: 1, state: 'on-sale', left: 1, nextBatchDate: '2026-12-07' });

    const second = await checkout();
    expect(second.status).toBe(201);
    expect((await payAndVerify(second.body.razorpayOrderId)).report.status).toBe(200);
    await eventually(async () => confirmations(second.body.orderId).length === 1);

    // The first shopper tries again in the Razorpay window, and this time it is captured.
    // Verify and the webhook race: whichever settles it, the shopper is not told it is confirmed.
    const retry = await payAndVerify(first.body.razorpayOrderId);
    expect(retry.report.status).toBe(409);
    expect(retry.report.body.error).toMatch(/^Your payment was received, but the last jars of this batch were sold/);
    const late = await eventually(async () => {
      const order = await h.order(first.body.orderId);
      return order.payment_status === 'paid' ? order : undefined;
    });
    expect(late).toMatchObject({ status: 'paid', payment_status: 'paid', razorpay_payment_id: retry.paymentId });

    // The owner's e-mail and the panel's attention list say what happened and what to do.
    const attentionEmail = await eventually(async () =>
      h.mail.store.list().find((email) => email.subject.startsWith('Payment needs attention') && email.text.includes(retry.paymentId)),
    );
    expect(attentionEmail.to).toEqual([OWNER_EMAIL]);
    expect(attentionEmail.text).toContain(ATTENTION_TEXT['capture-without-stock']);
    const panel = await api('GET', '/api/admin/orders', undefined, asOwner());
    expect(panel.body.attention).toEqual([
      expect.objectContaining({ kind: 'capture-without-stock', message: ATTENTION_TEXT['capture-without-stock'], orderId: first.body.orderId, razorpayPaymentId: retry.paymentId }),
    ]);
    await h.drained();
    expect(confirmations(first.body.orderId)).toEqual([]);
    expect(h.mail.store.list().filter((email) => email.subject.startsWith('Payment needs attention'))).toHaveLength(1);
    expect(await chickenStock()).toEqual({ batchJars: 1, reserved: 0, sold: 1, left: 0 });
    const row = await stockRow();
    expect(row.reserved).toBeGreaterThanOrEqual(0);
    expect(row.sold).toBeLessThanOrEqual(row.batch_jars!);
  }, 60_000);

  it('jars held by an order unpaid past the hold, or by an expired one, go back on sale', async () => {
    await ownerSetsBatch(2, true);
    const walkedAway = await checkout();
    const expiring = await checkout();
    expect([walkedAway.status, expiring.status]).toEqual([201, 201]);
    expect((await checkout()).body.error).toBe(CHICKEN_SOLD_OUT);

    // Placed 31 minutes ago, an hour ago: past the 30-minute hold, and (for this pass) past expiry.
    const backdate = (orderNumber: string, minutes: number) =>
      h.db.updateTable('orders').set({ created_at: sql`now() - make_interval(mins => ${minutes})` }).where('order_number', '=', orderNumber).execute();
    await backdate(walkedAway.body.orderId, 31);
    await backdate(expiring.body.orderId, 61);
    const result = await h.reconcile({ expireAfterSeconds: 45 * 60 });
    expect(result.expired).toBe(1);
    expect(await h.order(expiring.body.orderId)).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
    expect(await chickenOnShelf()).toMatchObject({ state: 'on-sale', left: 1 });
    expect(await releaseLapsedHoldsOnce(h.db, { holdMinutes: 30 })).toBe(1);
    expect(await chickenOnShelf()).toMatchObject({ state: 'on-sale', left: 2 });
    expect(await chickenStock()).toEqual({ batchJars: 2, reserved: 0, sold: 0, left: 2 });

    // Two new shoppers get them.
    for (let i = 0; i < 2; i++) {
      const placed = await checkout();
      expect(placed.status).toBe(201);
      expect((await payAndVerify(placed.body.razorpayOrderId)).report.status).toBe(200);
    }
    expect(await chickenStock()).toEqual({ batchJars: 2, reserved: 0, sold: 2, left: 0 });
  }, 60_000);
});
