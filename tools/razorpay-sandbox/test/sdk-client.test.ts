import { createRequire } from 'node:module';
import Razorpay from 'razorpay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayClient } from '@pickles/razorpay-client';
import { DEFAULT_KEY_ID, DEFAULT_WEBHOOK_SECRET, razorpayRejection, sandboxPost, startTestSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(() => {
  sandbox.state.setKnobs({ apiFailure: 'none', apiFailureCount: null });
});

describe('SDK base-URL override (breaks loudly if a razorpay upgrade moves api.rq)', () => {
  it('the pinned SDK still has its axios instance at instance.api.rq, defaulting to the live host', () => {
    const require = createRequire(import.meta.url);
    const version = (require('razorpay/package.json') as { version: string }).version;
    const sdk = new Razorpay({ key_id: 'rzp_test_x', key_secret: 'y' }) as unknown as { api: { rq: { defaults: { baseURL: string } } } };
    expect(sdk.api.rq.defaults.baseURL, `razorpay ${version}`).toBe('https://api.razorpay.com');
  });

  it('calls through createRazorpayClient reach the sandbox, sent by the real SDK', async () => {
    const before = sandbox.state.requests.length;
    const order = await sandbox.client.createOrder({ amountPaise: 12_345, receipt: 'BASEURL-1' });
    const request = sandbox.state.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/v1/orders');
    expect(request, 'the POST /v1/orders did not reach the sandbox').toBeDefined();
    expect(request?.userAgent).toMatch(/^razorpay-node@2\.9\./);
    expect(sandbox.state.orders.get(order.id)?.amount).toBe(12_345);
  });
});

describe('orders and payments through the real SDK', () => {
  it('creates an order, fetches it, and lists its payments (notes [] become {})', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 50_000, receipt: 'RP-1001' });
    expect(order).toMatchObject({ amount: 50_000, amount_paid: 0, amount_due: 50_000, currency: 'INR', receipt: 'RP-1001', status: 'created', attempts: 0, notes: {} });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(sandbox.state.orders.get(order.id)?.notes).toEqual([]);
    expect(await sandbox.client.fetchOrder(order.id)).toEqual(expect.objectContaining({ id: order.id, status: 'created' }));
    expect(await sandbox.client.fetchOrderPayments(order.id)).toEqual([]);

    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'failed', failure_reason: 'insufficient_funds' });
    const paid = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    const payments = await sandbox.client.fetchOrderPayments(order.id);
    expect(payments.map((p) => p.status).sort()).toEqual(['captured', 'failed']);
    expect(payments.find((p) => p.status === 'failed')).toMatchObject({ error_code: 'BAD_REQUEST_ERROR', error_reason: 'insufficient_funds', captured: false });
    expect(await sandbox.client.fetchOrder(order.id)).toMatchObject({ status: 'paid', attempts: 2, amount_paid: 50_000, amount_due: 0 });
    const payment = await sandbox.client.fetchPayment(paid.json.razorpay_payment_id as string);
    expect(payment).toMatchObject({ order_id: order.id, amount: 50_000, status: 'captured', captured: true, method: 'card', notes: {} });
  });

  it('keeps notes as an object', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 10_000, receipt: 'RP-NOTES', notes: { shopOrder: 'RP-NOTES', channel: 'web' } });
    expect(order.notes).toEqual({ shopOrder: 'RP-NOTES', channel: 'web' });
  });

  it('captures an authorized payment manually, and refunds (partial, then full, idempotent by key)', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 30_000, receipt: 'RP-CAPTURE' });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'authorized' });
    const paymentId = made.json.razorpay_payment_id as string;
    expect((await sandbox.client.fetchOrder(order.id)).status).toBe('attempted');
    expect(await razorpayRejection(sandbox.client.capturePayment(paymentId, 29_999))).toMatchObject({ kind: 'invalid_request', field: 'amount' });
    const captured = await sandbox.client.capturePayment(paymentId, 30_000);
    expect(captured).toMatchObject({ status: 'captured', captured: true });
    expect((await sandbox.client.fetchOrder(order.id)).status).toBe('paid');

    const partial = await sandbox.client.refundPayment(paymentId, { amountPaise: 10_000, idempotencyKey: 'refund-key-0001' });
    expect(partial).toMatchObject({ payment_id: paymentId, amount: 10_000, status: 'processed' });
    expect(partial.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const again = await sandbox.client.refundPayment(paymentId, { amountPaise: 10_000, idempotencyKey: 'refund-key-0001' });
    expect(again.id).toBe(partial.id);
    expect(await sandbox.client.fetchPayment(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 10_000, refund_status: 'partial' });
    expect(await razorpayRejection(sandbox.client.refundPayment(paymentId, { amountPaise: 30_000 }))).toMatchObject({ kind: 'invalid_request', statusCode: 400, field: 'amount' });
    await sandbox.client.refundPayment(paymentId);
    expect(await sandbox.client.fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 30_000, refund_status: 'full' });
    expect((await sandbox.client.fetchOrder(order.id)).status).toBe('paid');
  });
});

describe('refunds fetched through the real SDK (refunds.fetch, GET /v1/refunds/:id)', () => {
  async function capturedPayment(receipt: string, amountPaise = 40_000) {
    const order = await sandbox.client.createOrder({ amountPaise, receipt });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    return made.json.razorpay_payment_id as string;
  }
  afterEach(() => {
    sandbox.state.setKnobs({ holdRefunds: false });
  });

  it('a refund processed at once is fetched processed, with its notes', async () => {
    const paymentId = await capturedPayment('RF-AT-ONCE');
    const refund = await sandbox.client.refundPayment(paymentId, { amountPaise: 5_000, notes: { refund_request_id: 'req-1' } });
    expect(await sandbox.client.fetchRefund(refund.id)).toMatchObject({ id: refund.id, payment_id: paymentId, amount: 5_000, status: 'processed', notes: { refund_request_id: 'req-1' } });
  });

  it('holdRefunds: pending until processed, or failed with the amount refundable again', async () => {
    sandbox.state.setKnobs({ holdRefunds: true });
    const paymentId = await capturedPayment('RF-HELD');
    const kept = await sandbox.client.refundPayment(paymentId, { amountPaise: 10_000 });
    const lost = await sandbox.client.refundPayment(paymentId, { amountPaise: 30_000 });
    expect([kept.status, lost.status]).toEqual(['pending', 'pending']);
    expect(await sandbox.client.fetchRefund(kept.id)).toMatchObject({ status: 'pending' });
    expect(await sandbox.client.fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 40_000, refund_status: 'full' });

    expect((await sandboxPost(sandbox.url, `/sandbox/refunds/${kept.id}/process`, {})).json).toMatchObject({ id: kept.id, status: 'processed' });
    expect((await sandboxPost(sandbox.url, `/sandbox/refunds/${lost.id}/fail`, {})).json).toMatchObject({ id: lost.id, status: 'failed' });
    expect(await sandbox.client.fetchRefund(kept.id)).toMatchObject({ status: 'processed' });
    expect(await sandbox.client.fetchRefund(lost.id)).toMatchObject({ status: 'failed' });
    expect(await sandbox.client.fetchPayment(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 10_000, refund_status: 'partial' });
    // A refund is settled once; the failed amount can be refunded again.
    const again = await sandboxPost(sandbox.url, `/sandbox/refunds/${kept.id}/fail`, {});
    expect(again).toMatchObject({ status: 400, json: { success: false, error: 'The refund is already processed' } });
    expect((await sandbox.client.refundPayment(paymentId, { amountPaise: 30_000 })).amount).toBe(30_000);
  });

  it('an unknown or malformed refund id → not_found', async () => {
    expect(await razorpayRejection(sandbox.client.fetchRefund('rfnd_AAAAAAAAAAAAAA'))).toMatchObject({ kind: 'not_found', statusCode: 400, code: 'BAD_REQUEST_ERROR' });
    expect(await razorpayRejection(sandbox.client.fetchRefund('rfnd_short'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('errors through the real SDK become RazorpayError', () => {
  it('bad credentials → authentication (401)', async () => {
    const wrong = createRazorpayClient({ keyId: DEFAULT_KEY_ID, keySecret: 'not_the_secret', webhookSecret: DEFAULT_WEBHOOK_SECRET, apiBaseUrl: sandbox.url });
    expect(await razorpayRejection(wrong.createOrder({ amountPaise: 10_000, receipt: 'R-AUTH' }))).toMatchObject({ kind: 'authentication', statusCode: 401, code: 'BAD_REQUEST_ERROR', retryable: false });
  });

  it('amount 50 → invalid_request, BAD_REQUEST_ERROR, field amount, not retried', async () => {
    const before = sandbox.state.requests.length;
    const error = await razorpayRejection(sandbox.client.createOrder({ amountPaise: 50, receipt: 'R-SMALL' }));
    expect(error).toMatchObject({ kind: 'invalid_request', statusCode: 400, code: 'BAD_REQUEST_ERROR', field: 'amount', reason: 'input_validation_failed', retryable: false });
    expect(sandbox.state.requests.length - before).toBe(1);
  });

  it('unknown ids → not_found; a malformed id too', async () => {
    expect(await razorpayRejection(sandbox.client.fetchOrder('order_AAAAAAAAAAAAAA'))).toMatchObject({ kind: 'not_found', statusCode: 400, code: 'BAD_REQUEST_ERROR' });
    expect(await razorpayRejection(sandbox.client.fetchPayment('pay_AAAAAAAAAAAAAA'))).toMatchObject({ kind: 'not_found' });
    expect(await razorpayRejection(sandbox.client.fetchOrderPayments('order_short'))).toMatchObject({ kind: 'not_found' });
    expect(await razorpayRejection(sandbox.client.capturePayment('pay_AAAAAAAAAAAAAA', 100))).toMatchObject({ kind: 'invalid_request', statusCode: 400 });
  });

  it('server_error knob → server and retryable, after the fetch was retried twice', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 10_000, receipt: 'R-5XX' });
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    const before = sandbox.state.requests.length;
    const error = await razorpayRejection(sandbox.client.fetchOrder(order.id));
    expect(error).toMatchObject({ kind: 'server', statusCode: 500, code: 'SERVER_ERROR', retryable: true });
    expect(sandbox.state.requests.length - before).toBe(3);
  });

  it('a fetch that fails once with 500 succeeds on the retry', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 10_000, receipt: 'R-5XX-ONCE' });
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: 1 });
    expect((await sandbox.client.fetchOrder(order.id)).id).toBe(order.id);
  });

  it('createOrder after a 500 looks the receipt up before creating again: exactly one order', async () => {
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: 1 });
    const order = await sandbox.client.createOrder({ amountPaise: 20_000, receipt: 'R-CREATE-RETRY' });
    expect(order.receipt).toBe('R-CREATE-RETRY');
    expect([...sandbox.state.orders.values()].filter((o) => o.receipt === 'R-CREATE-RETRY')).toHaveLength(1);
  });

  it('createOrder whose answer was lost returns the order that was made instead of making a second', async () => {
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    const order = await sandbox.client.createOrder({ amountPaise: 21_000, receipt: 'R-LOST-ANSWER' });
    const made = [...sandbox.state.orders.values()].filter((o) => o.receipt === 'R-LOST-ANSWER');
    expect(made).toHaveLength(1);
    expect(order.id).toBe(made[0]?.id);
  });

  it('capturePayment whose answer was lost returns the captured payment (no double-capture error)', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 15_000, receipt: 'R-LOST-CAPTURE' });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'authorized' });
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    const payment = await sandbox.client.capturePayment(made.json.razorpay_payment_id as string, 15_000);
    expect(payment).toMatchObject({ status: 'captured', captured: true });
  });

  it('refundPayment without an idempotency key is not retried after a lost answer', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 15_000, receipt: 'R-LOST-REFUND' });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    const paymentId = made.json.razorpay_payment_id as string;
    expect(await razorpayRejection(sandbox.client.refundPayment(paymentId, { amountPaise: 1_000 }))).toMatchObject({ kind: 'network' });
    expect([...sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
  });

  it('refundPayment with an idempotency key is retried after a lost answer and refunds once', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 15_000, receipt: 'R-LOST-REFUND-KEY' });
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: order.id, status: 'captured' });
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    const paymentId = made.json.razorpay_payment_id as string;
    const refund = await sandbox.client.refundPayment(paymentId, { amountPaise: 1_000, idempotencyKey: `lost-${paymentId}` });
    const refunds = [...sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(refunds.map((r) => r.id)).toEqual([refund.id]);
  });

  it('timeout knob → timeout (retryable)', async () => {
    const order = await sandbox.client.createOrder({ amountPaise: 10_000, receipt: 'R-TIMEOUT' });
    const impatient = createRazorpayClient({ keyId: DEFAULT_KEY_ID, keySecret: 'sandbox_key_secret_change_me', webhookSecret: DEFAULT_WEBHOOK_SECRET, apiBaseUrl: sandbox.url, timeoutMs: 250 });
    sandbox.state.setKnobs({ apiFailure: 'timeout', apiFailureCount: 3, apiTimeoutHoldMs: 5_000 });
    const started = Date.now();
    const error = await razorpayRejection(impatient.fetchOrder(order.id));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('a dropped connection (no HTTP answer) → network', async () => {
    const unreachable = createRazorpayClient({ keyId: DEFAULT_KEY_ID, keySecret: 'x'.repeat(10), webhookSecret: DEFAULT_WEBHOOK_SECRET, apiBaseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await razorpayRejection(unreachable.createOrder({ amountPaise: 10_000, receipt: 'R-NET' }))).toMatchObject({ kind: 'network', retryable: true });
  });
});
