import { isPaymentLinkEvent, parseWebhookEvent } from '@pickles/razorpay-client';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterEach, describe, expect, it } from 'vitest';
import { api, DEFAULT_WEBHOOK_SECRET, sandboxPost, startReceiver, startTestSandbox, waitFor, type ReceivedWebhook } from './helpers.js';

/** The payment_link.* webhooks, and the payment and order webhooks a paid link sends with them. */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(knobs: Record<string, unknown> = {}, answer?: (nth: number, body: string) => number) {
  const receiver = await startReceiver(answer);
  const sandbox = await startTestSandbox({ webhookUrl: receiver.url, knobs: { webhookRetryBaseMs: 30, ...knobs } });
  cleanups.push(receiver.close, sandbox.close);
  const created = await api(sandbox.url, 'POST', '/v1/payment_links', {
    amount: 49_900,
    reference_id: `RP-${Date.now()}`,
    description: 'Order by phone',
    customer: { name: 'Asha Rao', email: 'asha@example.com' },
    notes: { shop_order: 'RP-7' },
  });
  expect(created.status).toBe(200);
  return { receiver, sandbox, link: created.json as { id: string; reference_id: string } };
}

const events = (received: ReceivedWebhook[]) => received.map((r) => r.event);
const eventIdOf = (hook: ReceivedWebhook) => hook.headers['x-razorpay-event-id'] as string;

describe('payment link webhooks', () => {
  it('a paid link sends payment.authorized, payment.captured, order.paid, then payment_link.paid, each signed with its own event id', async () => {
    const { receiver, sandbox, link } = await setup();
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 4, 5_000, 'four webhooks');
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'nothing left to send');
    expect(events(receiver.received)).toEqual(['payment.authorized', 'payment.captured', 'order.paid', 'payment_link.paid']);
    for (const hook of receiver.received) {
      const signature = hook.headers['x-razorpay-signature'] as string;
      expect(validateWebhookSignature(hook.rawBody, signature, DEFAULT_WEBHOOK_SECRET)).toBe(true);
      expect(sandbox.client.isValidWebhookSignature(hook.rawBody, signature)).toBe(true);
      expect(eventIdOf(hook)).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    }
    expect(new Set(receiver.received.map(eventIdOf)).size).toBe(4);

    const paid = parseWebhookEvent(receiver.received[3]!.rawBody);
    if (!isPaymentLinkEvent(paid) || paid.event !== 'payment_link.paid') throw new Error(`not payment_link.paid: ${paid.event}`);
    expect(paid.contains).toEqual(['payment_link', 'order', 'payment']);
    expect(paid.payload.payment_link.entity).toMatchObject({ id: link.id, status: 'paid', amount_paid: 49_900, reference_id: link.reference_id, order_id: made.json.razorpay_order_id });
    expect(paid.payload.payment_link.entity.payments.map((p) => p.payment_id)).toEqual([made.json.razorpay_payment_id]);
    expect(paid.payload.order.entity).toMatchObject({ id: made.json.razorpay_order_id, status: 'paid', amount_paid: 49_900, receipt: link.reference_id, notes: { shop_order: 'RP-7' } });
    expect(paid.payload.payment.entity).toMatchObject({ id: made.json.razorpay_payment_id, status: 'captured', order_id: made.json.razorpay_order_id, amount: 49_900 });
    // order.paid is the usual one, for the link's order: a shop that handles it must not confirm twice.
    expect(parseWebhookEvent(receiver.received[2]!.rawBody).payload.order?.entity).toMatchObject({ id: made.json.razorpay_order_id, receipt: link.reference_id });
  });

  it('cancelling sends payment_link.cancelled, expiring payment_link.expired, each carrying the link alone', async () => {
    const { receiver, sandbox, link } = await setup();
    const other = (await api(sandbox.url, 'POST', '/v1/payment_links', { amount: 10_000, reference_id: 'RP-OTHER' })).json as { id: string };
    await api(sandbox.url, 'POST', `/v1/payment_links/${link.id}/cancel`);
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${other.id}/expire`, {});
    await waitFor(() => receiver.received.length >= 2, 5_000, 'two webhooks');
    // Two happenings, two deliveries that may arrive in either order.
    const parsed = receiver.received.map((r) => parseWebhookEvent(r.rawBody));
    const cancelled = parsed.find((e) => e.event === 'payment_link.cancelled');
    const expired = parsed.find((e) => e.event === 'payment_link.expired');
    expect(cancelled).toMatchObject({ event: 'payment_link.cancelled', contains: ['payment_link'], payload: { payment_link: { entity: { id: link.id, status: 'cancelled', payments: [] } } } });
    expect(cancelled!.payload.payment_link!.entity.cancelled_at).toBeGreaterThan(0);
    expect(expired).toMatchObject({ event: 'payment_link.expired', contains: ['payment_link'], payload: { payment_link: { entity: { id: other.id, status: 'expired', amount_paid: 0 } } } });
    expect(expired!.payload.payment_link!.entity.expired_at).toBeGreaterThan(0);
    expect(Object.keys(expired!.payload)).toEqual(['payment_link']);
    for (const hook of receiver.received) expect(validateWebhookSignature(hook.rawBody, hook.headers['x-razorpay-signature'] as string, DEFAULT_WEBHOOK_SECRET)).toBe(true);
  });

  it('a link webhook answered 500 is retried with the same event id and body', async () => {
    const { receiver, sandbox, link } = await setup({}, (nth) => (nth === 1 ? 500 : 200));
    await api(sandbox.url, 'POST', `/v1/payment_links/${link.id}/cancel`);
    await waitFor(() => receiver.received.length >= 2, 5_000, 'a retry');
    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    expect(eventIdOf(receiver.received[1]!)).toBe(eventIdOf(receiver.received[0]!));
    expect(receiver.received[1]!.rawBody).toBe(receiver.received[0]!.rawBody);
  });

  it('duplicateWebhooks and reorderWebhooks apply: payment_link.paid first, every event twice', async () => {
    const { receiver, sandbox, link } = await setup({ duplicateWebhooks: true, reorderWebhooks: true });
    await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 8, 5_000, 'eight deliveries');
    expect(events(receiver.received)).toEqual([
      'payment_link.paid', 'payment_link.paid', 'order.paid', 'order.paid', 'payment.captured', 'payment.captured', 'payment.authorized', 'payment.authorized',
    ]);
    expect(eventIdOf(receiver.received[0]!)).toBe(eventIdOf(receiver.received[1]!));
  });

  it('withheld link webhooks wait for a release', async () => {
    const { receiver, sandbox, link } = await setup({ withholdWebhooks: true });
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {});
    // Recorded as withheld, and nothing being sent or waiting to be: nothing can arrive before the release.
    await waitFor(() => sandbox.state.webhooks.idle && sandbox.state.webhooks.events.some((e) => e.event === 'payment_link.expired' && e.status === 'withheld'), 5_000, 'expiry withheld');
    expect(receiver.received).toHaveLength(0);
    expect((await sandboxPost(sandbox.url, '/sandbox/webhooks/release', {})).json).toEqual({ released: 1 });
    await waitFor(() => receiver.received.length >= 1, 5_000, 'released');
    expect(events(receiver.received)).toEqual(['payment_link.expired']);
  });

  it('late authorisation: payment.failed and the link still created, then payment_link.paid once the bank says yes', async () => {
    const { receiver, sandbox, link } = await setup({ lateAuthorisation: true, lateAuthorisationDelayMs: 100 });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    expect(made.json.payment.status).toBe('failed');
    expect(made.json.payment_link).toMatchObject({ status: 'created' });
    await waitFor(() => receiver.received.length >= 5, 5_000, 'late webhooks');
    expect(events(receiver.received)).toEqual(['payment.failed', 'payment.authorized', 'payment.captured', 'order.paid', 'payment_link.paid']);
    expect((await api(sandbox.url, 'GET', `/v1/payment_links/${link.id}`)).json).toMatchObject({ status: 'paid', amount_paid: 49_900 });
  });

  it('a late authorisation landing after the link expired: the money is captured and order.paid sent, the link stays expired', async () => {
    const { receiver, sandbox, link } = await setup({ lateAuthorisation: true, lateAuthorisationDelayMs: 300 });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {});
    await waitFor(() => receiver.received.some((r) => r.event === 'order.paid'), 5_000, 'order.paid');
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'nothing left to send');
    expect(events(receiver.received).sort()).toEqual(['order.paid', 'payment.authorized', 'payment.captured', 'payment.failed', 'payment_link.expired']);
    expect((await api(sandbox.url, 'GET', `/v1/payment_links/${link.id}`)).json).toMatchObject({ status: 'expired', amount_paid: 0, payments: null });
    expect((await api(sandbox.url, 'GET', `/v1/payments/${made.json.razorpay_payment_id}`)).json).toMatchObject({ status: 'captured' });
  });
});
