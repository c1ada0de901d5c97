import { razorpayRejection, sandboxPost, startReceiver, startTestSandbox, waitFor } from '@pickles/razorpay-sandbox/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRazorpayClient, isPaymentLinkEvent, parseWebhookEvent, type PaymentLinkInput } from '../src/index.js';

/** Every payment link call of the client against the Razorpay sandbox over HTTP, through the real SDK. */

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({ webhookUrl: receiver.url });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(async () => {
  // Webhooks of the test before must not land in this one's receiver.
  await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'earlier webhooks delivered');
  sandbox.state.reset();
  receiver.received.length = 0;
});
afterEach(() => {
  sandbox.state.setKnobs({ apiFailure: 'none', apiFailureCount: null });
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const input = (change: Partial<PaymentLinkInput> = {}): PaymentLinkInput => ({
  amountPaise: 105_000,
  referenceId: 'RP-1042',
  description: 'Order RP-1042: 2 jars of Royal Chicken Pickle',
  customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
  callbackUrl: 'https://shop.example/payment-link/return',
  expireBy: inMinutes(60),
  notes: { shop_order: 'RP-1042' },
  ...change,
});
/** The /v1 calls that reached the sandbox since `from`, as "METHOD path status". */
const callsSince = (from: number) => sandbox.state.requests.slice(from).map((r) => `${r.method} ${r.path.split('?')[0]} ${r.statusCode}`);

describe('createPaymentLink', () => {
  it('makes the link the shop needs: INR, paid in full, no SMS or e-mail from Razorpay, the callback by GET; notes, payments and order normalised', async () => {
    const expireBy = inMinutes(90);
    const link = await sandbox.client.createPaymentLink(input({ expireBy }));
    expect(link).toMatchObject({
      amount: 105_000,
      amount_paid: 0,
      currency: 'INR',
      accept_partial: false,
      reference_id: 'RP-1042',
      status: 'created',
      callback_url: 'https://shop.example/payment-link/return',
      callback_method: 'get',
      expire_by: Math.floor(expireBy.getTime() / 1000),
      notes: { shop_order: 'RP-1042' },
      payments: [],
      order_id: null,
    });
    expect(link.short_url).toMatch(new RegExp(`^${sandbox.url}/i/`));
    expect(sandbox.state.paymentLinks.links.get(link.id)).toMatchObject({ notify: { sms: false, email: false }, reminder_enable: false, payments: null });
  });

  it('asked again with the same reference, returns the link already made and makes no second one', async () => {
    const first = await sandbox.client.createPaymentLink(input());
    const before = sandbox.state.requests.length;
    const again = await sandbox.client.createPaymentLink(input());
    expect(again).toEqual(first);
    expect(callsSince(before)).toEqual(['POST /v1/payment_links 400', 'GET /v1/payment_links 200']);
    expect(sandbox.state.paymentLinks.links.size).toBe(1);
  });

  it('the same reference for another amount is a conflict, never the other link', async () => {
    await sandbox.client.createPaymentLink(input());
    expect(await razorpayRejection(sandbox.client.createPaymentLink(input({ amountPaise: 99_900 })))).toMatchObject({
      kind: 'conflict',
      field: 'reference_id',
      code: 'BAD_REQUEST_ERROR',
      retryable: false,
    });
    expect(sandbox.state.paymentLinks.links.size).toBe(1);
  });

  it('a create whose answer was lost is tried again and returns the link the first try made', async () => {
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    const before = sandbox.state.requests.length;
    const link = await sandbox.client.createPaymentLink(input());
    expect(sandbox.state.paymentLinks.links.size).toBe(1);
    expect(sandbox.state.paymentLinks.links.get(link.id)?.reference_id).toBe('RP-1042');
    expect(callsSince(before).at(-1)).toBe('GET /v1/payment_links 200');
  });

  it('a 500 is tried again after looking the reference up; one link', async () => {
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: 1 });
    const before = sandbox.state.requests.length;
    const link = await sandbox.client.createPaymentLink(input());
    expect(callsSince(before)).toEqual(['POST /v1/payment_links 500', 'GET /v1/payment_links 200', 'POST /v1/payment_links 200']);
    expect([...sandbox.state.paymentLinks.links.keys()]).toEqual([link.id]);
  });

  it('Razorpay down for good: server error after three tries, and no link', async () => {
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    expect(await razorpayRejection(sandbox.client.createPaymentLink(input()))).toMatchObject({ kind: 'server', statusCode: 500, retryable: true });
    expect(sandbox.state.requests.filter((r) => r.method === 'POST').length).toBe(3);
    expect(sandbox.state.paymentLinks.links.size).toBe(0);
  });

  it('bad keys are an authentication error, tried once', async () => {
    const wrong = createRazorpayClient({ keyId: 'rzp_test_Sandbox0000000001', keySecret: 'not_the_secret', webhookSecret: 'w'.repeat(10), apiBaseUrl: sandbox.url });
    expect(await razorpayRejection(wrong.createPaymentLink(input()))).toMatchObject({ kind: 'authentication', statusCode: 401 });
    expect(sandbox.state.requests).toHaveLength(1);
  });

  it('bad input is refused before any request', async () => {
    for (const change of [{ amountPaise: 50 }, { referenceId: '' }, { expireBy: inMinutes(10) }, { customer: { email: 'nope' } }, { callbackUrl: 'shop.example/return' }]) {
      expect((await razorpayRejection(sandbox.client.createPaymentLink(input(change)))).kind).toBe('invalid_request');
    }
    expect(sandbox.state.requests).toHaveLength(0);
  });
});

describe('fetchPaymentLink', () => {
  it('fetches a link; once paid it has its order and its payment', async () => {
    const link = await sandbox.client.createPaymentLink(input());
    expect(await sandbox.client.fetchPaymentLink(link.id)).toEqual(link);
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    const paid = await sandbox.client.fetchPaymentLink(link.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 105_000, order_id: made.json.razorpay_order_id });
    expect(paid.payments).toEqual([expect.objectContaining({ payment_id: made.json.razorpay_payment_id, status: 'captured', amount: 105_000 })]);
    expect(await sandbox.client.fetchOrder(paid.order_id!)).toMatchObject({ receipt: 'RP-1042', status: 'paid', notes: { shop_order: 'RP-1042' } });
  });

  it('an unknown or malformed id is not_found; a 500 is retried', async () => {
    expect(await razorpayRejection(sandbox.client.fetchPaymentLink('plink_AAAAAAAAAAAAAA'))).toMatchObject({ kind: 'not_found', statusCode: 400 });
    expect(await razorpayRejection(sandbox.client.fetchPaymentLink('plink_1'))).toMatchObject({ kind: 'not_found' });
    const link = await sandbox.client.createPaymentLink(input());
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: 2 });
    expect((await sandbox.client.fetchPaymentLink(link.id)).id).toBe(link.id);
  });
});

describe('cancelPaymentLink', () => {
  it('cancels an open link; cancelling it again returns it cancelled', async () => {
    const link = await sandbox.client.createPaymentLink(input());
    expect(await sandbox.client.cancelPaymentLink(link.id)).toMatchObject({ id: link.id, status: 'cancelled' });
    expect(await sandbox.client.cancelPaymentLink(link.id)).toMatchObject({ id: link.id, status: 'cancelled' });
    expect(sandbox.state.webhooks.events.filter((e) => e.event === 'payment_link.cancelled')).toHaveLength(1);
  });

  it('a cancel whose answer was lost is done: the link comes back cancelled, cancelled once', async () => {
    const link = await sandbox.client.createPaymentLink(input());
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    expect(await sandbox.client.cancelPaymentLink(link.id)).toMatchObject({ status: 'cancelled' });
    expect(sandbox.state.webhooks.events.filter((e) => e.event === 'payment_link.cancelled')).toHaveLength(1);
  });

  it('a paid or expired link cannot be cancelled (invalid_request) and keeps its status; an unknown one is not_found', async () => {
    const paid = await sandbox.client.createPaymentLink(input());
    await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: paid.id, status: 'captured' });
    expect(await razorpayRejection(sandbox.client.cancelPaymentLink(paid.id))).toMatchObject({ kind: 'invalid_request', statusCode: 400, code: 'BAD_REQUEST_ERROR', retryable: false });
    expect((await sandbox.client.fetchPaymentLink(paid.id)).status).toBe('paid');
    const expired = await sandbox.client.createPaymentLink(input({ referenceId: 'RP-1043' }));
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${expired.id}/expire`, {});
    expect(await razorpayRejection(sandbox.client.cancelPaymentLink(expired.id))).toMatchObject({ kind: 'invalid_request' });
    expect((await sandbox.client.fetchPaymentLink(expired.id)).status).toBe('expired');
    expect(await razorpayRejection(sandbox.client.cancelPaymentLink('plink_AAAAAAAAAAAAAA'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('the signed callback and the webhooks', () => {
  it('isValidPaymentLinkCallback accepts the query the sandbox signs for a paid link, and nothing altered', async () => {
    const link = await sandbox.client.createPaymentLink(input());
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    const query = made.json.payment_link_callback as Record<string, string>;
    const callback = {
      paymentLinkId: query.razorpay_payment_link_id!,
      referenceId: query.razorpay_payment_link_reference_id!,
      status: query.razorpay_payment_link_status!,
      paymentId: query.razorpay_payment_id!,
      signature: query.razorpay_signature!,
    };
    expect(callback).toMatchObject({ paymentLinkId: link.id, referenceId: 'RP-1042', status: 'paid' });
    expect(sandbox.client.isValidPaymentLinkCallback(callback)).toBe(true);
    expect(sandbox.client.isValidPaymentLinkCallback({ ...callback, status: 'created' })).toBe(false);
    expect(sandbox.client.isValidPaymentLinkCallback({ ...callback, referenceId: 'RP-1043' })).toBe(false);
    const other = createRazorpayClient({ keyId: 'rzp_test_Other', keySecret: 'another_key_secret', webhookSecret: 'w'.repeat(10), apiBaseUrl: sandbox.url });
    expect(other.isValidPaymentLinkCallback(callback)).toBe(false);
  });

  it('parses the paid, expired and cancelled webhooks as payment link events, signed with the webhook secret', async () => {
    const paid = await sandbox.client.createPaymentLink(input());
    await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: paid.id, status: 'captured' });
    const expired = await sandbox.client.createPaymentLink(input({ referenceId: 'RP-1043' }));
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${expired.id}/expire`, {});
    const cancelled = await sandbox.client.createPaymentLink(input({ referenceId: 'RP-1044' }));
    await sandbox.client.cancelPaymentLink(cancelled.id);
    await waitFor(() => sandbox.state.webhooks.idle, 5_000, 'webhooks delivered');
    expect(receiver.received).toHaveLength(6);
    const linkEvents = receiver.received
      .filter((hook) => sandbox.client.isValidWebhookSignature(hook.rawBody, hook.headers['x-razorpay-signature'] as string))
      .map((hook) => parseWebhookEvent(hook.rawBody))
      .filter(isPaymentLinkEvent);
    const byName = Object.fromEntries(linkEvents.map((event) => [event.event, event]));
    expect(Object.keys(byName).sort()).toEqual(['payment_link.cancelled', 'payment_link.expired', 'payment_link.paid']);
    const paidEvent = byName['payment_link.paid']!;
    if (paidEvent.event !== 'payment_link.paid') throw new Error('unreachable');
    expect(paidEvent.payload.payment_link.entity).toMatchObject({ id: paid.id, status: 'paid', reference_id: 'RP-1042', notes: { shop_order: 'RP-1042' } });
    expect(paidEvent.payload.order.entity).toMatchObject({ receipt: 'RP-1042', status: 'paid' });
    expect(paidEvent.payload.payment.entity).toMatchObject({ status: 'captured', amount: 105_000 });
    expect(byName['payment_link.expired']!.payload.payment_link.entity).toMatchObject({ id: expired.id, status: 'expired', payments: [], order_id: null });
    expect(byName['payment_link.cancelled']!.payload.payment_link.entity).toMatchObject({ id: cancelled.id, status: 'cancelled' });
  });
});
