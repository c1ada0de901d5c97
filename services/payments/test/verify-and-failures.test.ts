import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { signCheckout } from '@pickles/razorpay-client';
import { eventually } from '@pickles/test-kit';
import { expireUnpaidOrder } from '../src/domain/expire-order.js';
import { PAID_ON_CLOSED_ORDER } from '../src/handlers/verify-payment.js';
import { KEYS, startPaymentsHarness, type PaymentsHarness } from './harness.js';

let h: PaymentsHarness;
beforeAll(async () => {
  // Only what a test sends reaches the service: no webhook races the browser's calls.
  h = await startPaymentsHarness({ withholdWebhooks: true });
});
afterAll(async () => {
  await h.close();
});

async function outboxCount(orderNumber: string) {
  const order = await h.order(orderNumber);
  return (await h.db.selectFrom('outbox_events').select('id').where(sql<string>`payload->'data'->>'orderId'`, '=', order.id).execute()).length;
}

describe('verify-payment refuses what Razorpay did not sign', () => {
  it('a tampered signature leaves the order unpaid and emits nothing', async () => {
    const order = await h.createOrder();
    const payment = h.pay(order.razorpayOrderId);
    const flipped = (payment.signature![0] === 'a' ? 'b' : 'a') + payment.signature!.slice(1);
    const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: flipped });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Payment verification failed' });
    expect((await h.order(order.orderNumber)).payment_status).toBe('pending');
    expect(await outboxCount(order.orderNumber)).toBe(0);
  });

  it('a signature for another order is refused', async () => {
    const first = await h.createOrder();
    const second = await h.createOrder();
    const payment = h.pay(first.razorpayOrderId);
    const response = await h.verify({ razorpay_order_id: second.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
    expect(response.status).toBe(400);
    expect((await h.order(second.orderNumber)).payment_status).toBe('pending');
  });

  it('an unknown order answers 404', async () => {
    const response = await h.verify({ razorpay_order_id: 'order_Unknown0000000', razorpay_payment_id: 'pay_Unknown00000000', razorpay_signature: 'a'.repeat(64) });
    expect(response.status).toBe(404);
    expect(response.body.success).toBe(false);
  });

  it('a malformed body answers 400', async () => {
    const response = await h.verify({ razorpay_order_id: 'x', razorpay_payment_id: '', razorpay_signature: 'zz' } as never);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Payment verification failed');
  });
});

describe('verify asks Razorpay whether the payment was captured', () => {
  it('verify with Razorpay unreachable still answers the shopper; the reconciler records the capture soon after', async () => {
    const order = await h.createOrder();
    const payment = h.pay(order.razorpayOrderId);
    h.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
    h.setKnobs({ apiFailure: 'none' });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const row = await h.db.selectFrom('orders').select(['payment_status', 'next_reconcile_at']).where('order_number', '=', order.orderNumber).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe('pending');
    expect(new Date(row.next_reconcile_at!).getTime()).toBeLessThanOrEqual(Date.now());
    await h.reconcile();
    expect(await h.order(order.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('verify refuses a payment that belongs to another order, even with a valid signature for it', async () => {
    const mine = await h.createOrder();
    const other = await h.createOrder();
    const paid = h.pay(other.razorpayOrderId);
    // A signature over (my order | their payment) made with the key secret, as a leaked secret would allow.
    const forged = signCheckout(mine.razorpayOrderId, paid.paymentId, KEYS.keySecret);
    const response = await h.verify({ razorpay_order_id: mine.razorpayOrderId, razorpay_payment_id: paid.paymentId, razorpay_signature: forged });
    expect(response.status).toBe(400);
    expect((await h.order(mine.orderNumber)).payment_status).toBe('pending');
  });
});

describe('a payment captured on an order that was already closed', () => {
  it('verify answers the same 409 whether the browser comes first or after the webhook recorded the capture', async () => {
    for (const browserFirst of [true, false]) {
      const order = await h.createOrder();
      expect(await expireUnpaidOrder(h.db, order.id, 'expired: unpaid for the test')).toBe(true);
      const payment = h.pay(order.razorpayOrderId);
      if (!browserFirst) {
        h.sandbox.state.webhooks.release();
        await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'paid');
      }
      const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
      expect(response.status, browserFirst ? 'browser first' : 'webhook first').toBe(409);
      expect(response.body).toEqual({ success: false, error: PAID_ON_CLOSED_ORDER });
      expect(await h.order(order.orderNumber)).toMatchObject({ status: 'cancelled', payment_status: 'paid', razorpay_payment_id: payment.paymentId });
      const attention = await h.db.selectFrom('payment_attention').select('kind').where('order_id', '=', order.id).execute();
      expect(attention).toEqual([{ kind: 'capture-on-closed-order' }]);
      const events = await h.db.selectFrom('outbox_events').select('type').where(sql<string>`payload->'data'->>'orderId'`, '=', order.id).execute();
      expect(events.map((event) => event.type)).toEqual(['payment.attention-raised']);
    }
  });
});

describe('payment-failed never moves a paid order backwards', () => {
  it('a failure report after the payment was verified changes nothing', async () => {
    const order = await h.createOrder();
    const payment = h.pay(order.razorpayOrderId);
    await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
    const response = await h.reportFailure({ razorpay_order_id: order.razorpayOrderId, error: { description: 'Card declined' } });
    expect(response.status).toBe(200);
    const row = await h.order(order.orderNumber);
    expect(row).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('a failure report on a pending order marks it failed with the reason', async () => {
    const order = await h.createOrder();
    const response = await h.reportFailure({
      razorpay_order_id: order.razorpayOrderId,
      razorpay_payment_id: 'pay_FailedPay000001',
      error: { code: 'BAD_REQUEST_ERROR', description: 'Your payment could not be completed due to insufficient funds.' },
    });
    expect(response.status).toBe(200);
    const row = await h.db.selectFrom('orders').select(['status', 'payment_status', 'failure_reason']).where('order_number', '=', order.orderNumber).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', payment_status: 'failed', failure_reason: 'Your payment could not be completed due to insufficient funds.' });
  });
});

describe('the webhook refuses what Razorpay did not sign', () => {
  it('a body with a wrong signature is refused and changes nothing', async () => {
    const order = await h.createOrder();
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_X',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: { payment: { entity: { id: 'pay_Forged00000001', order_id: order.razorpayOrderId, amount: order.amountPaise, currency: 'INR', status: 'captured', captured: true, notes: [] } } },
      created_at: 1,
    });
    const signature = createHmac('sha256', 'not-the-webhook-secret').update(body).digest('hex');
    const response = await fetch(`${h.payments.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_Forged0000001' },
      body,
    });
    expect(response.status).toBe(400);
    expect((await h.order(order.orderNumber)).payment_status).toBe('pending');
    const recorded = await h.db.selectFrom('processed_webhook_events').select('event_id').where('event_id', '=', 'evt_Forged0000001').execute();
    expect(recorded).toHaveLength(0);
  });
});

describe('the browser\'s payment calls are rate-limited per client', () => {
  it('verify and failure reports over the limit get 429 with Retry-After; the webhook never does', async () => {
    const limited = await startPaymentsHarness({ withholdWebhooks: true }, { perClientPerMinute: 3 });
    try {
      const order = await limited.createOrder();
      const body = { razorpay_order_id: order.razorpayOrderId, error: { description: 'Card declined' } };
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limited.reportFailure(body));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers[3]!.body).toEqual({ success: false, error: 'Too many payment requests from this connection. Please wait a minute and try again.' });
      const verify = await limited.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: 'pay_ABCDEFGHIJKLMN', razorpay_signature: 'a'.repeat(64) });
      expect(verify.status).toBe(429);
      // Razorpay's webhooks go through whatever the browser did.
      const paid = limited.pay(order.razorpayOrderId);
      limited.sandbox.state.webhooks.release();
      await eventually(async () => (await limited.order(order.orderNumber)).payment_status === 'paid');
      expect((await limited.order(order.orderNumber)).razorpay_payment_id).toBe(paid.paymentId);
    } finally {
      await limited.close();
    }
  });
});
