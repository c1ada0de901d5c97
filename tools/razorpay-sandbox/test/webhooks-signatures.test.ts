import { parseWebhookEvent } from '@pickles/razorpay-client';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_KEY_SECRET, DEFAULT_WEBHOOK_SECRET, sandboxPost, startReceiver, startTestSandbox, waitFor, type ReceivedWebhook } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(answer?: (nth: number, body: string) => number, knobs: Record<string, unknown> = {}) {
  const receiver = await startReceiver(answer);
  const sandbox = await startTestSandbox({ webhookUrl: receiver.url, knobs: { webhookRetryBaseMs: 30, ...knobs } });
  cleanups.push(receiver.close, sandbox.close);
  const order = await sandbox.client.createOrder({ amountPaise: 49_900, receipt: `WH-${Date.now()}` });
  return { receiver, sandbox, order };
}

const events = (received: ReceivedWebhook[]) => received.map((r) => r.event);

describe('checkout signature from the sandbox', () => {
  it('validates with the SDK helper and the client; tampered or swapped does not', async () => {
    const { sandbox, order } = await setup();
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    expect(made.status).toBe(200);
    const { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature } = made.json as Record<string, string>;
    expect(orderId).toBe(order.id);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(validatePaymentVerification({ order_id: order.id, payment_id: paymentId! }, signature!, DEFAULT_KEY_SECRET)).toBe(true);
    expect(sandbox.client.isValidCheckoutSignature({ orderId: order.id, paymentId: paymentId!, signature: signature! })).toBe(true);
    const tampered = signature!.slice(0, -1) + (signature!.endsWith('0') ? '1' : '0');
    expect(validatePaymentVerification({ order_id: order.id, payment_id: paymentId! }, tampered, DEFAULT_KEY_SECRET)).toBe(false);
    expect(sandbox.client.isValidCheckoutSignature({ orderId: order.id, paymentId: paymentId!, signature: tampered })).toBe(false);
    const other = await sandbox.client.createOrder({ amountPaise: 49_900, receipt: 'WH-OTHER' });
    expect(sandbox.client.isValidCheckoutSignature({ orderId: other.id, paymentId: paymentId!, signature: signature! })).toBe(false);
  });
});

describe('webhooks', () => {
  it('a capture sends payment.authorized, payment.captured, order.paid, signed over the raw body', async () => {
    const { receiver, sandbox, order } = await setup();
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 3, 5_000, 'three webhooks');
    expect(events(receiver.received)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    const ids = new Set<string>();
    for (const hook of receiver.received) {
      const signature = hook.headers['x-razorpay-signature'] as string;
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.headers['user-agent']).toBe('Razorpay-Webhook/v1');
      expect(hook.headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      ids.add(hook.headers['x-razorpay-event-id'] as string);
      expect(validateWebhookSignature(hook.rawBody, signature, DEFAULT_WEBHOOK_SECRET)).toBe(true);
      expect(sandbox.client.isValidWebhookSignature(Buffer.from(hook.rawBody), signature)).toBe(true);
      expect(sandbox.client.isValidWebhookSignature(JSON.stringify(JSON.parse(hook.rawBody), null, 2), signature)).toBe(false);
      expect(sandbox.client.isValidWebhookSignature(hook.rawBody.replace('49900', '49901'), signature)).toBe(false);
    }
    expect(ids.size).toBe(3);
    const [authorized, captured, paid] = receiver.received.map((r) => parseWebhookEvent(r.rawBody));
    // Snapshots: the authorized event still says authorized.
    expect(authorized?.payload.payment?.entity.status).toBe('authorized');
    expect(captured?.payload.payment?.entity).toMatchObject({ status: 'captured', captured: true, id: made.json.razorpay_payment_id });
    expect(paid?.contains).toEqual(['payment', 'order']);
    expect(paid?.payload.order?.entity).toMatchObject({ id: order.id, status: 'paid', amount_paid: 49_900, amount_due: 0 });
    expect(paid).toMatchObject({ entity: 'event', account_id: 'acc_Sandbox0000001' });
  });

  it('a failed payment sends payment.failed with the error fields', async () => {
    const { receiver, sandbox, order } = await setup();
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'failed', failure_reason: 'card_declined' });
    await waitFor(() => receiver.received.length >= 1, 5_000, 'payment.failed');
    const event = parseWebhookEvent(receiver.received[0]!.rawBody);
    expect(event.event).toBe('payment.failed');
    expect(event.payload.payment?.entity).toMatchObject({ status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_reason: 'card_declined', order_id: order.id });
  });

  it('retries a non-2xx answer with the same event id and body, with backoff, then stops on 2xx', async () => {
    const { receiver, sandbox, order } = await setup((nth) => (nth <= 2 ? 500 : 200));
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'failed' });
    // Busy from the moment the event is recorded until its last retry has an answer.
    expect(sandbox.state.webhooks.idle).toBe(false);
    await waitFor(() => receiver.received.length >= 3, 5_000, 'three deliveries');
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'nothing left to send');
    expect(receiver.received).toHaveLength(3);
    const ids = receiver.received.map((r) => r.headers['x-razorpay-event-id']);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);
    const deliveries = sandbox.state.webhooks.deliveries;
    expect(deliveries.map((d) => [d.attempt, d.statusCode, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    // Waits between the end of one try and the start of the next: base 30 ms, then doubled.
    const wait = (n: number) => Date.parse(deliveries[n + 1]!.at) - (Date.parse(deliveries[n]!.at) + deliveries[n]!.durationMs);
    expect(wait(0)).toBeGreaterThanOrEqual(25);
    expect(wait(1)).toBeGreaterThanOrEqual(55);
    expect(sandbox.state.webhooks.events[0]?.status).toBe('delivered');
  });

  it('gives up after webhookMaxAttempts and marks the event failed', async () => {
    const { receiver, sandbox, order } = await setup(() => 503, { webhookMaxAttempts: 3, webhookRetryBaseMs: 10 });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'failed' });
    await waitFor(() => sandbox.state.webhooks.events[0]?.status === 'failed', 5_000, 'failed status');
    expect(receiver.received).toHaveLength(3);
  });

  it('a receiver that does not answer within webhookTimeoutMs counts as a failure and is retried', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { webhookTimeoutMs: 150, webhookMaxAttempts: 2, webhookRetryBaseMs: 10 });
    // Point webhooks at a socket that accepts but never answers.
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const address = silent.address();
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    sandbox.state.setKnobs({ webhookUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook` });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'failed' });
    await waitFor(() => sandbox.state.webhooks.events[0]?.status === 'failed', 5_000, 'failed after timeouts');
    expect(sandbox.state.webhooks.deliveries.map((d) => d.error)).toEqual(['no answer within 150 ms', 'no answer within 150 ms']);
    expect(receiver.received).toHaveLength(0);
  });

  it('duplicateWebhooks delivers every event twice with the same id and body', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { duplicateWebhooks: true });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'failed' });
    await waitFor(() => receiver.received.length >= 2, 5_000, 'two deliveries');
    const [first, second] = receiver.received;
    expect(first!.headers['x-razorpay-event-id']).toBe(second!.headers['x-razorpay-event-id']);
    expect(first!.rawBody).toBe(second!.rawBody);
    expect(sandbox.state.webhooks.deliveries.map((d) => d.duplicate)).toEqual([false, true]);
  });

  it('reorderWebhooks sends order.paid before payment.captured', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { reorderWebhooks: true });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 3, 5_000, 'three webhooks');
    expect(events(receiver.received)).toEqual(['order.paid', 'payment.captured', 'payment.authorized']);
  });

  it('withholdWebhooks records events until POST /sandbox/webhooks/release', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { withholdWebhooks: true });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    // Recorded, and nothing being sent or waiting to be: nothing can arrive before the release.
    await waitFor(() => sandbox.state.webhooks.idle && sandbox.state.webhooks.events.length === 3, 5_000, 'three events recorded');
    expect(receiver.received).toHaveLength(0);
    expect(sandbox.state.webhooks.events.map((e) => e.status)).toEqual(['withheld', 'withheld', 'withheld']);
    const released = await sandboxPost(sandbox.url, '/sandbox/webhooks/release', {});
    expect(released.json).toEqual({ released: 3 });
    await waitFor(() => receiver.received.length >= 3, 5_000, 'released webhooks');
    expect(events(receiver.received)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  });

  it('late authorisation: payment.failed first, later payment.authorized, payment.captured, order.paid', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { lateAuthorisation: true, lateAuthorisationDelayMs: 100 });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    expect(made.json.payment.status).toBe('failed');
    expect(made.json.razorpay_signature).toBeUndefined();
    expect(made.json.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', metadata: { order_id: order.id, payment_id: made.json.razorpay_payment_id } });
    expect((await sandbox.client.fetchOrder(order.id)).status).toBe('attempted');
    await waitFor(() => receiver.received.length >= 4, 5_000, 'late webhooks');
    expect(events(receiver.received)).toEqual(['payment.failed', 'payment.authorized', 'payment.captured', 'order.paid']);
    expect(await sandbox.client.fetchPayment(made.json.razorpay_payment_id as string)).toMatchObject({ status: 'captured', error_code: null });
    expect((await sandbox.client.fetchOrder(order.id)).status).toBe('paid');
  });

  it('a refund sends refund.created and refund.processed carrying the refund and the payment', async () => {
    const { receiver, sandbox, order } = await setup();
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 3, 5_000, 'capture webhooks');
    const refund = await sandbox.client.refundPayment(made.json.razorpay_payment_id as string, { amountPaise: 10_000 });
    await waitFor(() => receiver.received.length >= 5, 5_000, 'refund webhooks');
    const [created, processed] = receiver.received.slice(3).map((r) => parseWebhookEvent(r.rawBody));
    expect(created).toMatchObject({ event: 'refund.created', contains: ['refund', 'payment'] });
    expect(created?.payload.refund?.entity).toMatchObject({ id: refund.id, status: 'pending', amount: 10_000 });
    expect(processed?.payload.refund?.entity.status).toBe('processed');
    expect(processed?.payload.payment?.entity).toMatchObject({ amount_refunded: 10_000, refund_status: 'partial', status: 'captured' });
  });

  it('holdRefunds: refund.created now; refund.processed or refund.failed when the test settles it', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { holdRefunds: true });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 3, 5_000, 'capture webhooks');
    const paymentId = made.json.razorpay_payment_id as string;
    const kept = await sandbox.client.refundPayment(paymentId, { amountPaise: 10_000 });
    const lost = await sandbox.client.refundPayment(paymentId, { amountPaise: 20_000 });
    await waitFor(() => receiver.received.length >= 5, 5_000, 'refund.created twice');
    // Nothing being sent or waiting to be: the held refunds have sent all they will until settled.
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'webhooks idle');
    expect(events(receiver.received.slice(3))).toEqual(['refund.created', 'refund.created']);
    await sandboxPost(sandbox.url, `/sandbox/refunds/${kept.id}/process`, {});
    await sandboxPost(sandbox.url, `/sandbox/refunds/${lost.id}/fail`, {});
    await waitFor(() => receiver.received.length >= 7, 5_000, 'refund outcomes');
    const [processed, failed] = receiver.received.slice(5).map((r) => parseWebhookEvent(r.rawBody));
    expect(processed).toMatchObject({ event: 'refund.processed', payload: { refund: { entity: { id: kept.id, status: 'processed' } } } });
    expect(failed).toMatchObject({ event: 'refund.failed', payload: { refund: { entity: { id: lost.id, status: 'failed' } }, payment: { entity: { amount_refunded: 10_000 } } } });
  });

  it('dropRefundWebhooks: refund events are recorded as dropped, never sent, until redelivered', async () => {
    const { receiver, sandbox, order } = await setup(undefined, { dropRefundWebhooks: true });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    await waitFor(() => receiver.received.length >= 3, 5_000, 'capture webhooks');
    await sandbox.client.refundPayment(made.json.razorpay_payment_id as string, { amountPaise: 10_000 });
    // Both refund events recorded, and nothing being sent or waiting to be.
    await waitFor(() => sandbox.state.webhooks.idle && sandbox.state.webhooks.events.filter((e) => e.event.startsWith('refund.')).length === 2, 5_000, 'refund events recorded');
    expect(events(receiver.received)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    const dropped = sandbox.state.webhooks.events.filter((e) => e.status === 'dropped');
    expect(dropped.map((e) => e.event)).toEqual(['refund.created', 'refund.processed']);
    expect((await sandboxPost(sandbox.url, `/sandbox/webhooks/${dropped[1]!.id}/redeliver`, {})).status).toBe(200);
    await waitFor(() => receiver.received.length >= 4, 5_000, 'the late refund.processed');
    expect(receiver.received[3]).toMatchObject({ event: 'refund.processed', headers: { 'x-razorpay-event-id': dropped[1]!.id } });
  });

  it('without a webhook URL events are recorded (not_configured), visible in /sandbox/state', async () => {
    const sandbox = await startTestSandbox();
    cleanups.push(sandbox.close);
    const order = await sandbox.client.createOrder({ amountPaise: 10_000, receipt: 'NO-URL' });
    await sandboxPost(sandbox.url, '/sandbox/payments', { orderId: order.id, status: 'captured' });
    await waitFor(() => sandbox.state.webhooks.events.every((e) => e.status === 'not_configured') && sandbox.state.webhooks.events.length === 3, 2_000, 'recorded');
    const state = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as { orders: Array<{ status: string }>; webhooks: { events: Array<{ event: string; body: { event: string } }> } };
    expect(state.orders[0]?.status).toBe('paid');
    expect(state.webhooks.events.map((e) => e.body.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    const html = await (await fetch(`${sandbox.url}/sandbox`)).text();
    expect(html).toContain(order.id);
    expect(html).toContain('order.paid');
  });
});
