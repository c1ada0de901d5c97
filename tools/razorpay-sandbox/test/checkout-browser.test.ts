import type { Browser, Page } from 'playwright-core';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openWatchedPage, startBrowserStack } from './browser.js';
import { DEFAULT_KEY_ID, DEFAULT_KEY_SECRET, startTestSandbox, waitFor } from './helpers.js';

/**
 * checkout.js in a real Chromium, used exactly the way the shop's payment page uses Razorpay's:
 * the test page lives on another origin than the sandbox, like the shop does.
 */

interface PageEvent {
  type: 'handler' | 'failed' | 'dismiss';
  response?: Record<string, any>;
  args?: unknown[];
  thisIsInstance?: boolean;
}

const shopPage = (sandboxUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Royal Pickles: pay</title></head>
<body>
<h1>Pay for your order</h1>
<script src="${sandboxUrl}/v1/checkout.js"></script>
<script>
  window.__events = [];
  window.startPayment = function (opts) {
    var rzp = new Razorpay({
      key: opts.key,
      amount: opts.amount,
      currency: 'INR',
      name: 'Royal Pickles',
      description: 'Royal Order Payment',
      order_id: opts.orderId,
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
      theme: { color: '#7a1f1f' },
      handler: function (response) {
        window.__events.push({ type: 'handler', response: response, thisIsInstance: this === rzp });
      },
      modal: {
        ondismiss: function () {
          window.__events.push({ type: 'dismiss', args: Array.prototype.slice.call(arguments) });
        }
      }
    });
    rzp.on('payment.failed', function (response) {
      window.__events.push({ type: 'failed', response: response });
    });
    rzp.open();
  };
  window.tryConstruct = function (options, withNew) {
    try {
      var instance = withNew ? new Razorpay(options) : Razorpay(options);
      return instance instanceof Razorpay ? 'instance' : 'not an instance';
    } catch (e) {
      return 'threw: ' + e.message;
    }
  };
</script>
</body></html>`;

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let shopUrl = '';
let browser: Browser;
let closeStack: (() => Promise<void>) | undefined;
let page: Page;
let pageErrors: string[] = [];

beforeAll(async () => {
  const stack = await startBrowserStack((started) => (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(shopPage(started.url));
  });
  ({ sandbox, browser, close: closeStack } = stack);
  shopUrl = `${stack.shop.origin}/checkout/pay`;
});

afterAll(() => closeStack?.());

beforeEach(async () => {
  ({ page, errors: pageErrors } = await openWatchedPage(browser));
  await page.goto(shopUrl);
});

afterEach(async () => {
  await page.close();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  sandbox.state.setKnobs({ dropBrowserCallback: false, mockBankPage: false });
});

const events = () => page.evaluate(() => (globalThis as unknown as { __events: PageEvent[] }).__events);

async function waitForEvent(type: PageEvent['type'], count = 1): Promise<PageEvent[]> {
  await page.waitForFunction(
    ([t, n]) => (globalThis as unknown as { __events: PageEvent[] }).__events.filter((e) => e.type === t).length >= (n as number),
    [type, count] as const,
    { timeout: 10_000 },
  );
  return (await events()).filter((e) => e.type === type);
}

async function openCheckout(amountPaise = 105_000) {
  const order = await sandbox.client.createOrder({ amountPaise, receipt: `BR-${Date.now()}` });
  await page.evaluate((opts) => (globalThis as unknown as { startPayment(o: unknown): void }).startPayment(opts), {
    key: DEFAULT_KEY_ID,
    amount: amountPaise,
    orderId: order.id,
  });
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return { order, dialog };
}

describe('checkout.js in Chromium', () => {
  it('success card: modal closes, then handler gets exactly the three fields with a valid signature', async () => {
    const { order, dialog } = await openCheckout();
    await expect(dialog.getByRole('heading', { name: 'Royal Pickles' }).isVisible()).resolves.toBe(true);
    expect(await dialog.textContent()).toContain('Royal Order Payment');
    expect(await dialog.getByTestId('rzp-amount').textContent()).toBe('₹1,050');
    expect(await dialog.getByText('Test Mode').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('+919876543210');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('asha@example.com');

    await dialog.getByLabel('Card number').fill('4100 2800 0000 1007');
    await dialog.getByRole('button', { name: 'Pay ₹1,050' }).click();
    const [handled] = await waitForEvent('handler');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const response = handled!.response as Record<string, string>;
    expect(Object.keys(response).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(response.razorpay_order_id).toBe(order.id);
    expect(response.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(handled!.thisIsInstance).toBe(true);
    expect(sandbox.client.isValidCheckoutSignature({ orderId: order.id, paymentId: response.razorpay_payment_id!, signature: response.razorpay_signature! })).toBe(true);
    expect(validatePaymentVerification({ order_id: order.id, payment_id: response.razorpay_payment_id! }, response.razorpay_signature!, DEFAULT_KEY_SECRET)).toBe(true);

    expect(await sandbox.client.fetchOrder(order.id)).toMatchObject({ status: 'paid', attempts: 1 });
    expect(await sandbox.client.fetchPayment(response.razorpay_payment_id!)).toMatchObject({
      status: 'captured',
      method: 'card',
      email: 'asha@example.com',
      contact: '+919876543210',
    });
    expect((await events()).map((e) => e.type)).toEqual(['handler']);
  });

  it('failure card: payment.failed with Razorpay\'s error payload, modal stays open, a retry succeeds', async () => {
    const { order, dialog } = await openCheckout(49_900);
    await dialog.getByLabel('Card number').fill('4100 2800 0008 0001');
    await dialog.getByRole('button', { name: 'Pay ₹499' }).click();
    const [failed] = await waitForEvent('failed');
    const error = failed!.response!.error as Record<string, any>;
    expect(error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'insufficient_funds',
      metadata: { order_id: order.id },
    });
    expect(error.description).toEqual(expect.any(String));
    expect(error.metadata.payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').textContent()).toBe(error.description);
    expect(await sandbox.client.fetchPayment(error.metadata.payment_id as string)).toMatchObject({ status: 'failed', error_reason: 'insufficient_funds' });

    await dialog.getByLabel('Card number').fill('5500 6700 0000 1002');
    await dialog.getByRole('button', { name: 'Pay ₹499' }).click();
    const [handled] = await waitForEvent('handler');
    expect(handled!.response!.razorpay_order_id).toBe(order.id);
    expect(await sandbox.client.fetchOrder(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
    expect((await events()).map((e) => e.type)).toEqual(['failed', 'handler']);
  });

  it('an amount with paise is shown as the shop shows it: ₹449.50, never ₹449.5', async () => {
    const { dialog } = await openCheckout(44_950);
    expect(await dialog.getByTestId('rzp-amount').textContent()).toBe('₹449.50');
    expect(await dialog.getByRole('button', { name: 'Pay ₹449.50' }).isVisible()).toBe(true);
  });

  it('Close calls modal.ondismiss() with no argument and nothing else', async () => {
    // The page's clock is the test's: anything checkout.js had scheduled runs when the clock is moved on.
    await page.clock.install();
    const { order, dialog } = await openCheckout();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const [dismissed] = await waitForEvent('dismiss');
    expect(dismissed!.args).toEqual([]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.clock.runFor(10_000);
    expect((await events()).map((e) => e.type)).toEqual(['dismiss']);
    expect((await sandbox.client.fetchOrder(order.id)).status).toBe('created');
  });

  it('bad options throw synchronously; Razorpay works without new', async () => {
    const attempt = (options: unknown, withNew: boolean) =>
      page.evaluate(([o, n]) => (globalThis as unknown as { tryConstruct(o: unknown, n: boolean): string }).tryConstruct(o, n as boolean), [options, withNew] as const);
    expect(await attempt({ amount: 100 }, true)).toBe('threw: No key passed');
    const notes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'x']));
    expect(await attempt({ key: DEFAULT_KEY_ID, notes }, true)).toBe('threw: Invalid notes (At most 15 notes are allowed)');
    expect(await attempt({ key: DEFAULT_KEY_ID, currency: 'rupees' }, true)).toMatch(/^threw: Invalid currency/);
    expect(await attempt({ key: DEFAULT_KEY_ID, order_id: 'order_x' }, false)).toBe('instance');
  });

  it('dropBrowserCallback: the payment succeeds and the modal closes, but handler is never called', async () => {
    sandbox.state.setKnobs({ dropBrowserCallback: true });
    // The page's clock is the test's: a handler checkout.js had scheduled runs when the clock is moved on.
    await page.clock.install();
    const { order, dialog } = await openCheckout();
    await dialog.getByLabel('Card number').fill('4100280000001007');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitFor(() => sandbox.state.orders.get(order.id)?.status === 'paid', 2_000, 'order paid');
    await page.clock.runFor(10_000);
    expect(await events()).toEqual([]);
  });

  it('mock bank page: Success and Failure buttons decide a success card\'s payment; UPI works too', async () => {
    sandbox.state.setKnobs({ mockBankPage: true });
    const { dialog } = await openCheckout();
    await dialog.getByLabel('Card number').fill('4100 2800 0000 1007');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await dialog.getByRole('button', { name: 'Failure' }).click();
    const [failed] = await waitForEvent('failed');
    expect(failed!.response!.error.reason).toBe('payment_failed');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await dialog.getByRole('button', { name: 'Success' }).click();
    await waitForEvent('handler');

    sandbox.state.setKnobs({ mockBankPage: false });
    const second = await openCheckout();
    await second.dialog.getByLabel('UPI ID').fill('failure@razorpay');
    await second.dialog.getByRole('button', { name: /^Pay / }).click();
    await waitForEvent('failed', 2);
    await second.dialog.getByLabel('UPI ID').fill('success@razorpay');
    await second.dialog.getByRole('button', { name: /^Pay / }).click();
    await waitForEvent('handler', 2);
  });
});
