import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '@pickles/test-kit';
import { orderPayload, startPurchaseHarness, type PurchaseHarness } from './harness.js';

/**
 * A slow Razorpay must not take the shop down: create-order holds no database connection while it
 * waits, so with more checkouts waiting than the pool has connections (the harness's pool has 4),
 * health checks and the other payment routes still answer at once.
 */
let h: PurchaseHarness;
beforeAll(async () => {
  h = await startPurchaseHarness({ knobs: { withholdWebhooks: true } });
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
  it('checkouts wait, and health and the other routes stay quick', async () => {
    const unpaid = await h.createOrder();
    // Below the client's 3 s timeout, so every checkout succeeds in the end.
    h.setKnobs({ apiLatencyMs: 2_000 });
    const checkouts = Array.from({ length: 8 }, () => timed(() => postJson(`${h.checkout.url}/api/payment/create-order`, orderPayload(1), { 'idempotency-key': randomUUID() })));
    // Let every checkout reach Razorpay first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [checkoutHealth, paymentsHealth, failureReport] = await Promise.all([
      timed(() => fetch(`${h.checkout.url}/health`).then(async (r) => ({ status: r.status, body: await r.json() }))),
      timed(() => fetch(`${h.payments.url}/health`).then(async (r) => ({ status: r.status, body: await r.json() }))),
      timed(() => postJson(`${h.payments.url}/api/payment/payment-failed`, { razorpay_order_id: unpaid.razorpayOrderId, error: { description: 'Card declined' } })),
    ]);
    expect(checkoutHealth.value).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(paymentsHealth.value).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(failureReport.value.status).toBe(200);
    for (const call of [checkoutHealth, paymentsHealth, failureReport]) expect(call.ms).toBeLessThan(1_000);
    const done = await Promise.all(checkouts);
    expect(done.map((c) => c.value.status)).toEqual(Array(8).fill(201));
    // They did wait for Razorpay: the slowness was real.
    expect(Math.min(...done.map((c) => c.ms))).toBeGreaterThan(1_500);
    h.setKnobs({ apiLatencyMs: 0 });
  });
});
