import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { pdfText } from '../../packages/invoices/test/read-pdf.js';
import { ADMIN } from '../admin/fixtures.js';
import { shopDb } from '../support/stack.js';
import { PAYING_CARD, addJarsAndCheckout, fillDeliveryDetails } from '../support/purchase.js';

/**
 * Decision 028 through the real stack: the owner creates a launch code with one use on Admin ->
 * Discount codes; two shoppers apply it and pay at once; one pays the discounted amount and is
 * confirmed, the other is told the code is used up before paying; the invoice shows the discount.
 */
test.use({ viewport: { width: 1280, height: 900 } });

async function asOwner(page: Page): Promise<void> {
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
}

async function shopperWithCode(browser: Browser, baseURL: string | undefined, code: string, who: { email: string; phone: string }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })).newPage();
  await addJarsAndCheckout(page, 2);
  await fillDeliveryDetails(page, who);
  await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  // Two jars of ₹500: 10% of the goods is ₹100; ₹1,000 + ₹150 shipping - ₹100.
  await expect(page.getByTestId('discount-applied')).toHaveText(`${code}: 10% off — you save ₹100`);
  await expect(page.getByTestId('summary-discount')).toHaveText(`Discount (${code})-₹100`);
  await expect(page.getByTestId('summary-total')).toHaveText('₹1,050');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Royal Order' });
  await expect(confirm.getByTestId('confirm-amount')).toHaveText('₹1,050');
  return page;
}

test('the owner makes a launch code with one use; of two shoppers paying at once, one pays the discounted total and the other is told it is used up', async ({ page, browser, baseURL }) => {
  // The owner and two shoppers, each in a browser context of their own, and one payment.
  test.setTimeout(180_000);
  const code = `LAUNCH${randomBytes(3).toString('hex').toUpperCase()}`;
  await asOwner(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Discount codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percentage off').fill('10');
  await form.getByLabel('Uses in total').fill('1');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByRole('status')).toHaveText(`${code} created.`);
  const card = page.getByTestId(`discount-${code}`);
  await expect(card).toContainText('10% off');
  await expect(card.getByTestId('discount-uses')).toHaveText('0 of 1');

  const tag = Date.now();
  const first = { email: `first.${tag}@example.in`, phone: '9811111111' };
  const second = { email: `second.${tag}@example.in`, phone: '9822222222' };
  const [a, b] = await Promise.all([shopperWithCode(browser, baseURL, code, first), shopperWithCode(browser, baseURL, code, second)]);
  // Both confirm at once: the server gives the one use to one of them.
  await Promise.all([a, b].map((shopper) => shopper.getByRole('dialog', { name: 'Confirm Your Royal Order' }).getByRole('button', { name: 'Confirm & Pay' }).click()));
  const razorpayOf = (shopper: Page) => shopper.getByRole('dialog').filter({ has: shopper.getByLabel('Card number') });
  const refusalOf = (shopper: Page) => shopper.locator('#checkout-discount-code-error');
  await expect.poll(async () => (await razorpayOf(a).isVisible()) !== (await razorpayOf(b).isVisible()), { timeout: 15_000 }).toBe(true);
  const [winner, loser, winnerEmail] = (await razorpayOf(a).isVisible()) ? [a, b, first.email] : [b, a, second.email];

  await expect(refusalOf(loser)).toHaveText('This code has been used up');
  await expect(razorpayOf(loser)).toHaveCount(0);
  await expect(loser.getByTestId('summary-total')).toHaveText('₹1,150');

  const razorpay = razorpayOf(winner);
  await razorpay.getByLabel('Card number').fill(PAYING_CARD);
  await razorpay.getByRole('button', { name: /^Pay / }).click();
  await expect(winner).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  await expect(winner.getByTestId('success-amount')).toHaveText('₹1,050');
  await expect(winner.getByTestId('success-discount')).toHaveText(`Discount (${code})-₹100`);

  const paid = () => shopDb().selectFrom('orders').select(['id', 'order_number', 'payment_status', 'amount_paise', 'discount_code', 'discount_paise']).where('customer_email', '=', winnerEmail).executeTakeFirst();
  await expect.poll(async () => (await paid())?.payment_status, { timeout: 15_000 }).toBe('paid');
  const order = (await paid())!;
  expect(order).toMatchObject({ amount_paise: 105_000, discount_code: code, discount_paise: 10_000 });
  expect(await shopDb().selectFrom('orders').select('id').where('customer_email', '=', winnerEmail === first.email ? second.email : first.email).execute()).toEqual([]);

  // The invoice: the price before the code, its discount, GST on the rest, the total paid.
  const invoice = await page.request.get(`/api/track/invoice?order=${encodeURIComponent(order.order_number)}&t=${encodeURIComponent(trackingToken(DEMO_TRACKING_LINK_SECRET, order.order_number))}`);
  expect(invoice.status()).toBe(200);
  const { text } = await pdfText(await invoice.body());
  for (const field of ['Unit price incl. GST Discount', '-100.00', `Discount code ${code}: Rs. 100.00 off`, 'Invoice total Rs. 1,050.00']) expect(text, text).toContain(field);

  // The owner sees the use and the discount given.
  await page.reload();
  await expect(card.getByTestId('discount-uses')).toHaveText('1 of 1');
  await expect(card.getByTestId('discount-paid')).toHaveText('1');
  await expect(card.getByTestId('discount-given')).toHaveText('₹100');
});
