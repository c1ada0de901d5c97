import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '@pickles/db';
import { createLogger } from '@pickles/service-kit';
import { eventually, insertRefundRequest } from '@pickles/test-kit';
import { submitRefundsOnce, type RefundSubmitOptions } from '../src/refunds/refund-submitter.js';
import { startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * The refund submitter (decision 010) against real PostgreSQL and the Razorpay sandbox, whose
 * webhooks reach the payments app: each refund the owner asks for is made at Razorpay once and
 * recorded once, whatever is lost or crashes on the way, and the shopper's two refund e-mails are
 * each written to the outbox once.
 */
let h: PaymentsHarness;
const logger = createLogger('refund-submitter-test', 'silent');

beforeAll(async () => {
  h = await startPaymentsHarness({}, {}, { ownDatabase: true });
});
afterAll(async () => {
  await h?.close();
});

const submit = (options: RefundSubmitOptions = {}, db: Db = h.db) => submitRefundsOnce({ db, razorpay: h.razorpay, logger, relay: { nudge: () => {} } }, options);

/** An order the shopper has paid (captured at Razorpay and recorded as paid). */
async function paidOrder() {
  const order = await h.createOrder();
  const payment = h.pay(order.razorpayOrderId);
  await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
  await webhooksDone();
  expect(await h.order(order.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  return { ...order, paymentId: payment.paymentId };
}

/** What admin-orders commits when the owner confirms a refund. */
const requestRefund = (order: { id: string; paymentId: string }, amountPaise: number) => insertRefundRequest(h.db, order, amountPaise);

const request = (id: string) =>
  h.db.selectFrom('refund_requests').select(['state', 'razorpay_refund_id', 'error', 'attempts', 'lease_until', 'next_attempt_at']).where('id', '=', id).executeTakeFirstOrThrow();

const refundRows = (orderId: string) => h.db.selectFrom('refunds').select(['razorpay_refund_id', 'amount_paise', 'status']).where('order_id', '=', orderId).orderBy('created_at').execute();

const orderMoney = (orderId: string) => h.db.selectFrom('orders').select(['status', 'payment_status', 'refunded_paise']).where('id', '=', orderId).executeTakeFirstOrThrow();

/** The refunds Razorpay (the sandbox) has made of a payment. */
const madeAtRazorpay = (paymentId: string) => [...h.sandbox.state.refunds.values()].filter((refund) => refund.payment_id === paymentId);

/**
 * The shopper's refund e-mails as written to the outbox, in the order of the requests they belong
 * to, started before completed (both are often written in one transaction, in the same millisecond).
 */
async function shopperUpdates(orderId: string) {
  const rows = await h.db
    .selectFrom('outbox_events')
    .select(sql<{ kind: string; dedupeKey: string; refundRequestId?: string }>`payload->'data'`.as('data'))
    .where('type', '=', 'order.changed')
    .where(sql<string>`payload->'data'->>'orderId'`, '=', orderId)
    .execute();
  const requests = await h.db.selectFrom('refund_requests').select('id').where('order_id', '=', orderId).orderBy('created_at').execute();
  const rank = (data: { kind: string; dedupeKey: string }) => [requests.findIndex((r) => r.id === data.dedupeKey), data.kind === 'refund-started' ? 0 : 1];
  return rows
    .map((row) => row.data)
    .sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0]! - rb[0]! || ra[1]! - rb[1]!;
    });
}

/** Every webhook the sandbox sent has been answered (withheld ones are not sent). */
const webhooksDone = () => eventually(async () => h.sandbox.state.webhooks.idle);

const makeDue = (id: string) => h.db.updateTable('refund_requests').set({ next_attempt_at: sql`now()` }).where('id', '=', id).execute();

/** Seconds from now until the request's next attempt. */
async function secondsUntilRetry(id: string) {
  const row = await request(id);
  return (new Date(row.next_attempt_at as Date).getTime() - Date.now()) / 1000;
}

function withWebhooksHeld<T>(run: () => Promise<T>): Promise<T> {
  h.setKnobs({ withholdWebhooks: true });
  return run().finally(() => h.setKnobs({ withholdWebhooks: false }));
}

describe('a refund the owner asks for', () => {
  it('is made at Razorpay once and recorded from its answer: refund row, request submitted, both e-mails once', async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 20_000);
    await withWebhooksHeld(async () => {
      expect(await submit()).toEqual({ claimed: 1, submitted: 1, refused: 0, retrying: 0 });
      const [made] = madeAtRazorpay(order.paymentId);
      expect(made).toMatchObject({ amount: 20_000, notes: { refund_request_id: id, order_number: order.orderNumber } });
      expect(await request(id)).toMatchObject({ state: 'submitted', razorpay_refund_id: made!.id, error: null, attempts: 1, lease_until: null });
      // The sandbox processes refunds at once, and says so in its answer.
      expect(await refundRows(order.id)).toEqual([{ razorpay_refund_id: made!.id, amount_paise: 20_000, status: 'processed' }]);
      expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'paid', refunded_paise: 20_000 });
      // Nothing more to do: the next pass claims nothing and Razorpay is not asked again.
      expect((await submit()).claimed).toBe(0);
      expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
    });
    // Razorpay's refund.created and refund.processed arrive afterwards and change nothing.
    h.sandbox.state.webhooks.release();
    await webhooksDone();
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'paid', refunded_paise: 20_000 });
    expect(await shopperUpdates(order.id)).toEqual([
      { orderId: order.id, kind: 'refund-started', dedupeKey: id, refundRequestId: id },
      { orderId: order.id, kind: 'refund-completed', dedupeKey: id, refundRequestId: id },
    ]);
    const history = await h.db.selectFrom('order_status_history').select(['reason', 'changed_by']).where('order_id', '=', order.id).where('reason', 'like', '%refund%').execute();
    expect(history).toEqual([{ reason: `Partial refund of ₹200 processed (${madeAtRazorpay(order.paymentId)[0]!.id})`, changed_by: 'system:refunds' }]);
  });

  it('part then the rest: two refunds, the payment refunded in full, each e-mail once per refund (webhooks racing the answers)', async () => {
    const order = await paidOrder();
    const first = await requestRefund(order, 20_000);
    expect((await submit()).submitted).toBe(1);
    const rest = await requestRefund(order, order.amountPaise - 20_000);
    expect((await submit()).submitted).toBe(1);
    await webhooksDone();
    const made = madeAtRazorpay(order.paymentId);
    expect(made.map((refund) => refund.amount)).toEqual([20_000, order.amountPaise - 20_000]);
    expect(await refundRows(order.id)).toEqual(made.map((refund) => ({ razorpay_refund_id: refund.id, amount_paise: refund.amount, status: 'processed' })));
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'refunded', refunded_paise: order.amountPaise });
    expect(await request(first)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[0]!.id });
    expect(await request(rest)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[1]!.id });
    expect((await shopperUpdates(order.id)).map((u) => `${u.kind} ${u.dedupeKey}`)).toEqual([
      `refund-started ${first}`,
      `refund-completed ${first}`,
      `refund-started ${rest}`,
      `refund-completed ${rest}`,
    ]);
  });

  it('refused by Razorpay (more than was captured, or a payment already refunded): refused with its message, no e-mail', async () => {
    const order = await paidOrder();
    const tooMuch = await requestRefund(order, order.amountPaise + 100);
    expect(await submit()).toEqual({ claimed: 1, submitted: 0, refused: 1, retrying: 0 });
    expect(await request(tooMuch)).toMatchObject({ state: 'refused', error: 'The refund amount provided is greater than amount captured', razorpay_refund_id: null, lease_until: null });

    const all = await requestRefund(order, order.amountPaise);
    const again = await requestRefund(order, 10_000);
    expect(await submit()).toMatchObject({ claimed: 2, submitted: 1, refused: 1 });
    expect(await request(again)).toMatchObject({ state: 'refused', error: 'The payment has been fully refunded already' });
    expect(await request(all)).toMatchObject({ state: 'submitted' });
    await webhooksDone();
    expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
    expect((await shopperUpdates(order.id)).map((u) => u.dedupeKey)).toEqual([all, all]);
    // A refused request is never tried again.
    await makeDue(tooMuch);
    expect((await submit()).claimed).toBe(0);
  });

  it('a payment Razorpay has not captured is refused', async () => {
    const order = await h.createOrder();
    const authorised = h.pay(order.razorpayOrderId, 'authorized');
    const id = await requestRefund({ id: order.id, paymentId: authorised.paymentId }, 10_000);
    expect((await submit()).refused).toBe(1);
    expect(await request(id)).toMatchObject({ state: 'refused', error: 'Only captured payments can be refunded' });
    expect(await shopperUpdates(order.id)).toEqual([]);
  });
});

describe('nothing lost or crashing on the way refunds twice', () => {
  it("Razorpay makes the refund but its answer is lost: the request stays requested, the retry gets the same refund", async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 30_000);
    await withWebhooksHeld(async () => {
      // The client tries three times with the same key; every answer is lost.
      h.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 3 });
      expect(await submit()).toEqual({ claimed: 1, submitted: 0, refused: 0, retrying: 1 });
      expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
      expect(await request(id)).toMatchObject({ state: 'requested', razorpay_refund_id: null, attempts: 1, lease_until: null });
      expect(await secondsUntilRetry(id)).toBeGreaterThan(1);
      expect(await refundRows(order.id)).toEqual([]);
      expect(await shopperUpdates(order.id)).toEqual([]);
      // Not due yet: the next pass leaves it alone.
      expect((await submit()).claimed).toBe(0);

      await makeDue(id);
      expect(await submit()).toMatchObject({ claimed: 1, submitted: 1 });
    });
    h.sandbox.state.webhooks.release();
    await webhooksDone();
    const made = madeAtRazorpay(order.paymentId);
    expect(made).toHaveLength(1);
    expect(await request(id)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[0]!.id, attempts: 2 });
    expect(await refundRows(order.id)).toEqual([{ razorpay_refund_id: made[0]!.id, amount_paise: 30_000, status: 'processed' }]);
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 30_000 });
    expect((await shopperUpdates(order.id)).map((u) => u.kind)).toEqual(['refund-started', 'refund-completed']);
  });

  it("the answer is lost but Razorpay's webhook arrives: the webhook submits the request (by the id in the notes) and nothing is sent again", async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 30_000);
    h.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 3 });
    expect((await submit()).retrying).toBe(1);
    await webhooksDone();
    const made = madeAtRazorpay(order.paymentId);
    expect(made).toHaveLength(1);
    expect(await request(id)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[0]!.id, lease_until: null });
    await makeDue(id);
    expect((await submit()).claimed).toBe(0);
    expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
    expect(await refundRows(order.id)).toEqual([{ razorpay_refund_id: made[0]!.id, amount_paise: 30_000, status: 'processed' }]);
    expect(await shopperUpdates(order.id)).toEqual([
      { orderId: order.id, kind: 'refund-started', dedupeKey: id, refundRequestId: id },
      { orderId: order.id, kind: 'refund-completed', dedupeKey: id, refundRequestId: id },
    ]);
  });

  it("the recording transaction fails after Razorpay answered: rolled back, the retry refunds once", async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 25_000);
    // The first transaction does all its work and then dies before COMMIT (a crash, or the database going away).
    let crashes = 1;
    const crashingDb = new Proxy(h.db, {
      get(target, property) {
        if (property !== 'transaction' || crashes === 0) {
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        crashes--;
        return () => ({
          execute: (work: (trx: unknown) => Promise<unknown>) =>
            target.transaction().execute(async (trx) => {
              await work(trx);
              throw new Error('crashed before commit');
            }),
        });
      },
    });
    await withWebhooksHeld(async () => {
      expect(await submit({}, crashingDb)).toEqual({ claimed: 1, submitted: 0, refused: 0, retrying: 1 });
      expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
      expect(await request(id)).toMatchObject({ state: 'requested', razorpay_refund_id: null, lease_until: null });
      expect(await refundRows(order.id)).toEqual([]);
      expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 0 });
      expect(await shopperUpdates(order.id)).toEqual([]);
      await makeDue(id);
      expect((await submit()).submitted).toBe(1);
    });
    h.sandbox.state.webhooks.release();
    await webhooksDone();
    expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 25_000 });
    expect((await shopperUpdates(order.id)).map((u) => u.kind)).toEqual(['refund-started', 'refund-completed']);
  });

  it('Razorpay down (5xx): the request waits, 2 s doubling up to 5 minutes, then goes through', async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 10_000);
    h.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    try {
      expect((await submit()).retrying).toBe(1);
      expect(await request(id)).toMatchObject({ state: 'requested', attempts: 1, lease_until: null, error: null });
      expect(await secondsUntilRetry(id)).toBeGreaterThan(1);
      expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(2);
      await makeDue(id);
      expect((await submit()).retrying).toBe(1);
      expect(await secondsUntilRetry(id)).toBeGreaterThan(3);
      expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(4);
      await h.db.updateTable('refund_requests').set({ attempts: 30, next_attempt_at: sql`now()` }).where('id', '=', id).execute();
      expect((await submit()).retrying).toBe(1);
      expect(await secondsUntilRetry(id)).toBeGreaterThan(299);
      expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(300);
    } finally {
      h.setKnobs({ apiFailure: 'none' });
    }
    expect(madeAtRazorpay(order.paymentId)).toEqual([]);
    await makeDue(id);
    expect((await submit()).submitted).toBe(1);
    await webhooksDone();
    expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
    expect(await request(id)).toMatchObject({ state: 'submitted', attempts: 32 });
  });

  it('two submitters (two payments replicas) at once: the request is claimed by one and refunded once', async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 15_000);
    const replica = h.anotherPool();
    h.setKnobs({ apiLatencyMs: 300 });
    try {
      const results = await Promise.all([submit(), submit({}, replica)]);
      expect(results.map((r) => r.claimed).sort()).toEqual([0, 1]);
    } finally {
      h.setKnobs({ apiLatencyMs: 0 });
      await replica.destroy();
    }
    await webhooksDone();
    const refundCalls = h.sandbox.state.requests.filter((r) => r.path === `/v1/payments/${order.paymentId}/refund`);
    expect(refundCalls).toHaveLength(1);
    expect(madeAtRazorpay(order.paymentId)).toHaveLength(1);
    expect(await request(id)).toMatchObject({ state: 'submitted', attempts: 1 });
    expect((await shopperUpdates(order.id)).map((u) => u.kind)).toEqual(['refund-started', 'refund-completed']);
  });

  it('a lease that runs out while Razorpay is slow: the second submitter sends the same key and gets the same refund', async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 15_000);
    const replica = h.anotherPool();
    h.setKnobs({ apiLatencyMs: 700, withholdWebhooks: true });
    try {
      const slow = submit({ leaseSeconds: 0.2 });
      // The first submitter claimed the request and its lease ran out while it waits on Razorpay.
      await eventually(async () => {
        const row = await h.db.selectFrom('refund_requests').select(sql<boolean>`lease_until <= now()`.as('over')).where('id', '=', id).executeTakeFirstOrThrow();
        return row.over;
      }, 5_000, 20);
      const second = await submit({ leaseSeconds: 0.2 }, replica);
      expect(second).toMatchObject({ claimed: 1, submitted: 1 });
      expect(await slow).toMatchObject({ claimed: 1, submitted: 1 });
    } finally {
      h.setKnobs({ apiLatencyMs: 0, withholdWebhooks: false });
      await replica.destroy();
    }
    h.sandbox.state.webhooks.release();
    await webhooksDone();
    expect(h.sandbox.state.requests.filter((r) => r.path === `/v1/payments/${order.paymentId}/refund`)).toHaveLength(2);
    const made = madeAtRazorpay(order.paymentId);
    expect(made).toHaveLength(1);
    expect(await request(id)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[0]!.id, attempts: 2 });
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 15_000 });
    expect((await shopperUpdates(order.id)).map((u) => u.kind)).toEqual(['refund-started', 'refund-completed']);
  });
});

describe('refunds made in Razorpay dashboard', () => {
  it('tell the shopper once that the money is back, keyed by the refund id, with no refund-started', async () => {
    const order = await paidOrder();
    const refund = await h.razorpay.refundPayment(order.paymentId, { amountPaise: 10_000 });
    await webhooksDone();
    expect(await refundRows(order.id)).toEqual([{ razorpay_refund_id: refund.id, amount_paise: 10_000, status: 'processed' }]);
    expect(await shopperUpdates(order.id)).toEqual([{ orderId: order.id, kind: 'refund-completed', dedupeKey: refund.id }]);
  });
});
