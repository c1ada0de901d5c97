import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseJars, reserveJars, setBatch, sql } from '@pickles/db';
import { ATTENTION_TEXT } from '@pickles/shared';
import { expireUnpaidOrder } from '../src/domain/expire-order.js';
import { PAID_WITHOUT_STOCK } from '../src/handlers/verify-payment.js';
import { confirmShortOrdersOnce, releaseLapsedHoldsOnce } from '../src/reconcile/stock-holds.js';
import { startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * The batch stock follows the payment. A paid order sells the jars it reserved; a failed
 * or expired one gives them back; an unpaid one gives them back after STOCK_HOLD_MINUTES, and a
 * payment captured after that takes them back, or (none left) is paid but not confirmed and alerts
 * the owner. This file sets product 1's batch, so it has a database of its own.
 */
let h: PaymentsHarness;
const HOLD_MINUTES = 30;

beforeAll(async () => {
  // Only what a test sends reaches the service: no webhook races the browser's calls.
  h = await startPaymentsHarness({ withholdWebhooks: true }, {}, { ownDatabase: true });
});
afterAll(async () => {
  await h?.close();
});

/** Each test starts with a batch of `jars` chicken pickles and no order holding any. */
async function batchOf(jars: number) {
  const holding = await h.db.selectFrom('orders').select('id').where('stock_state', '=', 'reserved').execute();
  for (const order of holding) await h.db.transaction().execute((trx) => releaseJars(trx, order.id));
  const result = await h.db.transaction().execute((trx) => setBatch(trx, 1, { state: 'on-sale', batchJars: jars, nextBatchDate: null, newBatch: true }, 'owner'));
  expect(result.ok).toBe(true);
}
beforeEach(() => batchOf(10));

/** An order of one jar, placed as checkout places it: stored with its jar reserved. */
async function placeOrder() {
  const order = await h.createOrder();
  const reserved = await h.db.transaction().execute((trx) => reserveJars(trx, order.id, [{ productId: 1, quantity: 1 }]));
  if (!reserved.ok) throw new Error('no jar left to place the order');
  return order;
}

const stock = async () => h.db.selectFrom('product_stock').select(['batch_jars', 'reserved', 'sold']).where('product_id', '=', 1).executeTakeFirstOrThrow();
const stockState = async (orderId: string) => (await h.db.selectFrom('orders').select('stock_state').where('id', '=', orderId).executeTakeFirstOrThrow()).stock_state;
const events = async (orderId: string) =>
  (await h.db.selectFrom('outbox_events').select('type').where(sql<string>`payload->'data'->>'orderId'`, '=', orderId).execute()).map((row) => row.type).sort();
const invoices = async (orderId: string) => (await h.db.selectFrom('tax_documents').select('number').where('order_id', '=', orderId).execute()).length;

/** The shopper pays and their browser reports it (verify-payment). */
async function payAndVerify(order: { razorpayOrderId: string }) {
  const payment = h.pay(order.razorpayOrderId);
  const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
  return { ...payment, response };
}

/** The hold has run out for this order: it was placed more than STOCK_HOLD_MINUTES ago. */
async function placedLongAgo(orderId: string) {
  await h.db
    .updateTable('orders')
    .set({ created_at: sql`now() - make_interval(mins => ${HOLD_MINUTES + 1})` })
    .where('id', '=', orderId)
    .execute();
}

describe('the jars follow the payment', () => {
  it('a paid order sells the jar it reserved, confirmed and invoiced as before', async () => {
    const order = await placeOrder();
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 1, sold: 0 });
    const { response } = await payAndVerify(order);
    expect(response.status).toBe(200);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 1 });
    expect(await stockState(order.id)).toBe('sold');
    expect(await events(order.id)).toEqual(['payment.verified']);
    expect(await invoices(order.id)).toBe(1);
  });

  it("a failed payment gives the order's jar back for the next shopper", async () => {
    await batchOf(1);
    const order = await placeOrder();
    const payment = h.pay(order.razorpayOrderId, 'failed');
    const report = await h.reportFailure({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, error: { description: 'Card declined' } });
    expect(report.body).toMatchObject({ success: true, status: 'failed' });
    expect(await stock()).toEqual({ batch_jars: 1, reserved: 0, sold: 0 });
    expect(await stockState(order.id)).toBe('released');
    // The next shopper gets the last jar.
    const next = await placeOrder();
    expect((await payAndVerify(next)).response.status).toBe(200);
    expect(await stock()).toEqual({ batch_jars: 1, reserved: 0, sold: 1 });
  });

  it("an expired order's jar goes back to the batch", async () => {
    const order = await placeOrder();
    expect(await expireUnpaidOrder(h.db, order.id, 'expired: unpaid 96 hours after it was placed')).toBe(true);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 0 });
    expect(await stockState(order.id)).toBe('released');
  });
});

describe(`the hold: an unpaid order keeps its jars ${HOLD_MINUTES} minutes`, () => {
  it('gives back only the jars of orders unpaid past the hold; a later capture takes them back', async () => {
    const walkedAway = await placeOrder();
    const stillPaying = await placeOrder();
    const paid = await placeOrder();
    await placedLongAgo(walkedAway.id);
    await placedLongAgo(paid.id);
    await payAndVerify(paid);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 2, sold: 1 });

    expect(await releaseLapsedHoldsOnce(h.db, { holdMinutes: HOLD_MINUTES })).toBe(1);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 1, sold: 1 });
    expect([await stockState(walkedAway.id), await stockState(stillPaying.id), await stockState(paid.id)]).toEqual(['released', 'reserved', 'sold']);
    // Nothing more the second time.
    expect(await releaseLapsedHoldsOnce(h.db, { holdMinutes: HOLD_MINUTES })).toBe(0);

    // The shopper who walked away pays after all: the batch still has jars, so theirs come back.
    const { response } = await payAndVerify(walkedAway);
    expect(response.status).toBe(200);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 1, sold: 2 });
    expect(await stockState(walkedAway.id)).toBe('sold');
    expect(await events(walkedAway.id)).toEqual(['payment.verified']);
  });

  it("keeps the jars of an order whose payment link is open, and gives them back once the link has closed", async () => {
    const phoned = await placeOrder();
    await placedLongAgo(phoned.id);
    const link = async (status: 'created' | 'expired', expiresAt: Date) =>
      h.db.updateTable('orders').set({ payment_link_id: `plink_${phoned.id.slice(0, 8)}`, payment_link_url: 'https://rzp.io/i/x', payment_link_status: status, payment_link_expires_at: expiresAt }).where('id', '=', phoned.id).execute();
    await link('created', new Date(Date.now() + 3_600_000));
    expect(await releaseLapsedHoldsOnce(h.db, { holdMinutes: HOLD_MINUTES })).toBe(0);
    expect(await stockState(phoned.id)).toBe('reserved');
    await link('expired', new Date(Date.now() - 1_000));
    expect(await releaseLapsedHoldsOnce(h.db, { holdMinutes: HOLD_MINUTES })).toBe(1);
    expect(await stockState(phoned.id)).toBe('released');
  });

  it('a capture after the hold, with the batch sold out meanwhile: paid, not confirmed, the owner alerted, stock never negative', async () => {
    await batchOf(1);
    const late = await placeOrder();
    await placedLongAgo(late.id);
    await releaseLapsedHoldsOnce(h.db, { holdMinutes: HOLD_MINUTES });
    // Another shopper takes the jar that went back, and pays.
    const quick = await placeOrder();
    expect((await payAndVerify(quick)).response.status).toBe(200);
    expect(await stock()).toEqual({ batch_jars: 1, reserved: 0, sold: 1 });

    const { paymentId, signature, response } = await payAndVerify(late);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: PAID_WITHOUT_STOCK });
    // The money is real: the order is paid. But it is not confirmed and has no invoice.
    expect(await h.order(late.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid', razorpay_payment_id: paymentId });
    expect(await stockState(late.id)).toBe('short');
    expect(await events(late.id)).toEqual(['payment.attention-raised']);
    expect(await invoices(late.id)).toBe(0);
    const attention = await h.db.selectFrom('payment_attention').selectAll().where('order_id', '=', late.id).execute();
    expect(attention).toMatchObject([{ kind: 'capture-without-stock', razorpay_payment_id: paymentId, amount_paise: late.amountPaise, resolved_at: null }]);
    expect(attention[0]!.detail).toContain(ATTENTION_TEXT['capture-without-stock']);
    expect(await stock()).toEqual({ batch_jars: 1, reserved: 0, sold: 1 });

    // The same capture seen again (the browser again, the reconciler, a redelivered webhook): the
    // same answer, nothing more raised.
    const again = await h.verify({ razorpay_order_id: late.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature! });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(PAID_WITHOUT_STOCK);
    await h.reconcile();
    expect(await events(late.id)).toEqual(['payment.attention-raised']);
    expect(await h.db.selectFrom('payment_attention').select('id').where('order_id', '=', late.id).execute()).toHaveLength(1);
    expect(await stock()).toEqual({ batch_jars: 1, reserved: 0, sold: 1 });

    // While the batch has no jar, the stock loop leaves it short.
    expect(await confirmShortOrdersOnce(h.db)).toEqual([]);
    // The owner finds a jar (a bigger batch on the Stock page): the order takes it and is
    // confirmed and invoiced, once.
    await h.db.transaction().execute((trx) => setBatch(trx, 1, { state: 'on-sale', batchJars: 2, nextBatchDate: null, newBatch: false }, 'owner'));
    expect(await confirmShortOrdersOnce(h.db)).toEqual([late.id]);
    expect(await stockState(late.id)).toBe('sold');
    expect(await stock()).toEqual({ batch_jars: 2, reserved: 0, sold: 2 });
    expect(await events(late.id)).toEqual(['payment.attention-raised', 'payment.verified']);
    expect(await invoices(late.id)).toBe(1);
    expect(await confirmShortOrdersOnce(h.db)).toEqual([]);
    expect(await events(late.id)).toEqual(['payment.attention-raised', 'payment.verified']);
  });

  it('a short order the owner cancelled is never confirmed, whatever the batch holds later', async () => {
    await batchOf(1);
    const late = await placeOrder();
    await placedLongAgo(late.id);
    await releaseLapsedHoldsOnce(h.db, { holdMinutes: HOLD_MINUTES });
    expect((await payAndVerify(await placeOrder())).response.status).toBe(200);
    expect((await payAndVerify(late)).response.status).toBe(409);
    expect(await stockState(late.id)).toBe('short');

    await h.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', late.id).execute();
    await h.db.transaction().execute((trx) => setBatch(trx, 1, { state: 'on-sale', batchJars: 5, nextBatchDate: null, newBatch: false }, 'owner'));
    expect(await confirmShortOrdersOnce(h.db)).toEqual([]);
    expect(await events(late.id)).toEqual(['payment.attention-raised']);
    expect(await invoices(late.id)).toBe(0);
  });
});
