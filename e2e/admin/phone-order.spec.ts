import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { pdfText } from '../../packages/invoices/test/read-pdf.js';
import { PAYING_CARD, fillFields } from '../support/purchase.js';
import { shopSettled } from '../support/settled.js';
import { emailsAbout, shopDb } from '../support/stack.js';
import { ADMIN, expect, seedOrder, test, uniqueTag } from './fixtures.js';
import { stackUrls } from '../support/stack.js';

/**
 * Decision 032 through the real stack: the owner takes an order by phone on Admin -> New order with
 * a discount code; the shop prices it and shows its payment link; the shopper opens the link (the
 * sandbox's hosted page, as rzp.io would be), pays, and is sent back to the shop's success page; the
 * order ends paid with exactly one confirmation e-mail and an invoice that shows the discount.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '.ci/out/shots/phone-order';
const WIDTHS = [360, 390, 1280];

test('the owner takes a phone order with a discount code; the shopper pays its link; one confirmation and an invoice with the discount', async ({ page, browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const tag = randomBytes(3).toString('hex');
  const code = `PHONE${tag.toUpperCase()}`;
  const email = `phone.${tag}@example.in`;

  // The owner logs in and makes a 10% code (the Discount codes page's own journey is elsewhere).
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const made = await page.request.post('/api/admin/discount-codes', {
    headers: { authorization: `Bearer ${token}` },
    data: { code, kind: 'percent', percent: 10, amount: null, minOrder: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerShopper: null, active: true },
  });
  expect(made.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New order' });
  await form.getByLabel(/Royal Chicken Pickle/).fill('2');
  await fillFields(form, { name: 'Lakshmi Narayanan', email, phone: '+91 98450 12345', pincode: '560038', flatNumber: '12B', street: '100 Feet Road', area: 'Indiranagar', city: 'Bengaluru' });
  await form.getByLabel('State').selectOption('Karnataka');
  await form.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/new-order-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Create order and payment link' }).click();

  // Two jars of ₹500, ₹150 shipping, 10% off the goods: the shop says ₹1,050.
  const placed = page.getByRole('heading', { level: 2, name: /^Order RP.* placed$/ });
  await expect(placed).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('phone-order-amount')).toHaveText('₹1,050');
  await expect(page.getByText(`after ${code} took off ₹100`)).toBeVisible();
  const linkUrl = (await page.getByTestId('payment-link-url').textContent())!;
  expect(linkUrl).toMatch(/\/i\/[A-Za-z0-9]+$/);
  await expect(page.getByRole('button', { name: 'Copy payment link' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/link-shown-${width}.png`, fullPage: true });
  }
  const orderNumber = (await placed.textContent())!.replace(/^Order (\S+) placed$/, '$1');
  const order = await shopDb().selectFrom('orders').select(['id', 'status', 'payment_status', 'amount_paise', 'discount_code']).where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  expect(order).toMatchObject({ status: 'created', payment_status: 'pending', amount_paise: 105_000, discount_code: code });

  // The shopper gets the link by e-mail (once), in the shop's words.
  await expect.poll(async () => (await emailsAbout(orderNumber)).filter((mail) => /^Pay for your Royal Pickles order/.test(mail.subject)).length, { timeout: 20_000 }).toBe(1);
  const linkMail = (await emailsAbout(orderNumber)).find((mail) => /^Pay for your Royal Pickles order/.test(mail.subject))!;
  expect(linkMail.to).toContain(email);
  expect(linkMail.text).toContain(linkUrl);
  expect(linkMail.text).toContain(`Discount (${code}): - ₹100`);
  const mailPage = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  await mailPage.setContent(linkMail.html);
  await mailPage.screenshot({ path: `${SHOTS}/link-email-390.png`, fullPage: true });
  await mailPage.setViewportSize({ width: 1280, height: 900 });
  await mailPage.screenshot({ path: `${SHOTS}/link-email-1280.png`, fullPage: true });
  await mailPage.context().close();

  // The shopper opens the link on her phone and pays on Razorpay's page.
  const shopper = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await shopper.goto(linkUrl);
  await expect(shopper.getByTestId('plink-amount')).toHaveText('₹1,050');
  await shopper.getByRole('button', { name: 'Pay ₹1,050' }).click();
  const razorpay = shopper.getByRole('dialog').filter({ has: shopper.getByLabel('Card number') });
  await razorpay.getByLabel('Card number').fill(PAYING_CARD);
  await razorpay.getByRole('button', { name: /^Pay / }).click();
  // Razorpay's signed callback lands her on the shop's success page.
  await expect(shopper).toHaveURL(/\/payment-success\?order=/, { timeout: 20_000 });
  await expect(shopper.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(shopper.getByTestId('success-order-id')).toHaveText(orderNumber);
  await shopper.getByRole('button', { name: 'Stay on this page' }).click();
  for (const width of WIDTHS) {
    await shopper.setViewportSize({ width, height: 844 });
    await shopper.screenshot({ path: `${SHOTS}/link-paid-success-${width}.png`, fullPage: true });
  }

  // The order is paid, through the one settle path: one confirmation, and the invoice shows the discount.
  await expect.poll(async () => (await shopDb().selectFrom('orders').select('payment_status').where('id', '=', order.id).executeTakeFirstOrThrow()).payment_status, { timeout: 20_000 }).toBe('paid');
  await expect.poll(async () => (await emailsAbout(orderNumber)).filter((mail) => / is confirmed$/.test(mail.subject)).length, { timeout: 20_000 }).toBe(1);
  await shopSettled();
  expect((await emailsAbout(orderNumber)).filter((mail) => / is confirmed$/.test(mail.subject))).toHaveLength(1);
  expect((await emailsAbout(orderNumber)).filter((mail) => /^Pay for your Royal Pickles order/.test(mail.subject))).toHaveLength(1);
  const invoice = await page.request.get(`/api/track/invoice?order=${encodeURIComponent(orderNumber)}&t=${encodeURIComponent(trackingToken(DEMO_TRACKING_LINK_SECRET, orderNumber))}`);
  expect(invoice.status()).toBe(200);
  const { text } = await pdfText(await invoice.body());
  for (const field of [`Discount code ${code}: Rs. 100.00 off`, 'Invoice total Rs. 1,050.00']) expect(text, text).toContain(field);

  // The owner's order page says the link was paid.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('region', { name: 'Payment link' }).getByRole('status')).toHaveText(/^Paid/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/order-page-link-paid-${width}.png`, fullPage: true });
  }
});

test("a failed order's page sends a payment link, says when it expired, and offers a new one", async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  page.on('dialog', (dialog) => void dialog.accept());
  const order = await seedOrder({ tag: uniqueTag(), status: 'failed', paymentStatus: 'failed', paymentId: null });
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto(`/admin/orders/${order.id}`);
  const card = page.getByRole('region', { name: 'Payment link' });
  await expect(card).toContainText('This order has no payment link.');
  await card.getByRole('button', { name: 'Send a payment link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Payment link e-mailed to ${order.email}` })).toBeVisible();
  await expect(card.getByRole('status')).toHaveText(/^Waiting for payment/);
  await expect(card.getByRole('button', { name: 'Send a payment link' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel link' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/order-page-link-sent-${width}.png`, fullPage: true });
  }

  // Razorpay expires the link (payment_link.expired): the page says so and offers a new one.
  const linkId = (await shopDb().selectFrom('orders').select('payment_link_id').where('id', '=', order.id).executeTakeFirstOrThrow()).payment_link_id!;
  expect((await fetch(`${stackUrls().sandboxUrl}/sandbox/payment-links/${linkId}/expire`, { method: 'POST' })).status).toBe(200);
  await expect
    .poll(async () => (await shopDb().selectFrom('orders').select('payment_link_status').where('id', '=', order.id).executeTakeFirstOrThrow()).payment_link_status, { timeout: 20_000 })
    .toBe('expired');
  await page.reload();
  await expect(card.getByRole('status')).toHaveText('Payment link expired');
  await expect(card.getByRole('button', { name: 'Send a payment link' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/order-page-link-expired-${width}.png`, fullPage: true });
  }
});
