import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, basicAuth, sandboxPost, startTestSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await sandboxPost(sandbox.url, '/sandbox/reset', {});
});

const order = (body: unknown) => api(sandbox.url, 'POST', '/v1/orders', body);

describe('/v1 authentication and routing', () => {
  it.each([
    ['no header', {}],
    ['wrong secret', { Authorization: basicAuth(undefined, 'wrong') }],
    ['wrong key id', { Authorization: basicAuth('rzp_test_Other00000000001') }],
    ['Bearer scheme', { Authorization: `Bearer ${Buffer.from('a:b').toString('base64')}` }],
  ])('%s → 401 with exactly the §1 body', async (_name, headers) => {
    const response = await fetch(`${sandbox.url}/v1/orders/order_AAAAAAAAAAAAAA`, { headers });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('{"error":{"code":"BAD_REQUEST_ERROR","description":"Authentication failed"}}');
  });

  it('unknown route or method → 400 "The requested URL was not found on the server."', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing'],
      ['DELETE', '/v1/orders/order_AAAAAAAAAAAAAA'],
    ] as const) {
      const response = await api(sandbox.url, method, path);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
    }
  });
});

describe('POST /v1/orders validation', () => {
  it('creates an order with the entity shape; empty notes are []', async () => {
    const response = await order({ amount: 5000, currency: 'INR', receipt: 'receipt#1' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(['id', 'entity', 'amount', 'amount_paid', 'amount_due', 'currency', 'receipt', 'offer_id', 'status', 'attempts', 'notes', 'created_at']);
    expect(response.json).toMatchObject({ entity: 'order', amount: 5000, amount_paid: 0, amount_due: 5000, currency: 'INR', receipt: 'receipt#1', offer_id: null, status: 'created', attempts: 0, notes: [] });
    expect(response.json.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(Math.abs(response.json.created_at - Date.now() / 1000)).toBeLessThan(5);
  });

  it.each([
    ['missing amount', { currency: 'INR' }, 'amount', 'amount: is required.', 'input_validation_failed'],
    ['fractional amount', { amount: 100.5, currency: 'INR' }, 'amount', 'The amount must be an integer.', 'input_validation_failed'],
    ['amount below 100', { amount: 99, currency: 'INR' }, 'amount', 'The amount must be at least INR 1.00', 'input_validation_failed'],
    ['bad currency', { amount: 100, currency: 'rupees' }, 'currency', 'The selected currency is invalid.', 'input_validation_failed'],
    ['receipt over 40', { amount: 100, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt', 'The receipt may not be greater than 40 characters.', 'input_validation_failed'],
    ['16 notes', { amount: 100, currency: 'INR', notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }, 'notes', 'The notes may not have more than 15 items.', 'input_validation_failed'],
    ['a 257-char note', { amount: 100, currency: 'INR', notes: { a: 'x'.repeat(257) } }, 'notes', 'The notes.a may not be greater than 256 characters.', 'input_validation_failed'],
    ['an extra field', { amount: 100, currency: 'INR', customer: 'x' }, 'customer', 'customer is/are not required and should not be sent', 'extra_field_sent'],
  ])('%s → 400 BAD_REQUEST_ERROR', async (_name, body, field, description, reason) => {
    const response = await order(body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason, metadata: {}, field } });
  });

  it('accepts exactly 40 chars of receipt and 15 notes of 256 chars', async () => {
    const notes = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, 'v'.repeat(256)]));
    const response = await order({ amount: 100, currency: 'INR', receipt: 'r'.repeat(40), notes });
    expect(response.status).toBe(200);
    expect(response.json.notes).toEqual(notes);
  });

  it('GET /v1/orders filters by receipt (newest first)', async () => {
    const a = await order({ amount: 100, currency: 'INR', receipt: 'SAME' });
    await order({ amount: 200, currency: 'INR', receipt: 'OTHER' });
    const b = await order({ amount: 300, currency: 'INR', receipt: 'SAME' });
    const list = await api(sandbox.url, 'GET', '/v1/orders?receipt=SAME');
    expect(list.json).toMatchObject({ entity: 'collection', count: 2 });
    expect(list.json.items.map((o: { id: string }) => o.id)).toEqual([b.json.id, a.json.id]);
  });

  it('unknown and malformed ids', async () => {
    const unknown = await api(sandbox.url, 'GET', '/v1/payments/pay_AAAAAAAAAAAAAA');
    expect(unknown.json.error).toMatchObject({ description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' });
    const malformed = await api(sandbox.url, 'GET', '/v1/orders/order_123');
    expect(malformed.json.error.description).toBe('order_123 is not a valid id');
  });
});

describe('order and payment rules', () => {
  it('created → attempted on a failed attempt → paid; a paid order refuses more payments', async () => {
    const created = await order({ amount: 1000, currency: 'INR' });
    const id = created.json.id as string;
    expect(created.json.receipt).toBeNull();
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'failed' });
    expect((await api(sandbox.url, 'GET', `/v1/orders/${id}`)).json).toMatchObject({ status: 'attempted', attempts: 1 });
    await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'captured' });
    expect((await api(sandbox.url, 'GET', `/v1/orders/${id}`)).json).toMatchObject({ status: 'paid', attempts: 2, amount_paid: 1000, amount_due: 0 });
    const refused = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'captured' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ success: false });
    const payments = await api(sandbox.url, 'GET', `/v1/orders/${id}/payments`);
    expect(payments.json.count).toBe(2);
    expect(payments.json.items[0]).toMatchObject({ entity: 'payment', notes: [], invoice_id: null, card: { entity: 'card', last4: '1007', network: 'Visa' } });
  });

  it('an authorized payment blocks a new attempt until captured; capture twice is an error', async () => {
    const id = (await order({ amount: 1000, currency: 'INR', payment: { capture: 'manual' } })).json.id as string;
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'authorized' });
    expect(made.json.payment.status).toBe('authorized');
    expect((await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'captured' })).status).toBe(400);
    const paymentId = made.json.razorpay_payment_id as string;
    expect((await api(sandbox.url, 'POST', `/v1/payments/${paymentId}/capture`, { amount: 1000, currency: 'INR' })).json).toMatchObject({ status: 'captured', captured: true });
    const again = await api(sandbox.url, 'POST', `/v1/payments/${paymentId}/capture`, { amount: 1000, currency: 'INR' });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('BAD_REQUEST_ERROR');
  });

  it('refunds: only captured payments, not above the captured amount, idempotency key reuse with another body is refused', async () => {
    const id = (await order({ amount: 5000, currency: 'INR' })).json.id as string;
    const failed = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'failed' });
    expect((await api(sandbox.url, 'POST', `/v1/payments/${failed.json.razorpay_payment_id}/refund`, {})).status).toBe(400);
    const paid = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'captured' });
    const pay = paid.json.razorpay_payment_id as string;
    expect((await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 6000 })).json.error.description).toBe('The refund amount provided is greater than amount captured');
    const headers = { 'X-Refund-Idempotency': 'idem_key_000001' };
    const first = await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 1000 }, headers);
    expect(first.json).toMatchObject({ entity: 'refund', amount: 1000, status: 'processed', speed_requested: 'normal', notes: [] });
    expect((await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 1000 }, headers)).json.id).toBe(first.json.id);
    expect((await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 2000 }, headers)).status).toBe(400);
    expect((await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 1000 }, { 'X-Refund-Idempotency': 'short' })).status).toBe(400);
  });

  it('refunds are fetched by id, under their payment, and listed per payment (newest first)', async () => {
    const id = (await order({ amount: 5000, currency: 'INR' })).json.id as string;
    const pay = (await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: id, status: 'captured' })).json.razorpay_payment_id as string;
    const other = (await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: (await order({ amount: 5000, currency: 'INR' })).json.id, status: 'captured' })).json
      .razorpay_payment_id as string;
    const first = (await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 1000 })).json;
    const second = (await api(sandbox.url, 'POST', `/v1/payments/${pay}/refund`, { amount: 2000 })).json;
    expect((await api(sandbox.url, 'GET', `/v1/refunds/${first.id}`)).json).toEqual(first);
    expect((await api(sandbox.url, 'GET', `/v1/payments/${pay}/refunds/${second.id}`)).json).toEqual(second);
    const listed = (await api(sandbox.url, 'GET', `/v1/payments/${pay}/refunds`)).json;
    expect(listed).toMatchObject({ entity: 'collection', count: 2 });
    expect(listed.items.map((r: { id: string }) => r.id).sort()).toEqual([first.id, second.id].sort());
    // A refund asked for under another payment does not exist there.
    expect((await api(sandbox.url, 'GET', `/v1/payments/${other}/refunds/${first.id}`)).json.error.description).toBe('The id provided does not exist');
    expect((await api(sandbox.url, 'GET', '/v1/refunds/rfnd_AAAAAAAAAAAAAA')).json.error.description).toBe('The id provided does not exist');
    expect((await api(sandbox.url, 'GET', '/v1/refunds/rfnd_1')).json.error.description).toBe('rfnd_1 is not a valid id');
  });
});

describe('sandbox controls', () => {
  it('knobs: read, partial update, unknown names and bad values refused, reset restores', async () => {
    const initial = (await (await fetch(`${sandbox.url}/sandbox/knobs`)).json()) as Record<string, unknown>;
    expect(initial).toMatchObject({ dropBrowserCallback: false, duplicateWebhooks: false, apiFailure: 'none', autoCapture: true });
    const updated = await sandboxPost(sandbox.url, '/sandbox/knobs', { duplicateWebhooks: true, callbackDelayMs: 50 });
    expect(updated.json).toMatchObject({ duplicateWebhooks: true, callbackDelayMs: 50, reorderWebhooks: false });
    expect((await sandboxPost(sandbox.url, '/sandbox/knobs', { duplicateWebhook: true })).status).toBe(400);
    expect((await sandboxPost(sandbox.url, '/sandbox/knobs', { apiFailure: 'sometimes' })).status).toBe(400);
    await sandboxPost(sandbox.url, '/sandbox/reset', {});
    expect(await (await fetch(`${sandbox.url}/sandbox/knobs`)).json()).toEqual(initial);
  });

  it('apiFailure with a count fails that many /v1 calls, then recovers by itself', async () => {
    await sandboxPost(sandbox.url, '/sandbox/knobs', { apiFailure: 'server_error', apiFailureCount: 2 });
    expect((await order({ amount: 100, currency: 'INR' })).status).toBe(500);
    const second = await order({ amount: 100, currency: 'INR' });
    expect(second.json.error).toMatchObject({ code: 'SERVER_ERROR' });
    expect((await order({ amount: 100, currency: 'INR' })).status).toBe(200);
    expect(sandbox.state.knobs.apiFailure).toBe('none');
  });

  it('checkout.js is public, cross-origin loadable, and the checkout calls answer CORS preflights', async () => {
    const script = await fetch(`${sandbox.url}/v1/checkout.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(await script.text()).toContain(`"publicUrl":"${sandbox.url}"`);
    const preflight = await fetch(`${sandbox.url}/sandbox/checkout/payments`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
  });

  it('POST /sandbox/payments validates its body', async () => {
    expect((await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: 'order_AAAAAAAAAAAAAA', status: 'paid' })).status).toBe(400);
    const missing = await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: 'order_AAAAAAAAAAAAAA', status: 'captured' });
    expect(missing).toMatchObject({ status: 400, json: { success: false, error: 'The id provided does not exist' } });
  });

  it('health and liveness', async () => {
    expect((await fetch(`${sandbox.url}/health`)).status).toBe(200);
    expect((await fetch(`${sandbox.url}/alive`)).status).toBe(200);
  });
});
