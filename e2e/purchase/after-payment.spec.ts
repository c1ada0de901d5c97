import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { buyOneJar } from '../support/purchase.js';
import { shopSettled } from '../support/settled.js';
import { emailsAbout, type CaughtEmail } from '../support/stack.js';

/**
 * Everything after the payment, end to end through the real stack: the owner dispatches
 * a paid order, the shopper gets the dispatched e-mail once and opens its signed tracking link,
 * which shows the courier's link without typing anything; the owner marks it delivered and refunds
 * part of it, and every e-mail arrives exactly once (a refund's "started" none at all when the refund
 * is processed at once: the shopper's last e-mail names its latest state).
 */
test.use({ viewport: { width: 1280, height: 900 } });

const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin' };

async function openOrderPage(page: Page, id: string) {
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto(`/admin/orders/${id}`);
}

/** Waits until an e-mail whose subject matches arrives, then until the shop is settled, to catch a second copy. */
async function theOnlyEmail(orderNumber: string, subject: RegExp): Promise<CaughtEmail> {
  const matching = async () => (await emailsAbout(orderNumber)).filter((mail) => subject.test(mail.subject));
  await expect.poll(async () => (await matching()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await shopSettled();
  const found = await matching();
  expect(found, `exactly one e-mail "${subject}"`).toHaveLength(1);
  return found[0]!;
}

test('dispatch, the signed tracking link, delivery and a partial refund: each e-mail once, the tracking page in step', async ({ page, context }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  const email = `after.${Date.now()}@example.in`;
  const order = await buyOneJar(page, email);
  await openOrderPage(page, order.id);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();

  const form = page.getByRole('form', { name: 'Record the dispatch' });
  await form.getByLabel('Courier', { exact: true }).selectOption('bluedart');
  await form.getByLabel('AWB (tracking number)').fill('BD987654321');
  await form.getByRole('button', { name: 'Record dispatch' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dispatch recorded' })).toBeVisible();

  const dispatched = await theOnlyEmail(order.orderNumber, /is on its way/);
  expect(dispatched.to).toContain(email);
  expect(dispatched.text).toContain('BD987654321');
  const link = dispatched.text.match(/https?:\/\/\S+\/track\?order=[^\s)>\]]+/)?.[0];
  expect(link, 'a signed tracking link in the e-mail').toBeTruthy();

  // The shopper opens the link from the e-mail in a fresh browser: no order number or phone typed.
  const shopper = await context.browser()!.newContext();
  const tracking = await shopper.newPage();
  await tracking.goto(new URL(new URL(link!).pathname + new URL(link!).search, page.url()).toString());
  await expect(tracking.getByRole('heading', { level: 2, name: /On its way with Blue Dart/ })).toBeVisible();
  await expect(tracking.getByRole('link', { name: /Track with Blue Dart/ })).toHaveAttribute('href', /trackNo=BD987654321/);

  // Delivered: one e-mail, and the tracking page says so.
  await page.getByLabel('Change status to').selectOption('delivered');
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await theOnlyEmail(order.orderNumber, /has been delivered/);
  await tracking.reload();
  await expect(tracking.getByRole('heading', { level: 2, name: /delivered/i })).toBeVisible();

  // A partial refund, which Razorpay (the sandbox) processes at once: the shopper's one e-mail says it
  // is processed; a "started" beside it would only arrive after it. The tracking page shows it.
  const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
  await refunds.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund order/ });
  await dialog.getByLabel('Amount (₹)').fill('150');
  await dialog.getByLabel('Reason').fill('One jar arrived cracked');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Refund ₹150' }).click();
  await expect(refunds.getByRole('row').filter({ hasText: '₹150' })).toContainText('Processed', { timeout: 20_000 });
  await theOnlyEmail(order.orderNumber, /Refund of ₹150 processed/);
  expect((await emailsAbout(order.orderNumber)).filter((mail) => /Refund of ₹150 started/.test(mail.subject))).toEqual([]);
  await tracking.reload();
  await expect(tracking.getByText('₹150').first()).toBeVisible();

  // And the confirmation, sent when the payment was captured, is still the only one.
  await theOnlyEmail(order.orderNumber, /is confirmed/);
  await shopper.close();
});
