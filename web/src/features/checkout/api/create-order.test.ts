import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderPayload } from '@pickles/shared/validation';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import { createOrder } from './create-order.js';
import { CREATE_ORDER_RETRY_DELAYS_MS } from './create-order-retry.js';

const PAYLOAD = { cart: { 1: 2 } } as unknown as CreateOrderPayload;
const CREATED = { success: true, orderId: 'order_Abc', amount: 900, currency: 'INR', key: 'rzp_test_x', orderNumber: 'RP-1' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Runs createOrder with fake timers, letting every retry pause pass. */
async function run(key = 'checkout-key-1') {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const pending = createOrder(PAYLOAD, key);
  const settled = pending.then(
    (value) => ({ value }),
    (failure: unknown) => ({ failure }),
  );
  for (const delay of CREATE_ORDER_RETRY_DELAYS_MS) await vi.advanceTimersByTimeAsync(delay);
  return settled;
}

describe('createOrder', () => {
  it('after a network error and a 502 (a restarting service), sends the same Idempotency-Key again and gets the order', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(502, { success: false, error: 'The checkout service is unavailable right now. Please try again shortly.' }),
      () => jsonResponse(201, CREATED),
    ];
    const { calls } = stubApi({ 'POST /payment/create-order': () => answers.shift()!() });
    expect(await run('checkout-key-1')).toEqual({ value: CREATED });
    expect(calls).toHaveLength(3);
    expect(calls.map((call) => call.headers['Idempotency-Key'])).toEqual(['checkout-key-1', 'checkout-key-1', 'checkout-key-1']);
    expect(calls.map((call) => call.body)).toEqual([PAYLOAD, PAYLOAD, PAYLOAD]);
  });

  it('gives up after a couple of retries with the last failure', async () => {
    const { calls } = stubApi({ 'POST /payment/create-order': () => jsonResponse(503, { success: false, error: 'Service unavailable' }) });
    expect(await run()).toEqual({ failure: { success: false, error: 'Service unavailable', status: 503 } });
    expect(calls).toHaveLength(1 + CREATE_ORDER_RETRY_DELAYS_MS.length);
  });

  it("never retries the server's own answer (a refusal, a 500)", async () => {
    for (const status of [400, 409, 429, 500]) {
      const { calls } = stubApi({ 'POST /payment/create-order': () => jsonResponse(status, { success: false, error: `answered ${status}` }) });
      expect(await run()).toEqual({ failure: expect.objectContaining({ status }) });
      expect(calls, String(status)).toHaveLength(1);
    }
  });
});
