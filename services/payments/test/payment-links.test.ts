import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { createLogger } from '@pickles/service-kit';
import { eventually } from '@pickles/test-kit';
import { expireUnpaidOnce } from '../src/reconcile/reconciler.js';
import { KEYS, startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * Decision 032: a payment made on one of the owner's payment links (on the link's own Razorpay
 * order) settles the shop's order through the one settle path; payment_link.* webhooks record the
 * link's status; a capture after the link closed is money for the owner to look at.
 */
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({}, {}, { ownDatabase: true });
});
afterAll(async () => {
  await h?.close();
});

/** An order awaiting payment with a link as admin-orders stores it. */
async function orderWithLink() {
  const order = await h.createOrder();
  const link = await h.razorpay.createPaymentLink({
    amountPaise: order.amountPaise,
    referenceId: order.orderNumber,
    notes: { shop_order_id: order.id, order_number: order.orderNumber, payment_link_for: order.id },
  });
  await h.db
    .updateTable('orders')
    .set({ payment_link_id: link.id, payment_link_url: link.short_url, payment_link_status: 'created', payment_link_count: 1 })
    .where('id', '=', order.id)
    .execute();
  return { ...order, linkId: link.id };
}

const row = (id: string) => h.db.selectFrom('orders').select(['status', 'payment_status', 'razorpay_payment_id', 'payment_link_status', 'stock_state']).where('id', '=', id).executeTakeFirstOrThrow();
const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(h.db)).rows[0]!.n;
const verifiedEvents = (orderId: string) => count(sql<{ n: number }>`select count(*)::int as n from outbox_events where type = 'payment.verified' and payload->'data'->>'orderId' = ${orderId}`);
const invoices = (orderId: string) => count(sql<{ n: number }>`select count(*)::int as n from tax_documents where order_id = ${orderId} and kind = 'invoice'`);

/** Pays the link as its hosted page does: its order made when paying starts, a card captured. */
function payLink(linkId: string, lateAuthorisation = false) {
  const link = h.sandbox.state.paymentLinks.get(linkId);
  const orderId = h.sandbox.state.paymentLinks.orderFor(link);
  return h.sandbox.state.attemptPayment({ orderId, instrument: { method: 'card', cardNumber: '4100280000001007' }, forceOutcome: 'captured', lateAuthorisation });
}

describe('payment link webhooks', () => {
  it('a paid link pays its order once: confirmed, invoiced, the link paid', async () => {
    const order = await orderWithLink();
    const paid = payLink(order.linkId);
    await eventually(async () => (await row(order.id)).payment_link_status === 'paid');
    expect(await row(order.id)).toMatchObject({ status: 'paid', payment_status: 'paid', razorpay_payment_id: paid.payment.id, payment_link_status: 'paid' });
    expect(await verifiedEvents(order.id)).toBe(1);
    expect(await invoices(order.id)).toBe(1);
    const attention = await count(sql<{ n: number }>`select count(*)::int as n from payment_attention where razorpay_payment_id = ${paid.payment.id}`);
    expect(attention).toBe(0);
  });

  it("sends the shopper back from the hosted page to /payment-success only with Razorpay's signature", async () => {
    const order = await orderWithLink();
    const paid = payLink(order.linkId);
    const link = h.sandbox.state.paymentLinks.get(order.linkId);
    const query = h.sandbox.state.paymentLinks.callbackFor(link, paid.payment.id, KEYS.keySecret)!;
    const open = (params: Record<string, string>) => fetch(`${h.payments.url}/api/payment/link-callback?${new URLSearchParams(params).toString()}`, { redirect: 'manual' });
    const genuine = await open({ ...query });
    expect(genuine.status).toBe(303);
    expect(genuine.headers.get('location')).toBe(`/payment-success?order=${order.orderNumber}&payment=${paid.payment.id}`);
    const forged = await open({ ...query, razorpay_signature: '0'.repeat(64) });
    expect(forged.headers.get('location')).toBe('/payment-failed');
  });

  it('an expired or cancelled link leaves the order unpaid and says so', async () => {
    const expiring = await orderWithLink();
    h.sandbox.state.paymentLinks.expireNow(expiring.linkId);
    await eventually(async () => (await row(expiring.id)).payment_link_status === 'expired');
    expect(await row(expiring.id)).toMatchObject({ status: 'created', payment_status: 'pending' });

    const cancelling = await orderWithLink();
    await h.razorpay.cancelPaymentLink(cancelling.linkId);
    await eventually(async () => (await row(cancelling.id)).payment_link_status === 'cancelled');
    expect(await row(cancelling.id)).toMatchObject({ status: 'created', payment_status: 'pending' });
    expect(await verifiedEvents(expiring.id)).toBe(0);
  });

  it("a link paid while every webhook was lost: the reconciler finds the payment on the link's own Razorpay order and pays the order once", async () => {
    h.setKnobs({ withholdWebhooks: true });
    try {
      const order = await orderWithLink();
      const paid = payLink(order.linkId);
      // The order's own Razorpay order has no payment: only the link's has.
      expect(await row(order.id)).toMatchObject({ status: 'created', payment_status: 'pending' });
      const result = await h.reconcile();
      expect(result.paid).toBeGreaterThanOrEqual(1);
      expect(await row(order.id)).toMatchObject({ status: 'paid', payment_status: 'paid', razorpay_payment_id: paid.payment.id });
      expect(await verifiedEvents(order.id)).toBe(1);
      expect(await invoices(order.id)).toBe(1);
      // The lost webhooks arrive after all: nothing more happens.
      h.sandbox.state.webhooks.release();
      await eventually(async () => (await row(order.id)).payment_link_status === 'paid');
      expect(await verifiedEvents(order.id)).toBe(1);
      expect(await invoices(order.id)).toBe(1);
    } finally {
      h.setKnobs({ withholdWebhooks: false });
    }
  });

  it('an order older than the expiry is not closed while its link takes payments, and is once the link has expired', async () => {
    const order = await orderWithLink();
    await h.db
      .updateTable('orders')
      .set({ created_at: sql<Date>`now() - interval '5 days'`, payment_link_expires_at: sql<Date>`now() + interval '1 day'`, next_reconcile_at: null })
      .where('id', '=', order.id)
      .execute();
    const expire = () => expireUnpaidOnce({ db: h.db, razorpay: h.razorpay, logger: createLogger('expiry-test', 'silent'), relay: { nudge: () => {} } }, { expireAfterSeconds: 4 * 86_400, batchSize: 500 });
    await expire();
    expect(await row(order.id)).toMatchObject({ status: 'created', payment_status: 'pending' });
    // The link expires (its webhook records it): the next expiry pass closes the order.
    h.sandbox.state.paymentLinks.expireNow(order.linkId);
    await eventually(async () => (await row(order.id)).payment_link_status === 'expired');
    await h.db.updateTable('orders').set({ payment_link_expires_at: sql<Date>`now() - interval '1 minute'`, next_reconcile_at: null }).where('id', '=', order.id).execute();
    await expire();
    expect((await row(order.id)).status).toBe('cancelled');
  });

  it('a capture landing after the link expired is recorded for the owner, never confirmed', async () => {
    h.setKnobs({ lateAuthorisationDelayMs: 300 });
    const order = await orderWithLink();
    const attempt = payLink(order.linkId, true);
    h.sandbox.state.paymentLinks.expireNow(order.linkId);
    await eventually(async () => (await row(order.id)).payment_link_status === 'expired');
    const item = await eventually(() => h.db.selectFrom('payment_attention').selectAll().where('razorpay_payment_id', '=', attempt.payment.id).executeTakeFirst(), 10_000);
    expect(item).toMatchObject({ kind: 'capture-on-closed-payment-link', order_id: order.id, order_number: order.orderNumber, amount_paise: order.amountPaise });
    // The owner is e-mailed about it once.
    const alerts = await count(sql<{ n: number }>`select count(*)::int as n from outbox_events where type = 'payment.attention-raised' and payload->'data'->>'razorpayPaymentId' = ${attempt.payment.id}`);
    expect(alerts).toBe(1);
    // The late authorisation's first answer was a failure (while the link was open): the order failed, and stays unpaid.
    expect(await row(order.id)).toMatchObject({ status: 'failed', payment_status: 'failed', razorpay_payment_id: null });
    expect(await verifiedEvents(order.id)).toBe(0);
  });
});
