import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { eventually } from '@pickles/test-kit';
import { call, loginToken, startHarness as startAdminHarness, type Harness as AdminHarness } from '@pickles/admin-orders/test-helpers';
import { OWNER_EMAIL, startPurchaseHarness, type PurchaseHarness } from './harness.js';

/**
 * Money that lands where it should not is recorded, shown to the owner and e-mailed to
 * them once, and never confirmed to the shopper; refunds reach the order; unpaid orders expire; the
 * owner's bulk actions change exactly what they name. Real PostgreSQL, Redis, sandbox, SMTP catcher,
 * with the admin-orders app beside the purchase path.
 */
let h: PurchaseHarness;
let admin: AdminHarness;
let token: string;

beforeAll(async () => {
  h = await startPurchaseHarness();
  admin = await startAdminHarness();
  ({ token } = await loginToken(admin.app, admin.db));
});
afterAll(async () => {
  await admin?.close();
  await h?.close();
});


async function ownerSets(orderId: string, status: string) {
  const res = await call(admin.app, 'PATCH', `/api/admin/orders/${orderId}/status`, { token, body: { status } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function attentionFor(paymentId: string) {
  return h.db.selectFrom('payment_attention').selectAll().where('razorpay_payment_id', '=', paymentId).execute();
}

async function verifiedEvents(orderId: string) {
  const rows = await h.db.selectFrom('outbox_events').select('type').where(sql<string>`payload->'data'->>'orderId'`, '=', orderId).execute();
  return rows.filter((row) => row.type === 'payment.verified').length;
}

/** The owner's attention e-mails about one payment (their subject names the order, or "an unknown order"). */
function attentionEmails(paymentId: string) {
  return h.mail.store.list().filter((message) => message.subject.startsWith('Payment needs attention') && message.text.includes(paymentId));
}

async function expectOneAttention(paymentId: string, kind: string) {
  const items = await eventually(async () => {
    const rows = await attentionFor(paymentId);
    return rows.length ? rows : undefined;
  });
  expect(items.map((item) => item.kind)).toEqual([kind]);
  const emails = await eventually(async () => (attentionEmails(paymentId).length ? attentionEmails(paymentId) : undefined));
  await h.drained();
  expect(attentionEmails(paymentId)).toHaveLength(1);
  expect(emails[0]!.to).toEqual([OWNER_EMAIL]);
  // The owner sees it in the panel too.
  const panel = await call(admin.app, 'GET', '/api/admin/orders', { token });
  expect(panel.body.attention).toEqual(expect.arrayContaining([expect.objectContaining({ id: items[0]!.id, kind, razorpayPaymentId: paymentId })]));
  return items[0]!;
}

/** A failed attempt that Razorpay authorises (and, per the order's automatic capture, captures) later. */
async function failedThenLateCaptured(delayMs: number) {
  return h.withKnobs({ lateAuthorisation: true, lateAuthorisationDelayMs: delayMs }, { lateAuthorisation: false }, async () => {
    const order = await h.createOrder();
    const { paymentId } = await h.pay(order.razorpayOrderId);
    const row = await eventually(async () => {
      const current = await h.order(order.orderNumber);
      return current.payment_status === 'failed' ? current : undefined;
    });
    return { ...order, id: row.id, paymentId };
  });
}

describe('a capture that lands on an order nobody is waiting for', () => {
  it('a failed order the owner cancelled, then captured late: recorded, one owner e-mail, no confirmation', async () => {
    const order = await failedThenLateCaptured(1_500);
    await ownerSets(order.id, 'cancelled');
    const item = await expectOneAttention(order.paymentId, 'capture-on-closed-order');
    expect(item).toMatchObject({ order_id: order.id, order_number: order.orderNumber, amount_paise: order.amountPaise, resolved_at: null });
    const row = await h.order(order.orderNumber);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'paid', razorpay_payment_id: order.paymentId });
    expect(h.emailsFor(order.orderNumber).filter((email) => !email.to.includes(OWNER_EMAIL))).toEqual([]);
    expect(h.emailsFor(order.orderNumber).some((email) => email.subject.includes('confirmed'))).toBe(false);
    expect(await verifiedEvents(order.id)).toBe(0);
    // Money held on a cancelled order: Remove leaves it alone.
    const removed = await call(admin.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [order.id] } });
    expect(removed.body).toEqual({ success: true, removedCount: 0, refusedCount: 1 });
    // Resolved by the owner, it leaves the panel's list.
    const resolved = await call(admin.app, 'POST', `/api/admin/attention/${item.id}/resolve`, { token, body: {} });
    expect(resolved.body).toEqual({ success: true });
    const panel = await call(admin.app, 'GET', '/api/admin/orders', { token });
    expect(panel.body.attention.map((entry: { id: string }) => entry.id)).not.toContain(item.id);
    expect((await call(admin.app, 'POST', `/api/admin/attention/${item.id}/resolve`, { token, body: {} })).status).toBe(404);
  });

  it('a failed order the owner cancelled and removed, then captured late: matched to the archive, one owner e-mail', async () => {
    const order = await failedThenLateCaptured(2_000);
    await ownerSets(order.id, 'cancelled');
    const removed = await call(admin.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [order.id] } });
    expect(removed.body).toMatchObject({ removedCount: 1 });
    const item = await expectOneAttention(order.paymentId, 'capture-on-removed-order');
    expect(item).toMatchObject({ order_id: order.id, order_number: order.orderNumber, razorpay_order_id: order.razorpayOrderId, amount_paise: order.amountPaise });
    expect(h.mail.store.list().filter((email) => email.subject.includes('confirmed') && email.subject.includes(order.orderNumber))).toEqual([]);
    expect(await h.db.selectFrom('orders').select('id').where('id', '=', order.id).execute()).toEqual([]);
  });

  it('a capture for a Razorpay order the shop never made is recorded, not answered "unknown" and forgotten', async () => {
    const stranger = h.sandbox.state.createOrder({ amount: 99_900, currency: 'INR', receipt: 'not-ours', notes: {} });
    const { paymentId } = await h.pay(stranger.id);
    const item = await expectOneAttention(paymentId, 'capture-for-unknown-order');
    expect(item).toMatchObject({ order_id: null, razorpay_order_id: stranger.id, amount_paise: 99_900 });
  });

  it('a captured amount that differs from the order: recorded once however often it is delivered, never paid', async () => {
    h.setKnobs({ withholdWebhooks: true });
    const order = await h.createOrder();
    const { paymentId } = await h.pay(order.razorpayOrderId);
    h.setKnobs({ withholdWebhooks: false });
    const payment = { ...h.sandbox.state.getPayment(paymentId), amount: order.amountPaise - 100 };
    const tampered = { event: 'payment.captured' as const, contains: ['payment'], payload: { payment: { entity: payment } } };
    h.sandbox.state.webhooks.emit([tampered]);
    h.sandbox.state.webhooks.emit([tampered]);
    const item = await expectOneAttention(paymentId, 'amount-mismatch');
    expect(item).toMatchObject({ amount_paise: order.amountPaise - 100, expected_amount_paise: order.amountPaise });
    const row = await h.order(order.orderNumber);
    expect(row.payment_status).toBe('pending');
    expect(await verifiedEvents(row.id)).toBe(0);
    const recorded = await h.db.selectFrom('payments').select(['status', 'amount_paise']).where('razorpay_payment_id', '=', paymentId).executeTakeFirstOrThrow();
    expect(recorded).toEqual({ status: 'captured', amount_paise: order.amountPaise - 100 });
  });

  it('the reconciler never captures an authorised payment on an order the owner cancelled', async () => {
    await h.withKnobs({ withholdWebhooks: true }, { withholdWebhooks: false }, async () => {
      const order = await h.createOrder();
      await h.pay(order.razorpayOrderId, 'failed');
      await h.reconcile();
      const failed = await h.order(order.orderNumber);
      expect(failed.payment_status).toBe('failed');
      await ownerSets(failed.id, 'cancelled');
      // A second attempt is authorised but not captured (Razorpay would refund it after 3 days).
      const second = h.sandbox.state.attemptPayment({ orderId: order.razorpayOrderId, instrument: { method: 'card', cardNumber: '4100280000001007' }, forceOutcome: 'authorized' });
      const result = await h.reconcile();
      expect(result.checked).toBeGreaterThanOrEqual(0);
      expect(h.sandbox.state.getPayment(second.payment.id).status).toBe('authorized');
      const captures = h.sandbox.state.snapshot().requests.filter((r) => r.path.includes(`${second.payment.id}/capture`));
      expect(captures).toEqual([]);
      expect(await h.order(order.orderNumber)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    });
  });
});

describe('capture is what pays an order', () => {
  it('verify records an authorised payment without confirming it; the capture then pays it once', async () => {
    await h.withKnobs({ withholdWebhooks: true }, { withholdWebhooks: false }, async () => {
      const order = await h.createOrder();
      const attempt = h.sandbox.state.attemptPayment({ orderId: order.razorpayOrderId, instrument: { method: 'card', cardNumber: '4100280000001007' }, forceOutcome: 'authorized' });
      const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: attempt.payment.id, razorpay_signature: attempt.signature! });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, orderId: order.orderNumber, paymentId: attempt.payment.id });
      const row = await h.order(order.orderNumber);
      expect(row).toMatchObject({ status: 'created', payment_status: 'pending' });
      const payment = await h.db.selectFrom('payments').select('status').where('razorpay_payment_id', '=', attempt.payment.id).executeTakeFirstOrThrow();
      expect(payment.status).toBe('authorized');
      expect(await verifiedEvents(row.id)).toBe(0);
      // The order still awaits payment, so the reconciler captures it; then it is paid and confirmed once.
      const result = await h.reconcile();
      expect(result.paid).toBeGreaterThanOrEqual(1);
      expect(await h.order(order.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid', razorpay_payment_id: attempt.payment.id });
      const emails = await eventually(async () => (h.emailsFor(order.orderNumber).length >= 2 ? h.emailsFor(order.orderNumber) : undefined));
      expect(emails.filter((email) => email.subject.includes('is confirmed'))).toHaveLength(1);
    });
  });
});

describe('refunds made at Razorpay reach the order', () => {
  it('a partial refund is recorded with its amount and history; the rest makes the payment refunded; duplicates apply once', async () => {
    await h.withKnobs({ duplicateWebhooks: true }, { duplicateWebhooks: false }, async () => {
      const order = await h.createOrder();
      const { paymentId } = await h.pay(order.razorpayOrderId);
      const paid = await eventually(async () => {
        const row = await h.order(order.orderNumber);
        return row.payment_status === 'paid' ? row : undefined;
      });
      await h.razorpay.refundPayment(paymentId, { amountPaise: 20_000, idempotencyKey: `refund-${paymentId}-1` });
      const partial = await eventually(async () => {
        const row = await h.db.selectFrom('orders').select(['status', 'payment_status', 'refunded_paise']).where('id', '=', paid.id).executeTakeFirstOrThrow();
        return row.refunded_paise > 0 ? row : undefined;
      });
      await h.drained();
      expect(await h.db.selectFrom('orders').select(['status', 'payment_status', 'refunded_paise']).where('id', '=', paid.id).executeTakeFirstOrThrow()).toEqual({
        status: 'paid',
        payment_status: 'paid',
        refunded_paise: 20_000,
      });
      expect(partial.status).toBe('paid');
      const panel = await call(admin.app, 'GET', `/api/admin/orders?search=${order.orderNumber}`, { token });
      expect(panel.body.orders[0]).toMatchObject({ paymentStatus: 'paid', refundedAmount: 200 });

      await h.razorpay.refundPayment(paymentId, { idempotencyKey: `refund-${paymentId}-2` });
      await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'refunded');
      await h.drained();
      const row = await h.db.selectFrom('orders').select(['status', 'payment_status', 'refunded_paise']).where('id', '=', paid.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'paid', payment_status: 'refunded', refunded_paise: order.amountPaise });
      const history = await h.db.selectFrom('order_status_history').select(['to_payment_status', 'reason', 'changed_by']).where('order_id', '=', paid.id).orderBy('id').execute();
      const refunds = history.filter((entry) => entry.reason?.includes('refund'));
      expect(refunds.map((entry) => [entry.to_payment_status, entry.changed_by])).toEqual([
        ['paid', 'system:webhook'],
        ['refunded', 'system:webhook'],
      ]);
      expect(refunds[0]!.reason).toMatch(/^Partial refund of ₹200 processed \(rfnd_/);
      const stored = await h.db.selectFrom('refunds').select(['amount_paise', 'status']).where('order_id', '=', paid.id).orderBy('amount_paise').execute();
      expect(stored).toEqual([
        { amount_paise: 20_000, status: 'processed' },
        { amount_paise: order.amountPaise - 20_000, status: 'processed' },
      ]);
      const after = await call(admin.app, 'GET', `/api/admin/orders?search=${order.orderNumber}`, { token });
      expect(after.body.orders[0]).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.amountPaise / 100 });
    });
  });

  it('a failed refund is shown to the owner: the shopper has not got the money back', async () => {
    const order = await h.createOrder();
    const { paymentId } = await h.pay(order.razorpayOrderId);
    await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'paid');
    const payment = h.sandbox.state.getPayment(paymentId);
    // Test mode never fails a refund, so this is the event Razorpay sends when a bank refuses one.
    const refund = { id: 'rfnd_FailedRefund01', entity: 'refund', amount: 30_000, currency: 'INR', payment_id: paymentId, notes: {}, status: 'failed', created_at: 1 };
    h.sandbox.state.webhooks.emit([{ event: 'refund.failed', contains: ['refund', 'payment'], payload: { refund: { entity: refund }, payment: { entity: payment } } }]);
    const item = await expectOneAttention(paymentId, 'refund-failed');
    expect(item).toMatchObject({ amount_paise: 30_000, order_number: order.orderNumber });
    expect(await h.order(order.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });
});

describe('orders nobody pays expire and can be removed', () => {
  it('an unpaid order and a failed one are cancelled after the window; a paid one is never touched', async () => {
    await h.withKnobs({ withholdWebhooks: true }, { withholdWebhooks: false }, async () => {
      const unpaid = await h.createOrder();
      const failed = await h.createOrder();
      await h.pay(failed.razorpayOrderId, 'failed');
      const paid = await h.createOrder();
      await h.pay(paid.razorpayOrderId);
      // Within the window nothing expires.
      await h.reconcile({ expireAfterSeconds: 3600 });
      expect((await h.order(unpaid.orderNumber)).status).toBe('created');
      await h.db.updateTable('orders').set({ next_reconcile_at: null }).where('order_number', 'in', [unpaid.orderNumber, failed.orderNumber, paid.orderNumber]).execute();
      await h.reconcile({ expireAfterSeconds: 0 });
      expect(await h.order(unpaid.orderNumber)).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
      expect(await h.order(failed.orderNumber)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
      expect(await h.order(paid.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid' });
      const expiry = await h.db
        .selectFrom('order_status_history')
        .select(['from_status', 'to_status', 'changed_by', 'reason'])
        .where('order_id', '=', (await h.order(unpaid.orderNumber)).id)
        .where('changed_by', '=', 'system:expiry')
        .execute();
      expect(expiry).toEqual([{ from_status: 'created', to_status: 'cancelled', changed_by: 'system:expiry', reason: expect.stringMatching(/^expired/) }]);
      // No longer "unattended": the panel can remove them.
      const asOf = new Date(Date.now() + 60_000).toISOString();
      const ids = await call(admin.app, 'GET', `/api/admin/orders/ids?${new URLSearchParams({ removable: 'true', asOf })}`, { token });
      const expiredIds = [(await h.order(unpaid.orderNumber)).id, (await h.order(failed.orderNumber)).id];
      expect(ids.body.orderIds).toEqual(expect.arrayContaining(expiredIds));
      const removed = await call(admin.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: expiredIds } });
      expect(removed.body).toEqual({ success: true, removedCount: 2, refusedCount: 0 });
    });
  });
});
