import { expect, test, type Page } from '@playwright/test';
import { emailsAbout, shopDb } from '../support/stack.js';
import { shopSettled } from '../support/settled.js';
import { PAYING_CARD, addJarsAndCheckout, confirmAndPay, fillDeliveryDetails } from '../support/purchase.js';

/**
 * The golden journey through the gateway: a shopper buys a jar with the sandbox's test card and
 * the owner's inbox and the database agree; a declined card ends on the failure page.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('every validation message appears for bad input, and the form caps phone and pincode', async ({ page }) => {
  await addJarsAndCheckout(page, 1);
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  for (const message of [
    'Name is required',
    'Valid email required',
    'Valid 10-digit phone number required',
    'Flat/House number is required',
    'Street name is required',
    'Area/Locality is required',
    'City is required',
    'State is required',
    'Valid 6-digit pincode required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Phone number').pressSequentially('98765abc432109999');
  await expect(page.getByLabel('Phone number')).toHaveValue('9876543210');
  await page.getByLabel('Pincode').pressSequentially('11000399');
  await expect(page.getByLabel('Pincode')).toHaveValue('110003');
  await expect(page.getByText('+91', { exact: true })).toBeVisible();
  // The summary's total is labelled 'Subtotal' (a quirk kept from the spec): ₹500 + ₹100 shipping.
  await expect(page.getByTestId('summary-total')).toHaveText('₹600');
});

/**
 * The success page's receipt: the lines, the amount the server charged, the address, a Copy button
 * that puts the order number on the clipboard, and a countdown that counts.
 */
async function expectReceipt(page: Page): Promise<string> {
  const countdown = page.getByTestId('success-countdown');
  const secondsLeft = async () => Number(/ in (\d+) seconds?\.$/.exec((await countdown.textContent()) ?? '')?.[1]);
  const first = await secondsLeft();
  expect(first).toBeGreaterThanOrEqual(8);
  const orderNumber = (await page.getByTestId('success-order-id').textContent()) ?? '';
  await expect(page.getByTestId('success-items').getByRole('listitem')).toHaveText(['Royal Chicken Pickle x 2₹1,000', 'Shipping₹150']);
  await expect(page.getByTestId('success-amount')).toHaveText('₹1,150');
  await expect(page.getByTestId('success-address')).toHaveText('Kavya Menon7A, Linking RoadBandra West, MumbaiMaharashtra - 400050');
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText('Expected delivery: between');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNumber);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();

  await expect.poll(secondsLeft, { timeout: 3_000 }).toBeLessThan(first);
  return orderNumber;
}

test('a shopper pays with the test card, lands on the success page, and the order is paid with one confirmation and one owner alert', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `kavya.${Date.now()}@example.in`;
  await addJarsAndCheckout(page, 2);
  await fillDeliveryDetails(page, { email: email });
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  // Edit Details goes back to the form with the values kept.
  await page.getByRole('button', { name: 'Edit Details' }).click();
  await expect(page.getByLabel('City')).toHaveValue('Mumbai');
  await confirmAndPay(page, PAYING_CARD);

  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderNumber = await expectReceipt(page);

  const order = await shopDb().selectFrom('orders').selectAll().where('customer_email', '=', email).executeTakeFirstOrThrow();
  expect(order).toMatchObject({ status: 'paid', payment_status: 'paid', amount_paise: 115_000, city: 'Mumbai', order_number: orderNumber });
  expect(order.razorpay_payment_id).toMatch(/^pay_/);
  await expect
    .poll(async () => (await emailsAbout(order.order_number)).length, { timeout: 15_000 })
    .toBe(2);
  // Webhooks arrive after the verify: once they and the e-mail jobs are done, nothing was duplicated.
  await shopSettled();
  const emails = await emailsAbout(order.order_number);
  expect(emails).toHaveLength(2);
  expect(emails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  expect(emails.find((mail) => mail.to.includes(email))?.subject).toBe(`Your Royal Pickles order ${order.order_number} is confirmed`);
  // The cart is emptied after a successful payment.
  expect(await page.evaluate(() => window.sessionStorage.getItem('royalPicklesCart'))).toBeNull();
});

test("a declined card lands on the failure page with the provider's error and leaves a failed order", async ({ page }) => {
  const email = `declined.${Date.now()}@example.in`;
  await addJarsAndCheckout(page, 1);
  await fillDeliveryDetails(page, { email: email });
  // Whatever the overlay shows before the failure page, it never claims the transaction is completing.
  await page.evaluate(() => {
    const seen = { completing: false };
    (window as unknown as { __overlay: typeof seen }).__overlay = seen;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Completing your royal transaction...')) seen.completing = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await confirmAndPay(page, '4100 2800 0008 0001');
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment did not go through.' })).toBeVisible();
  await expect(page).toHaveURL(/\/payment-failed$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __overlay: { completing: boolean } }).__overlay.completing)).toBe(false);
  await expect(page.getByTestId('payment-error')).toContainText(/insufficient/i);
  await expect(page.getByTestId('refund-note')).toContainText('refunded automatically by Razorpay, usually within 5-7 working days');
  await expect
    .poll(async () => (await shopDb().selectFrom('orders').select(['status', 'payment_status']).where('customer_email', '=', email).executeTakeFirst())?.payment_status, { timeout: 10_000 })
    .toBe('failed');
  // The reference to quote is the shop's order number, and Razorpay's payment id when it made one.
  const order = await shopDb().selectFrom('orders').select(['order_number']).where('customer_email', '=', email).executeTakeFirstOrThrow();
  await expect(page.getByTestId('failed-reference')).toContainText(`Order ID${order.order_number}`);
  await expect(page.getByTestId('refund-note').getByRole('link', { name: 'support@royalpickles.in' })).toBeVisible();
});

test('without the payment script the shopper is told to refresh', async ({ page }) => {
  await page.route(/checkout\.js$/, (route) => route.abort());
  await addJarsAndCheckout(page, 1);
  await fillDeliveryDetails(page, { email: `noscript.${Date.now()}@example.in` });
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect.poll(() => alerts).toEqual(['Payment gateway not loaded. Please refresh the page and try again.']);
  await expect(page.getByRole('button', { name: 'Confirm & Pay' })).toBeEnabled();
});

test('an empty cart shows the empty page and goes home after 3 s', async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Your Royal Cart is Empty!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});
