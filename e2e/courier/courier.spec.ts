import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { buyOneJar } from '../support/purchase.js';
import { emailsAbout, type CaughtEmail } from '../support/stack.js';

/**
 * The courier, end to end through the courier sandbox (decision 025): the owner ships a paid order
 * from its page, the courier picks it up and fails a delivery, the owner re-attempts from the
 * delivery problems page with a corrected phone, the parcel is delivered; the shopper gets exactly
 * the e-mails the events call for, the tracking page follows them and the order page shows them on
 * its timeline. Then a return: the owner has the parcel returned, and it ends as returned, waiting
 * for the refund decision. Screens at 360, 390 and 1280 px go to /work/wt/shots/courier/ (SHOTS_DIR).
 */
test.use({ viewport: { width: 1280, height: 900 } });
test.setTimeout(120_000);

const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin' };
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/courier';
const courierSandbox = () => process.env.E2E_COURIER_SANDBOX_URL!;

async function logIn(page: Page) {
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
}

/** Plays the courier in the sandbox: one step of the parcel (its webhook follows). */
async function courierStep(awb: string, step: string, body: Record<string, string> = {}) {
  const response = await fetch(`${courierSandbox()}/sandbox/shipments/${encodeURIComponent(awb)}/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${step}: ${await response.clone().text()}`).toBe(200);
}

/** The e-mails about an order whose subject matches, once `count` have arrived and a moment has passed without another. */
async function emailsMatching(orderNumber: string, subject: RegExp, count: number): Promise<CaughtEmail[]> {
  const matching = async () => (await emailsAbout(orderNumber)).filter((mail) => subject.test(mail.subject));
  await expect.poll(async () => (await matching()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const found = await matching();
  expect(found, `exactly ${count} e-mail(s) "${subject}"`).toHaveLength(count);
  return found;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

async function shootEmail(page: Page, mail: CaughtEmail, name: string) {
  const viewer = await page.context().newPage();
  await viewer.setContent(mail.html);
  for (const width of [390, 1280]) {
    await viewer.setViewportSize({ width, height: 900 });
    await viewer.screenshot({ path: path.join(SHOTS, `email-${name}-${width}.png`), fullPage: true });
  }
  await viewer.close();
}

test('ship, picked up, out for delivery, a failed attempt, re-attempted with a corrected phone, delivered: the e-mails, the tracking page and the timeline follow', async ({ page, context }) => {
  const email = `courier.${Date.now()}@example.in`;
  const order = await buyOneJar(page, email);
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  const courierCard = page.getByRole('region', { name: 'Courier' });
  await expect(courierCard).toBeVisible();
  await shoot(page, 'order-ship');
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Booked with .*: AWB / })).toBeVisible();
  await expect(courierCard.getByTestId('shipment-state')).toHaveText('Booked');
  const awb = (await courierCard.locator('code').first().textContent())!.trim();
  expect(awb).toMatch(/^\w+$/);
  // The dispatch record is the courier's: its name, the AWB and its tracking page.
  await expect(page.getByRole('region', { name: 'Dispatch' })).toContainText(awb);

  const [dispatched] = await emailsMatching(order.orderNumber, /is on its way/, 1);
  expect(dispatched!.text).toContain(awb);
  expect(dispatched!.text).toContain(`${courierSandbox()}/tracking/${awb}`);
  const link = dispatched!.text.match(/https?:\/\/\S+\/track\?order=[^\s)>\]]+/)?.[0];
  expect(link, 'a signed tracking link in the e-mail').toBeTruthy();

  await courierStep(awb, 'pick-up');
  await courierStep(awb, 'in-transit');
  await courierStep(awb, 'out-for-delivery');
  const [outForDelivery] = await emailsMatching(order.orderNumber, /is out for delivery/, 1);
  await courierStep(awb, 'fail', { reason: 'customer-not-available' });
  const [failed] = await emailsMatching(order.orderNumber, /could not deliver/, 1);
  expect(failed!.text).toContain('but could not: Customer Not Available.');
  expect(failed!.text).toContain('within 24 hours');

  // The shopper's tracking page, from the e-mail's link in a fresh browser.
  const shopper = await context.browser()!.newContext();
  const tracking = await shopper.newPage();
  await tracking.goto(new URL(new URL(link!).pathname + new URL(link!).search, page.url()).toString());
  const events = tracking.getByRole('list', { name: 'What the courier reported' });
  await expect(events.getByRole('listitem').first()).toContainText('Delivery attempt failedCustomer Not Available');
  await shoot(tracking, 'tracking-failed-attempt');

  // The owner's delivery problems: the reason, one attempt, the time left; a re-attempt with a corrected phone.
  await page.getByRole('link', { name: 'Delivery problems' }).click();
  const problem = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await expect(problem).toContainText('Customer Not Available');
  await expect(problem).toContainText(/2[34] h \d+ min left to act/);
  await shoot(page, 'delivery-problems');
  await problem.getByLabel('Corrected phone (optional)').fill('9123456780');
  await problem.getByLabel('Note for the delivery agent (optional)').fill('Blue gate, ring twice');
  await problem.getByRole('button', { name: 'Re-attempt delivery' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${order.orderNumber}: the courier will try again.` })).toBeVisible();
  await expect(problem).toHaveCount(0);
  const ndr = await (await fetch(`${courierSandbox()}/sandbox/state`)).json();
  expect(JSON.stringify(ndr)).toContain('9123456780');

  await courierStep(awb, 'out-for-delivery');
  await emailsMatching(order.orderNumber, /is out for delivery/, 2);
  await courierStep(awb, 'deliver');
  const [delivered] = await emailsMatching(order.orderNumber, /has been delivered/, 1);
  // Exactly these e-mails to the shopper, each once.
  const subjects = (await emailsAbout(order.orderNumber)).filter((mail) => mail.to.includes(email)).map((mail) => mail.subject.replace(order.orderNumber, 'N'));
  expect(subjects.sort()).toEqual(
    [
      'Your Royal Pickles order N is confirmed',
      'Your Royal Pickles order N is on its way',
      'Your Royal Pickles order N is out for delivery',
      'We could not deliver your Royal Pickles order N',
      'Your Royal Pickles order N is out for delivery',
      'Your Royal Pickles order N has been delivered',
    ].sort(),
  );

  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId('delivery-status')).toHaveText('Delivered');
  const timeline = page.getByRole('list', { name: 'Courier events' }).getByRole('listitem');
  await expect(timeline).toHaveText([/^Pickup scheduled/, /^Picked up/, /^In transit/, /^Out for delivery/, /^Delivery failedCustomer Not Available/, /^Out for delivery/, /^Delivered/]);
  await shoot(page, 'order-delivered-timeline');

  await tracking.reload();
  await expect(tracking.getByRole('heading', { level: 2, name: /delivered/i })).toBeVisible();

  await shootEmail(page, dispatched!, 'dispatched');
  await shootEmail(page, outForDelivery!, 'out-for-delivery');
  await shootEmail(page, failed!, 'delivery-failed');
  await shootEmail(page, delivered!, 'delivered');
  await shopper.close();
});

test('a failed delivery returned at the owner\'s word ends as returned, waiting for the refund decision', async ({ page }) => {
  const email = `courier.rto.${Date.now()}@example.in`;
  const order = await buyOneJar(page, email);
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  const courierCard = page.getByRole('region', { name: 'Courier' });
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  await expect(courierCard.getByTestId('shipment-state')).toHaveText('Booked');
  const awb = (await courierCard.locator('code').first().textContent())!.trim();
  for (const step of ['pick-up', 'in-transit', 'out-for-delivery']) await courierStep(awb, step);
  await courierStep(awb, 'fail', { reason: 'address-incomplete' });
  await emailsMatching(order.orderNumber, /could not deliver/, 1);

  await page.goto('/admin/delivery-problems');
  const problem = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await expect(problem).toContainText('Incomplete Address');
  await problem.getByRole('button', { name: 'Return to us' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the courier returns the parcel to us' })).toBeVisible();
  // The courier starts the return (its webhook), then brings the parcel back.
  await expect.poll(async () => (await (await page.request.get(`/api/admin/orders/${order.id}`, { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('adminToken'))}` } })).json()).shipment.deliveryStatus, { timeout: 15_000 }).toBe('rto-initiated');
  await courierStep(awb, 'rto-deliver');
  await page.reload();
  await expect(problem).toContainText('Returned to us');
  await expect(problem).toContainText("Decide the refund on the order's page");
  await shoot(page, 'delivery-problems-returned');
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByTestId('delivery-status')).toHaveText('Returned to us');
  await expect(page.getByRole('button', { name: 'Refund…' })).toBeVisible();
});
