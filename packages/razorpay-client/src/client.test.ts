import { describe, expect, it } from 'vitest';
import { createRazorpayClient, RazorpayError } from './index.js';

// Port 9 (discard) is closed here: any request that slipped past validation fails as network.
const client = createRazorpayClient({ keyId: 'rzp_test_unit', keySecret: 's', webhookSecret: 'w', apiBaseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });

async function kindOf(promise: Promise<unknown>): Promise<RazorpayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
}

describe('createRazorpayClient input validation (before any request)', () => {
  it('rejects a receipt over 40 characters', async () => {
    const err = await kindOf(client.createOrder({ amountPaise: 10000, receipt: 'x'.repeat(41) }));
    expect(err).toMatchObject({ kind: 'invalid_request', field: 'receipt', code: 'BAD_REQUEST_ERROR', retryable: false });
  });

  it('rejects more than 15 notes and a note over 256 characters', async () => {
    const many = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    expect(await kindOf(client.createOrder({ amountPaise: 10000, receipt: 'R1', notes: many }))).toMatchObject({ kind: 'invalid_request', field: 'notes' });
    expect(await kindOf(client.createOrder({ amountPaise: 10000, receipt: 'R1', notes: { a: 'x'.repeat(257) } }))).toMatchObject({ field: 'notes' });
  });

  it('rejects rupee-style fractional amounts', async () => {
    expect(await kindOf(client.createOrder({ amountPaise: 499.5, receipt: 'R1' }))).toMatchObject({ kind: 'invalid_request', field: 'amount' });
  });

  it('rejects empty ids and bad idempotency keys as rejected promises, not throws', async () => {
    expect((await kindOf(client.fetchOrder(''))).kind).toBe('invalid_request');
    expect((await kindOf(client.fetchPayment('../orders'))).kind).toBe('invalid_request');
    expect(await kindOf(client.fetchRefund('rfnd_1/../orders'))).toMatchObject({ kind: 'invalid_request', field: 'refundId' });
    expect(await kindOf(client.refundPayment('pay_29QQoUBi66xm2f', { idempotencyKey: 'short' }))).toMatchObject({ field: 'idempotencyKey' });
  });

  it('a refused connection is a retryable network error (after the fetch retries)', async () => {
    const err = await kindOf(client.fetchOrder('order_EKwxwAgItmmXdp'));
    expect(err).toMatchObject({ kind: 'network', retryable: true });
  });

  it('needs keys and a webhook secret', () => {
    expect(() => createRazorpayClient({ keyId: '', keySecret: 's', webhookSecret: 'w' })).toThrow();
    expect(() => createRazorpayClient({ keyId: 'k', keySecret: 's', webhookSecret: '' })).toThrow();
  });
});
