import type { Browser, Page } from 'playwright-core';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openWatchedPage, startBrowserStack } from './browser.js';
import { DEFAULT_KEY_SECRET, sandboxPost, startTestSandbox, waitFor } from './helpers.js';

/**
 * A link's hosted page in a real Chromium, as a shopper who got the link by e-mail or WhatsApp uses
 * it; the callback lands on a stand-in for the shop, on another origin.
 */

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let shopOrigin = '';
const returns: URL[] = [];
let browser: Browser;
let closeStack: (() => Promise<void>) | undefined;
let page: Page;
let pageErrors: string[] = [];
let sequence = 0;

beforeAll(async () => {
  const stack = await startBrowserStack(() => (req, res) => {
    const url = new URL(req.url ?? '/', shopOrigin);
    // Chromium also asks for /favicon.ico.
    if (url.pathname === '/payment-link/return') returns.push(url);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!doctype html><html lang="en"><head><title>Royal Pickles</title></head><body><h1>Thank you</h1></body></html>');
  });
  ({ sandbox, browser, close: closeStack } = stack);
  shopOrigin = stack.shop.origin;
});

afterAll(() => closeStack?.());

beforeEach(async () => {
  ({ page, errors: pageErrors } = await openWatchedPage(browser));
  returns.length = 0;
});

afterEach(async () => {
  await page.close();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  sandbox.state.setKnobs({ dropBrowserCallback: false });
});

async function newLink(options: { callback?: boolean; amountPaise?: number } = {}) {
  sequence += 1;
  const referenceId = `RP-PL-${sequence}-${Date.now()}`;
  return sandbox.client.createPaymentLink({
    amountPaise: options.amountPaise ?? 105_000,
    referenceId,
    description: 'Order RP-1042: 2 jars of Royal Chicken Pickle',
    customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
    ...(options.callback === false ? {} : { callbackUrl: `${shopOrigin}/payment-link/return?order=RP-1042` }),
    expireBy: new Date(Date.now() + 60 * 60_000),
  });
}

const payButton = () => page.getByRole('button', { name: /^Pay / }).first();

describe('the payment link page in Chromium', () => {
  it('shows what is asked and from whom; a test card pays it and the browser lands on callback_url with a signature the SDK validates', async () => {
    const link = await newLink();
    await page.goto(link.short_url);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Royal Pickles');
    const body = (await page.locator('main').textContent()) ?? '';
    for (const text of ['Test Mode', 'Payment request', 'Amount payable', '₹1,050', 'Order RP-1042: 2 jars of Royal Chicken Pickle', link.reference_id, 'Asha Rao', 'asha@example.com', '+919876543210', 'Link expires']) {
      expect(body).toContain(text);
    }
    await page.getByRole('button', { name: 'Pay ₹1,050' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('rzp-amount').textContent()).toBe('₹1,050');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('asha@example.com');
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('+919876543210');
    await dialog.getByLabel('Card number').fill('4100 2800 0000 1007');
    await dialog.getByRole('button', { name: 'Pay ₹1,050' }).click();
    await page.waitForURL(`${shopOrigin}/payment-link/return?**`);
    expect(await page.getByRole('heading', { name: 'Thank you' }).isVisible()).toBe(true);

    const query = Object.fromEntries(returns.at(-1)!.searchParams);
    expect(Object.keys(query).sort()).toEqual([
      'order', 'razorpay_payment_id', 'razorpay_payment_link_id', 'razorpay_payment_link_reference_id', 'razorpay_payment_link_status', 'razorpay_signature',
    ]);
    expect(query).toMatchObject({ order: 'RP-1042', razorpay_payment_link_id: link.id, razorpay_payment_link_reference_id: link.reference_id, razorpay_payment_link_status: 'paid' });
    const verification = { payment_link_id: link.id, payment_link_reference_id: link.reference_id, payment_link_status: 'paid', payment_id: query.razorpay_payment_id! };
    expect(validatePaymentVerification(verification, query.razorpay_signature!, DEFAULT_KEY_SECRET)).toBe(true);
    expect(
      sandbox.client.isValidPaymentLinkCallback({ paymentLinkId: link.id, referenceId: link.reference_id, status: 'paid', paymentId: query.razorpay_payment_id!, signature: query.razorpay_signature! }),
    ).toBe(true);

    const paid = await sandbox.client.fetchPaymentLink(link.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 105_000 });
    expect(paid.payments.map((p) => p.payment_id)).toEqual([query.razorpay_payment_id]);
    expect(await sandbox.client.fetchPayment(query.razorpay_payment_id!)).toMatchObject({ status: 'captured', order_id: paid.order_id, email: 'asha@example.com', contact: '+919876543210' });

    // Opened again, the link says it is paid and offers nothing to pay.
    await page.goto(link.short_url);
    expect(await page.getByRole('status').textContent()).toContain('Payment received');
    expect(await page.getByRole('status').textContent()).toContain(query.razorpay_payment_id);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
  });

  it('a declined card: checkout shows the refusal and stays open, the link stays created; closing checkout brings the Pay button back', async () => {
    const link = await newLink({ amountPaise: 44_950 });
    await page.goto(link.short_url);
    await page.getByRole('button', { name: 'Pay ₹449.50' }).click();
    const dialog = page.getByRole('dialog');
    // Paise are shown as the shop shows them: ₹449.50, never ₹449.5.
    expect(await dialog.getByTestId('rzp-amount').textContent()).toBe('₹449.50');
    await dialog.getByLabel('Card number').fill('4100 2800 0006 0003');
    await dialog.getByRole('button', { name: 'Pay ₹449.50' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Your payment was declined by your bank. Try another card or payment method.');
    const afterDecline = await sandbox.client.fetchPaymentLink(link.id);
    expect(afterDecline).toMatchObject({ status: 'created', amount_paid: 0, payments: [] });
    expect(await sandbox.client.fetchOrderPayments(afterDecline.order_id!)).toEqual([expect.objectContaining({ status: 'failed', error_reason: 'card_declined' })]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await payButton().isEnabled()).toBe(true);
    expect(returns).toEqual([]);
  });

  it('expired, cancelled and paid links say so and offer no Pay button; an unknown link is a 404 page', async () => {
    const expired = await newLink();
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${expired.id}/expire`, {});
    const cancelled = await newLink();
    await sandbox.client.cancelPaymentLink(cancelled.id);
    const paid = await newLink();
    await sandboxPost(sandbox.url, '/sandbox/payments', { payment_link_id: paid.id, status: 'captured' });
    for (const [link, heading] of [
      [expired, 'This payment link has expired'],
      [cancelled, 'This payment link has been cancelled'],
      [paid, 'Payment received'],
    ] as const) {
      await page.goto(link.short_url);
      expect(await page.getByRole('status').getByRole('heading').textContent()).toBe(heading);
      expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    }
    const missing = await page.goto(`${sandbox.url}/i/NoSuch1`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'This payment link does not exist' }).isVisible()).toBe(true);
  });

  it('a link that expires while its page is open refuses the payment when Pay is pressed', async () => {
    const link = await newLink();
    await page.goto(link.short_url);
    await sandboxPost(sandbox.url, `/sandbox/payment-links/${link.id}/expire`, {});
    await payButton().click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('This payment link has expired');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await sandbox.client.fetchPaymentLink(link.id)).order_id).toBeNull();
  });

  it('without a callback URL the page itself shows the payment received', async () => {
    const link = await newLink({ callback: false });
    await page.goto(link.short_url);
    await payButton().click();
    await page.getByRole('dialog').getByLabel('UPI ID').fill('success@razorpay');
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('status').getByRole('heading', { name: 'Payment received' }).waitFor();
    expect(page.url()).toBe(link.short_url);
    expect(returns).toEqual([]);
  });

  it('dropBrowserCallback: the link is paid but the browser never leaves the page (the shopper closed the tab)', async () => {
    sandbox.state.setKnobs({ dropBrowserCallback: true });
    const link = await newLink();
    // The page's clock is the test's: a return to the shop the page had scheduled happens when the clock is moved on.
    await page.clock.install();
    await page.goto(link.short_url);
    // Counted as it starts: the Navigation API's navigate event fires inside location.assign itself.
    await page.evaluate(() => {
      const page = globalThis as unknown as { navigation: EventTarget; leaving: number };
      page.leaving = 0;
      page.navigation.addEventListener('navigate', () => (page.leaving += 1));
    });
    await payButton().click();
    await page.getByRole('dialog').getByLabel('Card number').fill('5500 6700 0000 1002');
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitFor(() => sandbox.state.paymentLinks.links.get(link.id)?.status === 'paid', 3_000, 'link paid');
    await page.clock.runFor(10_000);
    expect(await page.evaluate(() => (globalThis as unknown as { leaving: number }).leaving)).toBe(0);
    expect(page.url()).toBe(link.short_url);
    expect(returns).toEqual([]);
  });
});
