import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@pickles/test-kit';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

/**
 * A slow Razorpay must not take the shop down: create-order holds no database connection while it
 * waits, so with more checkouts waiting than the pool has connections (the harness's pool has 4),
 * the health check and requests that need only the database still answer at once.
 */
let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness();
});
afterAll(async () => {
  h.setKnobs({ apiLatencyMs: 0 });
  await h.close();
});

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

describe('while Razorpay answers slowly', () => {
  it('checkouts wait, and health and a retried checkout stay quick', async () => {
    // A checkout that already has its Razorpay order: its retry is answered from the database alone.
    const done = orderPayload(1);
    const doneKey = randomUUID();
    expect((await h.createOrder(done, doneKey)).status).toBe(201);
    // Below the client's 3 s timeout, so every checkout succeeds in the end.
    h.setKnobs({ apiLatencyMs: 2_000 });
    const askedBefore = h.razorpayOrdersAsked();
    const checkouts = Array.from({ length: 8 }, () => timed(() => h.createOrder(orderPayload(1))));
    // Every checkout is waiting on Razorpay first.
    await eventually(async () => h.razorpayOrdersAsked() === askedBefore + 8, 5_000, 10);
    const [health, retry] = await Promise.all([
      timed(() => fetch(`${h.checkout.url}/health`).then(async (r) => ({ status: r.status, body: await r.json() }))),
      timed(() => h.createOrder(done, doneKey)),
    ]);
    expect(health.value).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(retry.value.status).toBe(201);
    for (const call of [health, retry]) expect(call.ms).toBeLessThan(1_000);
    const finished = await Promise.all(checkouts);
    expect(finished.map((c) => c.value.status)).toEqual(Array(8).fill(201));
    // They did wait for Razorpay: the slowness was real.
    expect(Math.min(...finished.map((c) => c.ms))).toBeGreaterThan(1_500);
    h.setKnobs({ apiLatencyMs: 0 });
  });
});
