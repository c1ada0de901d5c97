import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { paymentLinkExpiryBounds } from '@pickles/razorpay-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, DEFAULT_KEY_ID, DEFAULT_KEY_SECRET, sandboxPost, startTestSandbox } from './helpers.js';

/** Payment Links through the official SDK and raw HTTP, as the shop and Razorpay's docs use them. */

interface Sdk {
  paymentLink: {
    create(params: Record<string, unknown>): Promise<Record<string, any>>;
    fetch(id: string): Promise<Record<string, any>>;
    all(params?: Record<string, unknown>): Promise<{ payment_links: Array<Record<string, any>> }>;
    edit(id: string, params: Record<string, unknown>): Promise<Record<string, any>>;
    cancel(id: string): Promise<Record<string, any>>;
  };
}

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let sdk: Sdk;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  const instance = new Razorpay({ key_id: DEFAULT_KEY_ID, key_secret: DEFAULT_KEY_SECRET }) as unknown as Sdk & { api: { rq: { defaults: { baseURL: string } } } };
  instance.api.rq.defaults.baseURL = sandbox.url;
  sdk = instance;
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await sandboxPost(sandbox.url, '/sandbox/reset', {});
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const inMinutes = (minutes: number) => nowSeconds() + minutes * 60;
const LINK = {
  amount: 105_000,
  currency: 'INR',
  accept_partial: false,
  reference_id: 'RP-1042',
  description: 'Order RP-1042: 2 jars of Royal Chicken Pickle',
  customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
  notify: { sms: false, email: false },
  reminder_enable: false,
  notes: { shop_order: 'RP-1042' },
  callback_url: 'https://shop.example/payment-link/return?o=RP-1042',
  callback_method: 'get',
};
const createLink = (body: Record<string, unknown>) => api(sandbox.url, 'POST', '/v1/payment_links', body);
const codeOf = (link: Record<string, any>) => (link.short_url as string).split('/i/')[1]!;
const rejection = (promise: Promise<unknown>) => promise.then(() => new Error('expected a rejection'), (error: unknown) => error);

describe('POST /v1/payment_links', () => {
  it('creates a link with Razorpay\'s entity shape, and its short URL is the sandbox\'s hosted page', async () => {
    const expireBy = inMinutes(60);
    const link = await sdk.paymentLink.create({ ...LINK, expire_by: expireBy });
    expect(Object.keys(link)).toEqual([
      'accept_partial', 'amount', 'amount_paid', 'callback_method', 'callback_url', 'cancelled_at', 'created_at', 'currency', 'customer', 'description',
      'expire_by', 'expired_at', 'first_min_partial_amount', 'id', 'notes', 'notify', 'payments', 'reference_id', 'reminder_enable', 'reminders',
      'short_url', 'status', 'updated_at', 'upi_link', 'user_id',
    ]);
    expect(link).toMatchObject({
      accept_partial: false,
      amount: 105_000,
      amount_paid: 0,
      callback_method: 'get',
      callback_url: LINK.callback_url,
      cancelled_at: 0,
      currency: 'INR',
      customer: LINK.customer,
      description: LINK.description,
      expire_by: expireBy,
      expired_at: 0,
      notes: { shop_order: 'RP-1042' },
      payments: null,
      reference_id: 'RP-1042',
      status: 'created',
    });
    expect(link.id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(link.short_url).toMatch(new RegExp(`^${sandbox.url}/i/[A-Za-z0-9]{7}$`));
    expect(Math.abs(link.created_at - nowSeconds())).toBeLessThan(5);
    const page = await fetch(link.short_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay ₹1,050');
    expect(html).toContain('Asha Rao');
    expect(html).toContain('Order RP-1042: 2 jars of Royal Chicken Pickle');
  });

  it('defaults as Razorpay does: INR, six months to expire, no callback, empty notes as []', async () => {
    const link = (await createLink({ amount: 100 })).json;
    expect(link).toMatchObject({ currency: 'INR', reference_id: '', description: '', callback_url: '', callback_method: '', notes: [], customer: {} });
    expect(Math.abs(link.expire_by - paymentLinkExpiryBounds(nowSeconds()).latest)).toBeLessThan(5);
  });

  it.each([
    ['no amount', { amount: undefined }, 'amount', 'amount: is required.', 'input_validation_failed'],
    ['an amount under ₹1', { amount: 99 }, 'amount', 'The amount must be at least INR 1.00', 'input_validation_failed'],
    ['a fractional amount', { amount: 1000.5 }, 'amount', 'The amount must be an integer.', 'input_validation_failed'],
    ['a bad currency', { currency: 'rupees' }, 'currency', 'The selected currency is invalid.', 'input_validation_failed'],
    ['a reference over 40 characters', { reference_id: 'R'.repeat(41) }, 'reference_id', 'The reference id may not be greater than 40 characters.', 'input_validation_failed'],
    ['a description over 2048 characters', { description: 'd'.repeat(2049) }, 'description', 'The description may not be greater than 2048 characters.', 'input_validation_failed'],
    ['a bad e-mail', { customer: { email: 'asha@' } }, 'customer.email', 'The email must be a valid email address.', 'input_validation_failed'],
    ['a bad phone number', { customer: { contact: '12ab' } }, 'customer.contact', 'The contact format is invalid.', 'input_validation_failed'],
    ['16 notes', { notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }, 'notes', 'The notes may not have more than 15 items.', 'input_validation_failed'],
    ['a callback URL without its method', { callback_method: undefined }, 'callback_method', 'The callback method field is required when callback url is present.', 'input_validation_failed'],
    ['callback_method post', { callback_method: 'post' }, 'callback_method', 'The selected callback method is invalid.', 'input_validation_failed'],
    ['a callback that is not a web URL', { callback_url: 'ftp://shop.example/x' }, 'callback_url', 'The callback url format is invalid.', 'input_validation_failed'],
    ['an expiry 14 minutes ahead', { expire_by: inMinutes(14) }, 'expire_by', 'The expire by date should be at least 15 minutes after the current time.', 'input_validation_failed'],
    ['an expiry seven months ahead', { expire_by: inMinutes(7 * 31 * 24 * 60) }, 'expire_by', 'The expire by date may not be more than 6 months after the current time.', 'input_validation_failed'],
    ['partial payments', { accept_partial: true }, 'accept_partial', 'Partial payment (accept_partial: true) is not supported by the Razorpay sandbox', 'input_validation_failed'],
    ['a first partial amount', { first_min_partial_amount: 500 }, 'first_min_partial_amount', 'first_min_partial_amount is/are not required and should not be sent', 'extra_field_sent'],
    ['a UPI-only link', { upi_link: true }, 'upi_link', 'A UPI Payment Link (upi_link: true) is not supported by the Razorpay sandbox', 'input_validation_failed'],
    ['an extra field', { receipt: 'RP-1042' }, 'receipt', 'receipt is/are not required and should not be sent', 'extra_field_sent'],
  ])('%s → 400 BAD_REQUEST_ERROR, and no link is made', async (_name, change, field, description, reason) => {
    const response = await createLink({ ...LINK, expire_by: inMinutes(60), ...change });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason, metadata: {}, field } });
    expect((await sdk.paymentLink.all()).payment_links).toEqual([]);
  });

  it('accepts the limits themselves: ₹1, a 40-character reference, 2048 characters of description, 15 notes, 15 minutes and six months ahead', async () => {
    const notes = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, 'v'.repeat(256)]));
    const soon = await createLink({ amount: 100, reference_id: 'R'.repeat(40), description: 'd'.repeat(2048), notes, expire_by: inMinutes(15) + 5 });
    expect(soon.status).toBe(200);
    expect(soon.json.notes).toEqual(notes);
    const late = await createLink({ amount: 100, expire_by: paymentLinkExpiryBounds(nowSeconds()).latest - 5 });
    expect(late.status).toBe(200);
  });

  it('a second link with a reference already used is refused 400, even once the first is cancelled', async () => {
    const first = await sdk.paymentLink.create(LINK);
    const refusal = await rejection(sdk.paymentLink.create({ ...LINK, amount: 50_000 }));
    expect(refusal).toEqual({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Payment Link with the reference_id already exists', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field: 'reference_id' },
    });
    await sdk.paymentLink.cancel(first.id);
    expect(await rejection(sdk.paymentLink.create(LINK))).toMatchObject({ statusCode: 400, error: { field: 'reference_id' } });
    expect((await sdk.paymentLink.all({ reference_id: 'RP-1042' })).payment_links.map((l) => l.id)).toEqual([first.id]);
    // Links without a reference do not collide.
    expect((await createLink({ amount: 100 })).status).toBe(200);
    expect((await createLink({ amount: 100 })).status).toBe(200);
  });
});

describe('fetch, list and edit', () => {
  it('fetches a link by id; an unknown id does not exist, a malformed one is not valid', async () => {
    const link = await sdk.paymentLink.create(LINK);
    expect(await sdk.paymentLink.fetch(link.id)).toEqual(link);
    expect(await rejection(sdk.paymentLink.fetch('plink_AAAAAAAAAAAAAA'))).toMatchObject({ statusCode: 400, error: { description: 'The id provided does not exist' } });
    expect(await rejection(sdk.paymentLink.fetch('plink_1'))).toMatchObject({ statusCode: 400, error: { description: 'plink_1 is not a valid id' } });
  });

  it('lists newest first as {payment_links}, filtered by reference_id or payment_id, paged by count and skip', async () => {
    const a = await sdk.paymentLink.create({ ...LINK, reference_id: 'RP-A' });
    const b = await sdk.paymentLink.create({ ...LINK, reference_id: 'RP-B' });
    const c = await sdk.paymentLink.create({ ...LINK, reference_id: 'RP-C' });
    const ids = (list: { payment_links: Array<Record<string, any>> }) => list.payment_links.map((l) => l.id);
    expect(ids(await sdk.paymentLink.all())).toEqual([c.id, b.id, a.id]);
    expect(ids(await sdk.paymentLink.all({ reference_id: 'RP-B' }))).toEqual([b.id]);
    expect(ids(await sdk.paymentLink.all({ count: 1, skip: 1 }))).toEqual([b.id]);
    const paid = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: a.id, status: 'captured' });
    expect(ids(await sdk.paymentLink.all({ payment_id: paid.json.razorpay_payment_id }))).toEqual([a.id]);
    expect(ids(await sdk.paymentLink.all({ reference_id: 'RP-NONE' }))).toEqual([]);
  });

  it('PATCH changes the reference, expiry, notes and reminders of an open link, and nothing else', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const expireBy = inMinutes(120);
    const edited = await sdk.paymentLink.edit(link.id, { reference_id: 'RP-1042-2', expire_by: expireBy, notes: { shop_order: 'RP-1042', try: '2' }, reminder_enable: true });
    expect(edited).toMatchObject({ id: link.id, reference_id: 'RP-1042-2', expire_by: expireBy, notes: { shop_order: 'RP-1042', try: '2' }, reminder_enable: true, amount: 105_000 });
    expect(await rejection(sdk.paymentLink.edit(link.id, { amount: 100 }))).toMatchObject({ error: { reason: 'extra_field_sent', field: 'amount' } });
    await sdk.paymentLink.create({ ...LINK, reference_id: 'RP-TAKEN' });
    expect(await rejection(sdk.paymentLink.edit(link.id, { reference_id: 'RP-TAKEN' }))).toMatchObject({ error: { field: 'reference_id' } });
    expect(await rejection(sdk.paymentLink.edit(link.id, { expire_by: inMinutes(5) }))).toMatchObject({ error: { field: 'expire_by' } });
    await sdk.paymentLink.cancel(link.id);
    expect(await rejection(sdk.paymentLink.edit(link.id, { reminder_enable: false }))).toMatchObject({ statusCode: 400, error: { description: 'Payment Link cannot be updated in cancelled state' } });
  });
});

describe('POST /v1/payment_links/:id/cancel', () => {
  it('cancels an open link once; a second cancel is refused; its page takes no payment', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const cancelled = await sdk.paymentLink.cancel(link.id);
    expect(cancelled).toMatchObject({ id: link.id, status: 'cancelled' });
    expect(Math.abs(cancelled.cancelled_at - nowSeconds())).toBeLessThan(5);
    expect(await rejection(sdk.paymentLink.cancel(link.id))).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', description: 'Payment Link cannot be cancelled' } });
    const pay = await fetch(`${sandbox.url}/i/${codeOf(link)}/pay`, { method: 'POST' });
    expect(pay.status).toBe(400);
    expect(((await pay.json()) as { error: { description: string } }).error.description).toBe('This payment link has been cancelled');
    expect(sandbox.state.orders.size).toBe(0);
  });

  it('a paid link cannot be cancelled, and stays paid', async () => {
    const link = await sdk.paymentLink.create(LINK);
    await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    expect(await rejection(sdk.paymentLink.cancel(link.id))).toMatchObject({ statusCode: 400, error: { description: 'Payment Link cannot be cancelled' } });
    expect((await sdk.paymentLink.fetch(link.id)).status).toBe('paid');
  });

  it('an expired link cannot be cancelled', async () => {
    const link = await sdk.paymentLink.create(LINK);
    expect((await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {})).json).toMatchObject({ status: 'expired' });
    expect(await rejection(sdk.paymentLink.cancel(link.id))).toMatchObject({ statusCode: 400 });
    expect((await sdk.paymentLink.fetch(link.id)).status).toBe('expired');
  });
});

describe('paying a link (the hosted page\'s path, here through POST /sandbox/payments)', () => {
  it('a captured payment pays the link through an order whose receipt is the reference; the callback query is signed as the SDK checks', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    expect(made.status).toBe(200);
    const paymentId = made.json.razorpay_payment_id as string;
    const paid = await sdk.paymentLink.fetch(link.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 105_000, order_id: made.json.razorpay_order_id });
    expect(paid.payments).toEqual([{ amount: 105_000, created_at: expect.any(Number), method: 'card', payment_id: paymentId, plink_id: link.id, status: 'captured', updated_at: expect.any(Number) }]);
    const order = (await api(sandbox.url, 'GET', `/v1/orders/${paid.order_id}`)).json;
    expect(order).toMatchObject({ amount: 105_000, amount_paid: 105_000, receipt: 'RP-1042', notes: { shop_order: 'RP-1042' }, status: 'paid', attempts: 1 });
    const payment = (await api(sandbox.url, 'GET', `/v1/payments/${paymentId}`)).json;
    expect(payment).toMatchObject({ order_id: order.id, amount: 105_000, status: 'captured', captured: true, description: `#${link.id.slice(6)}`, notes: { shop_order: 'RP-1042' } });

    const callback = made.json.payment_link_callback as Record<string, string>;
    expect(callback).toMatchObject({ razorpay_payment_id: paymentId, razorpay_payment_link_id: link.id, razorpay_payment_link_reference_id: 'RP-1042', razorpay_payment_link_status: 'paid' });
    const verify = (signature: string, status = 'paid') =>
      validatePaymentVerification(
        { payment_link_id: link.id, payment_link_reference_id: 'RP-1042', payment_link_status: status, payment_id: paymentId },
        signature,
        DEFAULT_KEY_SECRET,
      );
    expect(verify(callback.razorpay_signature!)).toBe(true);
    expect(verify(callback.razorpay_signature!, 'created')).toBe(false);
  });

  it('a declined card leaves the link created (its order attempted); a good card then pays it', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const declined = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'failed', failure_reason: 'card_declined' });
    expect(declined.json.error).toMatchObject({ reason: 'card_declined' });
    expect(declined.json.payment_link_callback).toBeUndefined();
    expect(await sdk.paymentLink.fetch(link.id)).toMatchObject({ status: 'created', amount_paid: 0, payments: null, order_id: declined.json.razorpay_order_id });
    expect((await api(sandbox.url, 'GET', `/v1/orders/${declined.json.razorpay_order_id}`)).json).toMatchObject({ status: 'attempted', attempts: 1 });
    const paid = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    expect(paid.json.razorpay_order_id).toBe(declined.json.razorpay_order_id);
    expect((await sdk.paymentLink.fetch(link.id)).status).toBe('paid');
  });

  it('a paid link cannot be paid again, by the link, its page or its order', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const first = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    expect(await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' })).toMatchObject({
      status: 400,
      json: { success: false, error: 'This payment link has already been paid' },
    });
    expect((await fetch(`${sandbox.url}/i/${codeOf(link)}/pay`, { method: 'POST' })).status).toBe(400);
    expect((await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: first.json.razorpay_order_id, status: 'captured' })).status).toBe(400);
    expect((await api(sandbox.url, 'GET', `/v1/orders/${first.json.razorpay_order_id}/payments`)).json.count).toBe(1);
  });

  it('an expired link takes no payment, even on the order made for it when paying started', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const started = (await (await fetch(`${sandbox.url}/i/${codeOf(link)}/pay`, { method: 'POST' })).json()) as { order_id: string; key_id: string; amount: number };
    expect(started).toMatchObject({ key_id: DEFAULT_KEY_ID, amount: 105_000 });
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {});
    expect(await sandboxPost(sandbox.url, '/sandbox/payments', { order_id: started.order_id, status: 'captured' })).toMatchObject({
      status: 400,
      json: { error: 'This payment link has expired' },
    });
    // The checkout the page opens is refused the same way.
    const viaCheckout = await sandboxPost(sandbox.url, '/sandbox/checkout/payments', { key_id: DEFAULT_KEY_ID, order_id: started.order_id, method: 'card', card_number: '4100280000001007' });
    expect(viaCheckout).toMatchObject({ status: 400, json: { error: { code: 'BAD_REQUEST_ERROR', description: 'This payment link has expired' } } });
    expect((await api(sandbox.url, 'GET', `/v1/orders/${started.order_id}/payments`)).json.count).toBe(0);
  });

  it('the link\'s order captures at once even when the account captures manually (autoCapture off)', async () => {
    sandbox.state.setKnobs({ autoCapture: false });
    const link = await sdk.paymentLink.create(LINK);
    const made = await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: link.id, status: 'captured' });
    expect(made.json.payment).toMatchObject({ status: 'captured' });
    const viaCard = await sdk.paymentLink.create({ ...LINK, reference_id: 'RP-MANUAL' });
    const orderId = ((await (await fetch(`${sandbox.url}/i/${codeOf(viaCard)}/pay`, { method: 'POST' })).json()) as { order_id: string }).order_id;
    const paid = await sandboxPost(sandbox.url, '/sandbox/checkout/payments', { key_id: DEFAULT_KEY_ID, order_id: orderId, method: 'card', card_number: '4100280000001007' });
    expect(paid.json).toMatchObject({ status: 'captured' });
    expect((await sdk.paymentLink.fetch(viaCard.id)).status).toBe('paid');
  });
});

describe('sandbox controls and knobs for links', () => {
  it('POST /sandbox/payment-links/:id/expire expires an open link now and refuses a closed one; GET /sandbox/payment-links lists them', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const expired = await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {});
    expect(expired.json).toMatchObject({ id: link.id, status: 'expired' });
    expect(Math.abs(expired.json.expired_at - nowSeconds())).toBeLessThan(5);
    expect(await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {})).toMatchObject({ status: 400, json: { success: false, error: 'The payment link is expired, not open' } });
    expect(await sandboxPost(sandbox.url, '/sandbox/payment-links/plink_AAAAAAAAAAAAAA/expire', {})).toMatchObject({ status: 400, json: { error: 'The id provided does not exist' } });
    const listed = (await (await fetch(`${sandbox.url}/sandbox/payment-links`)).json()) as { payment_links: Array<{ id: string; status: string }> };
    expect(listed.payment_links).toEqual([expect.objectContaining({ id: link.id, status: 'expired' })]);
    const state = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as { payment_links: Array<{ id: string }> };
    expect(state.payment_links.map((l) => l.id)).toEqual([link.id]);
  });

  it('the dashboard lists links, and its Expire now button (a plain form) expires one and comes back', async () => {
    const link = await sdk.paymentLink.create(LINK);
    const html = await (await fetch(`${sandbox.url}/sandbox`)).text();
    expect(html).toContain('<caption>Payment links</caption>');
    expect(html).toContain(link.id);
    expect(html).toContain(`<form method="post" action="/sandbox/payment-links/${link.id}/expire"><button type="submit">Expire now</button></form>`);
    const submitted = await fetch(`${sandbox.url}/sandbox/payment-links/${link.id}/expire`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Accept: 'text/html,application/xhtml+xml', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('/sandbox');
    expect((await sdk.paymentLink.fetch(link.id)).status).toBe('expired');
    expect(await (await fetch(`${sandbox.url}/sandbox`)).text()).not.toContain('Expire now</button>');
  });

  it('apiFailure applies to link calls: a 500 makes nothing; a lost response makes the link all the same', async () => {
    sandbox.state.setKnobs({ apiFailure: 'server_error', apiFailureCount: 1 });
    expect(await createLink(LINK)).toMatchObject({ status: 500, json: { error: { code: 'SERVER_ERROR' } } });
    expect(sandbox.state.paymentLinks.links.size).toBe(0);
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1 });
    await expect(createLink(LINK)).rejects.toThrow();
    expect((await sdk.paymentLink.all({ reference_id: 'RP-1042' })).payment_links).toHaveLength(1);
  });
});
