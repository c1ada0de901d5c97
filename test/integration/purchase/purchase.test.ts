import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { PAYMENT_VERIFIED } from '@pickles/shared';
import { eventually } from '@pickles/test-kit';
import { OWNER_EMAIL, startPurchaseHarness, type PurchaseHarness } from './harness.js';

/**
 * The shop's invariant, under the faults Razorpay shops actually see: once Razorpay has captured a
 * payment, the order ends paid exactly once and exactly one confirmation and one owner alert go out.
 */
let h: PurchaseHarness;

beforeAll(async () => {
  h = await startPurchaseHarness();
});
afterAll(async () => {
  await h.close();
});

async function expectPaidOnceWithOneEmailEach(orderNumber: string) {
  const order = await eventually(async () => {
    const row = await h.order(orderNumber);
    return row.payment_status === 'paid' ? row : undefined;
  });
  expect(order.status).toBe('paid');
  expect(order.paid_at).not.toBeNull();
  const emails = await eventually(async () => (h.emailsFor(orderNumber).length >= 2 ? h.emailsFor(orderNumber) : undefined));
  // Every redelivery has had its chance to duplicate by now.
  await h.drained();
  expect(h.emailsFor(orderNumber)).toHaveLength(2);
  const confirmation = emails.find((email) => !email.to.includes(OWNER_EMAIL));
  const alert = emails.find((email) => email.to.includes(OWNER_EMAIL));
  expect(confirmation?.subject).toBe(`Your Royal Pickles order ${orderNumber} is confirmed`);
  expect(alert?.subject).toContain(`New paid order ${orderNumber}`);
  expect(await h.outboxFor(order.id)).toBe(1);
  const history = await h.db.selectFrom('order_status_history').select(['to_payment_status']).where('order_id', '=', order.id).execute();
  expect(history.filter((row) => row.to_payment_status === 'paid')).toHaveLength(1);
  return order;
}

describe('a paid order is recorded once and confirmed once', () => {
  it('when the browser verifies the payment', async () => {
    h.setKnobs({ withholdWebhooks: true });
    const order = await h.createOrder();
    const payment = await h.pay(order.razorpayOrderId);
    const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, orderId: order.orderNumber, paymentId: payment.paymentId, amount: order.amountPaise / 100 });
    const row = await expectPaidOnceWithOneEmailEach(order.orderNumber);
    expect(row.razorpay_payment_id).toBe(payment.paymentId);
    const confirmation = h.emailsFor(order.orderNumber).find((email) => !email.to.includes(OWNER_EMAIL))!;
    expect(confirmation.text).toContain('Royal Chicken Pickle x 2');
    expect(confirmation.text).toContain('₹1,150');
    expect(confirmation.text).toContain('Indiranagar');
    h.setKnobs({ withholdWebhooks: false });
  });

  it('when the shopper closes the tab after paying and only the webhooks arrive', async () => {
    const order = await h.createOrder();
    await h.pay(order.razorpayOrderId);
    await expectPaidOnceWithOneEmailEach(order.orderNumber);
  });

  it('when webhooks arrive twice, out of order, and before the browser verifies', async () => {
    await h.withKnobs({ duplicateWebhooks: true, reorderWebhooks: true }, { duplicateWebhooks: false, reorderWebhooks: false }, async () => {
      const order = await h.createOrder();
      const payment = await h.pay(order.razorpayOrderId);
      await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'paid');
      const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      await expectPaidOnceWithOneEmailEach(order.orderNumber);
      const deduplicated = await h.db.selectFrom('processed_webhook_events').select('event_id').execute();
      expect(deduplicated.length).toBeGreaterThan(0);
    });
  });

  it('when verify is sent twice at once', async () => {
    await h.withKnobs({ withholdWebhooks: true }, { withholdWebhooks: false }, async () => {
      const order = await h.createOrder();
      const payment = await h.pay(order.razorpayOrderId);
      const body = { razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! };
      const [first, second] = await Promise.all([h.verify(body), h.verify(body)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      await expectPaidOnceWithOneEmailEach(order.orderNumber);
    });
  });

  it('when the payments service dies between the capture and the verify: the reconciler settles it', async () => {
    // Neither the browser's verify nor any webhook reaches us.
    await h.withKnobs({ withholdWebhooks: true }, { withholdWebhooks: false }, async () => {
      const order = await h.createOrder();
      await h.pay(order.razorpayOrderId);
      expect((await h.order(order.orderNumber)).payment_status).toBe('pending');
      const result = await h.reconcile();
      expect(result.paid).toBeGreaterThanOrEqual(1);
      await expectPaidOnceWithOneEmailEach(order.orderNumber);
    });
  });

  it('when a payment that failed is authorised late: the failed order becomes paid', async () => {
    await h.withKnobs({ lateAuthorisation: true, lateAuthorisationDelayMs: 300 }, { lateAuthorisation: false }, async () => {
      const order = await h.createOrder();
      await h.pay(order.razorpayOrderId);
      await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'failed');
      await expectPaidOnceWithOneEmailEach(order.orderNumber);
    });
  });

  it('when SMTP is down for a while: the e-mails go out once it is back', async () => {
    h.mail.controls.down = true;
    try {
      const order = await h.createOrder();
      await h.pay(order.razorpayOrderId);
      await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'paid');
      // Several attempts fail meanwhile. Nothing is recorded as sent (an attempt in flight may hold
      // its claim, a 'sending' row, for the moment of its SMTP conversation).
      const orderId = (await h.order(order.orderNumber)).id;
      const [event] = await h.db.selectFrom('outbox_events').select('id').where('type', '=', PAYMENT_VERIFIED).where(sql<string>`payload->'data'->>'orderId'`, '=', orderId).execute();
      // Its job (named by the event) has failed three times.
      await eventually(async () => ((await h.queue.getJob(event!.id))?.attemptsMade ?? 0) >= 3, 10_000, 20);
      expect(h.emailsFor(order.orderNumber)).toHaveLength(0);
      const sent = await h.db
        .selectFrom('sent_emails')
        .select('kind')
        .where('order_id', '=', (await h.order(order.orderNumber)).id)
        .where('state', '=', 'sent')
        .execute();
      expect(sent).toHaveLength(0);
      h.mail.controls.down = false;
      await expectPaidOnceWithOneEmailEach(order.orderNumber);
    } finally {
      h.mail.controls.down = false;
    }
  });
});

describe('a failed payment', () => {
  it('marks the order failed and sends nothing', async () => {
    const order = await h.createOrder();
    await h.pay(order.razorpayOrderId, 'failed');
    const row = await eventually(async () => {
      const current = await h.order(order.orderNumber);
      return current.payment_status === 'failed' ? current : undefined;
    });
    expect(row.status).toBe('failed');
    await h.drained();
    expect(h.emailsFor(order.orderNumber)).toHaveLength(0);
    expect(await h.outboxFor(row.id)).toBe(0);
  });
});
