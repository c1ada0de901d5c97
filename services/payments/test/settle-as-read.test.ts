import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '@pickles/db';
import { readOrderForSettlement } from '../src/db/orders.js';
import { settlePayment, settleWebhook, type SettleRequest } from '../src/domain/settle-payment.js';
import { startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * The usual settlements are one statement guarded by the order's state as read (settle-payment's
 * settleAsRead); an order that changed after it was read must be settled for what it is now, never
 * twice. These call the use case directly, so the read and the write can be pulled apart.
 */
let h: PaymentsHarness;
beforeAll(async () => {
  // Its own database: one test fills the invoice series, which no other file's test may meet.
  h = await startPaymentsHarness({ withholdWebhooks: true }, {}, { ownDatabase: true });
});
afterAll(async () => {
  await h.close();
});

const captured = (razorpayOrderId: string, paymentId: string, amountPaise: number, source: SettleRequest['source'] = 'shopper'): SettleRequest => ({
  razorpayOrderId,
  observation: { kind: 'captured', paymentId, amountPaise },
  payment: { razorpayPaymentId: paymentId, amountPaise, status: 'captured', method: 'card' },
  source,
});

/** What the shopper and the owner would notice of an order: its state, its confirmations, its invoices, its history. */
async function trail(orderId: string) {
  const order = await h.db.selectFrom('orders').select(['status', 'payment_status', 'razorpay_payment_id', 'paid_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const events = await h.db.selectFrom('outbox_events').select('type').where(sql<string>`payload->'data'->>'orderId'`, '=', orderId).execute();
  const invoices = await h.db.selectFrom('tax_documents').select(['number', 'issued_at']).where('order_id', '=', orderId).execute();
  const history = await h.db.selectFrom('order_status_history').select(['to_status', 'to_payment_status']).where('order_id', '=', orderId).orderBy('id').execute();
  return { order, events: events.map((event) => event.type), invoices, history: history.map((row) => `${row.to_status}/${row.to_payment_status}`) };
}

/** A Db that counts the statements sent through it. */
function counting(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: counted, statements: () => statements };
}

describe('a settlement decided on the order as read', () => {
  it('confirms a capture in one statement, with its invoice dated when it was paid', async () => {
    const order = await h.createOrder();
    const { paymentId } = h.pay(order.razorpayOrderId);
    const seen = await readOrderForSettlement(h.db, order.razorpayOrderId);
    const { db, statements } = counting(h.db);
    const outcome = await settlePayment(db, captured(order.razorpayOrderId, paymentId, order.amountPaise), seen);
    expect(outcome).toMatchObject({ confirmed: true, changed: true, order: { status: 'paid', paymentStatus: 'paid' } });
    expect(statements()).toBe(1);
    const after = await trail(order.id);
    expect(after.events).toEqual(['payment.verified']);
    expect(after.invoices).toHaveLength(1);
    expect(new Date(after.invoices[0]!.issued_at).getTime()).toBe(new Date(after.order.paid_at!).getTime());
    expect(after.history).toEqual(['paid/paid']);
  });

  it('does not confirm twice when another path paid the order after it was read', async () => {
    const order = await h.createOrder();
    const { paymentId } = h.pay(order.razorpayOrderId);
    const stale = await readOrderForSettlement(h.db, order.razorpayOrderId);
    // The webhook gets there first.
    expect(await settleWebhook(h.db, captured(order.razorpayOrderId, paymentId, order.amountPaise, 'webhook'), { eventId: `evt_${paymentId}`, eventType: 'payment.captured' })).toMatchObject({ confirmed: true });
    const late = await settlePayment(h.db, captured(order.razorpayOrderId, paymentId, order.amountPaise), stale);
    expect(late).toMatchObject({ confirmed: false, changed: false, order: { status: 'paid', paymentStatus: 'paid' } });
    const after = await trail(order.id);
    expect(after.events).toEqual(['payment.verified']);
    expect(after.invoices).toHaveLength(1);
    expect(after.history).toEqual(['paid/paid']);
  });

  it('settles what the order is now when it failed after it was read: a late capture pays the failed order once', async () => {
    const order = await h.createOrder();
    const stale = await readOrderForSettlement(h.db, order.razorpayOrderId);
    const failed = h.pay(order.razorpayOrderId, 'failed');
    await settlePayment(h.db, { razorpayOrderId: order.razorpayOrderId, observation: { kind: 'failed', paymentId: failed.paymentId, reason: 'declined' }, source: 'shopper' });
    expect((await trail(order.id)).order.payment_status).toBe('failed');
    const retried = h.pay(order.razorpayOrderId);
    const outcome = await settlePayment(h.db, captured(order.razorpayOrderId, retried.paymentId, order.amountPaise), stale);
    expect(outcome).toMatchObject({ confirmed: true, order: { status: 'paid', paymentStatus: 'paid', razorpayPaymentId: retried.paymentId } });
    const after = await trail(order.id);
    expect(after.events).toEqual(['payment.verified']);
    expect(after.history).toEqual(['failed/failed', 'paid/paid']);
  });

  it('applies a webhook event once when two deliveries of it race', async () => {
    const order = await h.createOrder();
    const { paymentId } = h.pay(order.razorpayOrderId);
    const delivery = { eventId: `evt_race_${paymentId}`, eventType: 'payment.captured' };
    const outcomes = await Promise.all([1, 2, 3].map(() => settleWebhook(h.db, captured(order.razorpayOrderId, paymentId, order.amountPaise, 'webhook'), delivery)));
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(2);
    expect(outcomes.filter((outcome) => typeof outcome === 'object' && outcome.confirmed)).toHaveLength(1);
    const after = await trail(order.id);
    expect(after.events).toEqual(['payment.verified']);
    expect(after.invoices).toHaveLength(1);
    const recorded = await h.db.selectFrom('processed_webhook_events').select('event_id').where('event_id', '=', delivery.eventId).execute();
    expect(recorded).toHaveLength(1);
  });

  it('records a webhook event only with its change: a delivery whose change fails can be delivered again', async () => {
    const order = await h.createOrder();
    const { paymentId } = h.pay(order.razorpayOrderId);
    const delivery = { eventId: `evt_retry_${paymentId}`, eventType: 'payment.captured' };
    // The invoice series is full (the database refuses a seventh digit): the statement, the event
    // id with it, rolls back and the webhook answers an error.
    const series = await h.db.selectFrom('tax_document_counters').select(['financial_year', 'last_sequence']).where('kind', '=', 'invoice').executeTakeFirstOrThrow();
    await h.db.updateTable('tax_document_counters').set({ last_sequence: 999_999 }).where('kind', '=', 'invoice').execute();
    const request = captured(order.razorpayOrderId, paymentId, order.amountPaise, 'webhook');
    await expect(settleWebhook(h.db, request, delivery)).rejects.toThrow(/tax_documents_sequence_fits/);
    expect(await h.db.selectFrom('processed_webhook_events').select('event_id').where('event_id', '=', delivery.eventId).execute()).toHaveLength(0);
    expect((await trail(order.id)).order.payment_status).toBe('pending');
    // The series has room again: Razorpay's next delivery of the same event applies it.
    await h.db.updateTable('tax_document_counters').set({ last_sequence: series.last_sequence }).where('kind', '=', 'invoice').execute();
    expect(await settleWebhook(h.db, request, delivery)).toMatchObject({ confirmed: true });
    expect((await trail(order.id)).events).toEqual(['payment.verified']);
  });
});
