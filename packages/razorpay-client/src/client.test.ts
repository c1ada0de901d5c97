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

  describe('createPaymentLink', () => {
    const valid = { amountPaise: 105_000, referenceId: 'RP-1042', description: 'Order RP-1042', customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' } };
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    it.each([
      ['an amount under ₹1', { amountPaise: 99 }, 'amount'],
      ['a fractional amount', { amountPaise: 100.5 }, 'amount'],
      ['no reference', { referenceId: '' }, 'reference_id'],
      ['a reference over 40 characters', { referenceId: 'R'.repeat(41) }, 'reference_id'],
      ['a description over 2048 characters', { description: 'd'.repeat(2049) }, 'description'],
      ['a bad e-mail', { customer: { email: 'asha@' } }, 'customer.email'],
      ['a bad phone number', { customer: { contact: '98765' } }, 'customer.contact'],
      ['an unknown customer field', { customer: { phone: '9876543210' } as never }, 'customer.phone'],
      ['a callback that is not http(s)', { callbackUrl: 'javascript:alert(1)' }, 'callback_url'],
      ['an expiry 14 minutes ahead', { expireBy: inMinutes(14) }, 'expire_by'],
      ['an expiry seven months ahead', { expireBy: inMinutes(7 * 31 * 24 * 60) }, 'expire_by'],
      ['an invalid date', { expireBy: new Date('nope') }, 'expire_by'],
      ['16 notes', { notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }, 'notes'],
    ])('refuses %s before any request', async (_name, change, field) => {
      expect(await kindOf(client.createPaymentLink({ ...valid, ...change }))).toMatchObject({ kind: 'invalid_request', code: 'BAD_REQUEST_ERROR', field, retryable: false });
    });

    it('lets 16 minutes ahead and a 40-character reference through to the request (which fails on the closed port)', async () => {
      expect(await kindOf(client.createPaymentLink({ ...valid, referenceId: 'R'.repeat(40), expireBy: inMinutes(16) }))).toMatchObject({ kind: 'network' });
    });
  });

  it('refuses empty or path-like payment link ids before any request', async () => {
    expect(await kindOf(client.fetchPaymentLink(''))).toMatchObject({ kind: 'invalid_request', field: 'paymentLinkId' });
    expect(await kindOf(client.cancelPaymentLink('plink_1/../cancel'))).toMatchObject({ kind: 'invalid_request', field: 'paymentLinkId' });
  });

  it('needs keys and a webhook secret', () => {
    expect(() => createRazorpayClient({ keyId: '', keySecret: 's', webhookSecret: 'w' })).toThrow();
    expect(() => createRazorpayClient({ keyId: 'k', keySecret: 's', webhookSecret: '' })).toThrow();
  });
});
