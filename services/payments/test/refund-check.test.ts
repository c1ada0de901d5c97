import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { createLogger } from '@pickles/service-kit';
import { eventually } from '@pickles/test-kit';
import { checkRefundsOnce } from '../src/reconcile/refund-check.js';
import { submitRefundsOnce } from '../src/refunds/refund-submitter.js';
import { startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * The refund check against real PostgreSQL and the Razorpay sandbox: a refund whose
 * refund.processed / refund.failed webhook never arrives is still settled, once, exactly as the
 * webhook would have settled it, and the webhook arriving late changes nothing. The sandbox holds
 * refunds pending until the test settles them and drops every refund webhook.
 */
let h: PaymentsHarness;
const logger = createLogger('refund-check-test', 'silent');
const relay = { nudge: () => {} };

beforeAll(async () => {
  h = await startPaymentsHarness({}, {}, { ownDatabase: true });
});
afterEach(() => {
  h.setKnobs({ holdRefunds: false, dropRefundWebhooks: false, apiFailure: 'none', apiFailureCount: null });
});
afterAll(async () => {
  await h?.close();
});

/** As payments runs it: refunds pending 15 minutes after they were recorded are asked about. */
const check = () => checkRefundsOnce({ db: h.db, razorpay: h.razorpay, logger, relay }, { olderThanSeconds: 900 });

const webhooksDone = () => eventually(async () => h.sandbox.state.webhooks.idle);

/** A paid order, and a refund of it the owner asked for, made at Razorpay (pending there) and recorded pending. */
async function pendingRefund(amountPaise: number, order?: Awaited<ReturnType<typeof paidOrder>>) {
  order ??= await paidOrder();
  h.setKnobs({ holdRefunds: true, dropRefundWebhooks: true });
  const row = await h.db
    .insertInto('refund_requests')
    .values({ order_id: order.id, razorpay_payment_id: order.paymentId, amount_paise: amountPaise, reason: 'Jar arrived broken', requested_by: 'admin', client_key: randomUUID() })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(await submitRefundsOnce({ db: h.db, razorpay: h.razorpay, logger, relay })).toMatchObject({ claimed: 1, submitted: 1 });
  const request = await h.db.selectFrom('refund_requests').select(['state', 'razorpay_refund_id']).where('id', '=', row.id).executeTakeFirstOrThrow();
  expect(request.state).toBe('submitted');
  const refundId = request.razorpay_refund_id!;
  expect(await refundRow(refundId)).toMatchObject({ status: 'pending' });
  return { order, requestId: row.id, refundId };
}

async function paidOrder() {
  const order = await h.createOrder();
  const payment = h.pay(order.razorpayOrderId);
  await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
  await webhooksDone();
  return { ...order, paymentId: payment.paymentId };
}

const refundRow = (refundId: string) =>
  h.db.selectFrom('refunds').select(['status', 'amount_paise', 'updated_at']).where('razorpay_refund_id', '=', refundId).executeTakeFirstOrThrow();

const orderMoney = (orderId: string) => h.db.selectFrom('orders').select(['status', 'payment_status', 'refunded_paise']).where('id', '=', orderId).executeTakeFirstOrThrow();

/** The bank answers at Razorpay; its webhook is dropped (the dropRefundWebhooks knob). */
const razorpaySettles = (refundId: string, outcome: 'processed' | 'failed') => h.sandbox.state.settleRefund(refundId, outcome);

/** Recorded this long ago, and last looked at then. */
const recordedAgo = (refundId: string, seconds: number, lastCheckedSecondsAgo = seconds) =>
  h.db
    .updateTable('refunds')
    .set({ created_at: sql`now() - make_interval(secs => ${seconds})`, updated_at: sql`now() - make_interval(secs => ${lastCheckedSecondsAgo})` })
    .where('razorpay_refund_id', '=', refundId)
    .execute();

/** The order's outbox events that reach the shopper or the owner, as `type kind`. */
async function eventsOf(orderId: string): Promise<string[]> {
  const rows = await h.db
    .selectFrom('outbox_events')
    .select(['type', sql<string>`coalesce(payload->'data'->>'kind', '')`.as('kind')])
    .where(sql<string>`payload->'data'->>'orderId'`, '=', orderId)
    .where('type', 'in', ['order.changed', 'payment.attention-raised'])
    .orderBy('occurred_at')
    .execute();
  return rows.map((row) => `${row.type} ${row.kind}`);
}

/** The refund's webhooks Razorpay recorded but never sent, now sent late; returns their ids. */
async function lateWebhooks(refundId: string): Promise<string[]> {
  const dropped = h.sandbox.state.webhooks.events.filter((event) => event.status === 'dropped' && event.body.includes(refundId));
  for (const event of dropped) h.sandbox.state.webhooks.redeliver(event.id);
  await webhooksDone();
  return dropped.map((event) => event.id);
}

async function handledWebhooks(ids: string[]) {
  const rows = await h.db.selectFrom('processed_webhook_events').select('event_type').where('event_id', 'in', ids).orderBy('event_type').execute();
  return rows.map((row) => row.event_type);
}

describe('a refund whose webhook was lost', () => {
  it('processed at Razorpay: the check records it once (refunded total, history, refund-completed); the late webhook changes nothing', async () => {
    const { order, requestId, refundId } = await pendingRefund(20_000);
    razorpaySettles(refundId, 'processed');
    // Recorded just now: not asked about before 15 minutes.
    expect((await check()).checked).toBe(0);

    await recordedAgo(refundId, 16 * 60);
    expect(await check()).toEqual({ checked: 1, processed: 1, failed: 0, pending: 0, errors: 0 });
    expect(await refundRow(refundId)).toMatchObject({ status: 'processed', amount_paise: 20_000 });
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'paid', refunded_paise: 20_000 });
    expect(await eventsOf(order.id)).toEqual(['order.changed refund-started', 'order.changed refund-completed']);
    const completed = await h.db
      .selectFrom('outbox_events')
      .select(sql<{ dedupeKey: string; refundRequestId: string }>`payload->'data'`.as('data'))
      .where(sql<string>`payload->'data'->>'kind'`, '=', 'refund-completed')
      .where(sql<string>`payload->'data'->>'orderId'`, '=', order.id)
      .executeTakeFirstOrThrow();
    expect(completed.data).toMatchObject({ dedupeKey: requestId, refundRequestId: requestId });
    const history = await h.db.selectFrom('order_status_history').select(['reason', 'changed_by']).where('order_id', '=', order.id).where('reason', 'like', '%refund%').execute();
    expect(history).toEqual([{ reason: `Partial refund of ₹200 processed (${refundId})`, changed_by: 'system:reconciler' }]);
    // Settled: never asked about again.
    expect((await check()).checked).toBe(0);

    // Razorpay's refund.created and refund.processed finally arrive: handled, and nothing moves.
    expect(await handledWebhooks(await lateWebhooks(refundId))).toEqual(['refund.created', 'refund.processed']);
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'paid', refunded_paise: 20_000 });
    expect(await eventsOf(order.id)).toEqual(['order.changed refund-started', 'order.changed refund-completed']);
    expect(await h.db.selectFrom('order_status_history').select('id').where('order_id', '=', order.id).where('reason', 'like', '%refund%').execute()).toHaveLength(1);
  });

  it('failed at Razorpay: the check marks it failed with one attention item for the owner, no money moves; the late webhook changes nothing', async () => {
    const { order, refundId } = await pendingRefund(15_000);
    razorpaySettles(refundId, 'failed');
    await recordedAgo(refundId, 20 * 60);
    expect(await check()).toEqual({ checked: 1, processed: 0, failed: 1, pending: 0, errors: 0 });
    expect(await refundRow(refundId)).toMatchObject({ status: 'failed' });
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'paid', refunded_paise: 0 });
    const attention = () => h.db.selectFrom('payment_attention').select(['kind', 'amount_paise', 'razorpay_payment_id']).where('order_id', '=', order.id).execute();
    expect(await attention()).toEqual([{ kind: 'refund-failed', amount_paise: 15_000, razorpay_payment_id: order.paymentId }]);
    expect(await eventsOf(order.id)).toEqual(['order.changed refund-started', 'payment.attention-raised refund-failed']);

    expect(await handledWebhooks(await lateWebhooks(refundId))).toEqual(['refund.created', 'refund.failed']);
    expect(await refundRow(refundId)).toMatchObject({ status: 'failed' });
    expect(await attention()).toHaveLength(1);
    expect(await eventsOf(order.id)).toEqual(['order.changed refund-started', 'payment.attention-raised refund-failed']);
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 0 });
  });
});

describe('a refund still pending at Razorpay', () => {
  it('stays pending and is asked about again later, less and less often, until Razorpay has an answer', async () => {
    const { order, refundId } = await pendingRefund(10_000);
    await recordedAgo(refundId, 2 * 3600);
    expect(await check()).toEqual({ checked: 1, processed: 0, failed: 0, pending: 1, errors: 0 });
    expect(await refundRow(refundId)).toMatchObject({ status: 'pending' });
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 0 });
    expect(await eventsOf(order.id)).toEqual(['order.changed refund-started']);
    // Just asked: not again on the next pass.
    expect((await check()).checked).toBe(0);

    // Pending 2 h when last asked: the next check waits as long again (2 h), 1 h is too soon.
    await recordedAgo(refundId, 3 * 3600, 3600);
    expect((await check()).checked).toBe(0);
    await recordedAgo(refundId, 4 * 3600 + 60, 2 * 3600 + 60);
    expect((await check()).pending).toBe(1);
    // Pending for days: asked every 6 hours, not less often.
    await recordedAgo(refundId, 10 * 86_400, 5 * 3600);
    expect((await check()).checked).toBe(0);
    await recordedAgo(refundId, 10 * 86_400, 6 * 3600 + 60);
    expect((await check()).pending).toBe(1);
    const fetches = h.sandbox.state.requests.filter((r) => r.method === 'GET' && r.path === `/v1/refunds/${refundId}`);
    expect(fetches).toHaveLength(3);

    razorpaySettles(refundId, 'processed');
    await recordedAgo(refundId, 10 * 86_400, 6 * 3600 + 60);
    expect((await check()).processed).toBe(1);
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 10_000 });
    expect(await eventsOf(order.id)).toEqual(['order.changed refund-started', 'order.changed refund-completed']);
  });

  it('Razorpay unreachable during the check: nothing changes and the refund is asked about again later', async () => {
    const { order, refundId } = await pendingRefund(10_000);
    razorpaySettles(refundId, 'processed');
    await recordedAgo(refundId, 3600);
    h.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    expect(await check()).toEqual({ checked: 1, processed: 0, failed: 0, pending: 0, errors: 1 });
    h.setKnobs({ apiFailure: 'none' });
    expect(await refundRow(refundId)).toMatchObject({ status: 'pending' });
    expect((await check()).checked).toBe(0);
    await recordedAgo(refundId, 2 * 3600, 3600 + 60);
    expect((await check()).processed).toBe(1);
    expect(await orderMoney(order.id)).toMatchObject({ refunded_paise: 10_000 });
  });

  it('two refunds of the whole payment, one processed and one still pending: the order is refunded in full only when both are', async () => {
    const first = await pendingRefund(20_000);
    const order = first.order;
    const rest = await pendingRefund(order.amountPaise - 20_000, order);
    // Razorpay already counts both against the payment; only the first is processed.
    razorpaySettles(first.refundId, 'processed');
    await recordedAgo(first.refundId, 3600);
    await recordedAgo(rest.refundId, 3600);
    expect(await check()).toMatchObject({ checked: 2, processed: 1, pending: 1 });
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'paid', refunded_paise: 20_000 });

    razorpaySettles(rest.refundId, 'processed');
    await recordedAgo(rest.refundId, 2 * 3600, 3600 + 60);
    expect(await check()).toMatchObject({ checked: 1, processed: 1 });
    expect(await orderMoney(order.id)).toEqual({ status: 'paid', payment_status: 'refunded', refunded_paise: order.amountPaise });
    expect((await eventsOf(order.id)).filter((event) => event.endsWith('refund-completed'))).toHaveLength(2);
  });
});
