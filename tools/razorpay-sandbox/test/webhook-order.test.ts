import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSends } from '../src/webhooks.js';
import type { WebhookEventRecord } from '../src/types.js';
import { sandboxPost, startTestSandbox, waitFor } from './helpers.js';

/**
 * Razorpay delivers webhooks at least once and in no promised order (protocol §6): duplicates,
 * order.paid before payment.captured, several at once. The knobs that make the sandbox do the same.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

interface Delivery {
  eventId: string;
  event: string;
  orderId: string;
  startedAt: number;
  endedAt: number;
}

/** A receiver that answers each delivery after `answerAfterMs`, recording when each was in flight. */
async function startSlowReceiver(answerAfterMs: number) {
  const deliveries: Delivery[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const server = createServer((req, res) => {
    const startedAt = performance.now();
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; payload: { payment: { entity: { order_id: string } } } };
      setTimeout(() => {
        inFlight--;
        deliveries.push({ eventId: String(req.headers['x-razorpay-event-id']), event: body.event, orderId: body.payload.payment.entity.order_id, startedAt, endedAt: performance.now() });
        res.end('ok');
      }, answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`,
    deliveries,
    mostInFlight: () => mostInFlight,
  };
}

/** A sandbox holding its webhooks, with `orders` orders paid: three events each, withheld. */
async function paidOrdersWithWebhooksHeld(url: string, orders: number, knobs: Record<string, unknown>) {
  const sandbox = await startTestSandbox({ webhookUrl: url, knobs: { withholdWebhooks: true, ...knobs } });
  cleanups.push(sandbox.close);
  const ids: string[] = [];
  for (let i = 0; i < orders; i++) {
    const order = await sandbox.client.createOrder({ amountPaise: 10_000 + i, receipt: `ORDER-${i}` });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    ids.push(order.id);
  }
  return { sandbox, orderIds: ids, emitted: sandbox.state.webhooks.events.map((event) => event.id) };
}

const record = (id: string): WebhookEventRecord => ({ id, event: 'order.paid', created_at: 0, body: '{}', status: 'withheld', deliveries: 0 });

describe('orderSends: the order the first tries start in', () => {
  const records = ['a', 'b', 'c'].map(record);
  const names = (sends: ReturnType<typeof orderSends>) => sends.map((send) => `${send.record.id}${send.duplicate ? "'" : ''}`);

  it('as they happened, each duplicate right after its original', () => {
    expect(names(orderSends(records, { reorderWebhooks: false, duplicateWebhooks: true }))).toEqual(['a', "a'", 'b', "b'", 'c', "c'"]);
  });

  it('reversed with reorderWebhooks true', () => {
    expect(names(orderSends(records, { reorderWebhooks: true, duplicateWebhooks: false }))).toEqual(['c', 'b', 'a']);
  });

  it("shuffled with 'shuffle', duplicates included (Fisher-Yates over the random numbers given)", () => {
    // random() = 0 always swaps position i with 0: a b c a' ... becomes a fixed, known permutation.
    expect(names(orderSends(records, { reorderWebhooks: 'shuffle', duplicateWebhooks: true }, () => 0))).toEqual(["a'", 'b', "b'", 'c', "c'", 'a']);
    expect(names(orderSends(records, { reorderWebhooks: 'shuffle', duplicateWebhooks: false }, () => 0.99))).toEqual(['a', 'b', 'c']);
  });
});

describe('webhooks out of order and side by side', () => {
  it("reorderWebhooks 'shuffle' mixes released webhooks of many orders; every event still arrives, twice with duplicateWebhooks", async () => {
    const receiver = await startSlowReceiver(0);
    const { sandbox, emitted, orderIds } = await paidOrdersWithWebhooksHeld(receiver.url, 12, { reorderWebhooks: 'shuffle', duplicateWebhooks: true });
    expect(emitted).toHaveLength(36);
    expect((await sandboxPost(sandbox.url, '/sandbox/webhooks/release', {})).json).toEqual({ released: 36 });
    await waitFor(() => receiver.deliveries.length >= 72, 10_000, '72 deliveries');
    const arrived = receiver.deliveries.map((delivery) => delivery.eventId);
    // Each event twice, nothing else.
    expect([...arrived].sort()).toEqual([...emitted, ...emitted].sort());
    // Not as they happened, and mixed across orders: some order's order.paid came before its payment.authorized.
    const firstArrivals = arrived.filter((id, index) => arrived.indexOf(id) === index);
    expect(firstArrivals).not.toEqual(emitted);
    const position = (orderId: string, event: string) => receiver.deliveries.findIndex((delivery) => delivery.orderId === orderId && delivery.event === event);
    expect(orderIds.some((orderId) => position(orderId, 'order.paid') < position(orderId, 'payment.authorized'))).toBe(true);
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'idle');
    expect(sandbox.state.webhooks.events.every((event) => event.status === 'delivered')).toBe(true);
  });

  it('webhookConcurrency keeps that many deliveries in flight; a duplicate overlaps its original', async () => {
    const receiver = await startSlowReceiver(60);
    const { sandbox, emitted } = await paidOrdersWithWebhooksHeld(receiver.url, 4, { duplicateWebhooks: true, webhookConcurrency: 6 });
    await sandboxPost(sandbox.url, '/sandbox/webhooks/release', {});
    // Busy until the last answer is in, and /sandbox/state says so.
    const busy = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as { webhooks: { idle: boolean } };
    expect(busy.webhooks.idle).toBe(false);
    await waitFor(() => receiver.deliveries.length >= 24, 10_000, '24 deliveries');
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'idle');
    const idle = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as { webhooks: { idle: boolean } };
    expect(idle.webhooks.idle).toBe(true);
    expect(receiver.mostInFlight()).toBe(6);
    for (const eventId of emitted) {
      const [first, second] = receiver.deliveries.filter((delivery) => delivery.eventId === eventId).sort((a, b) => a.startedAt - b.startedAt);
      expect(second!.startedAt, `the two copies of ${eventId} were in flight together`).toBeLessThan(first!.endedAt);
    }
  });

  it('webhookConcurrency 1 (the default) sends one at a time', async () => {
    const receiver = await startSlowReceiver(20);
    const { sandbox } = await paidOrdersWithWebhooksHeld(receiver.url, 2, { duplicateWebhooks: true });
    await sandboxPost(sandbox.url, '/sandbox/webhooks/release', {});
    await waitFor(() => receiver.deliveries.length >= 12, 10_000, '12 deliveries');
    expect(receiver.mostInFlight()).toBe(1);
  });

  it("knobs refuse an unknown order and a concurrency out of range", async () => {
    const sandbox = await startTestSandbox();
    cleanups.push(sandbox.close);
    expect((await sandboxPost(sandbox.url, '/sandbox/knobs', { reorderWebhooks: 'random' })).status).toBe(400);
    expect((await sandboxPost(sandbox.url, '/sandbox/knobs', { webhookConcurrency: 0 })).status).toBe(400);
    expect((await sandboxPost(sandbox.url, '/sandbox/knobs', { reorderWebhooks: 'shuffle', webhookConcurrency: 8 })).json).toMatchObject({ reorderWebhooks: 'shuffle', webhookConcurrency: 8 });
  });
});
