import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { sql } from '@pickles/db';
import { buyOneJar } from '../support/purchase.js';
import { e2eDb } from '../admin/fixtures.js';
import { emailsAbout, stackUrls, type CaughtEmail } from '../support/stack.js';
import { shopSettled } from '../support/settled.js';

/**
 * The courier, end to end through the courier sandbox (decision 025): the owner ships a paid order
 * from its page, the courier picks it up and fails a delivery, the owner re-attempts from the
 * delivery problems page with a corrected phone, the parcel is delivered; the shopper gets exactly
 * the e-mails the events call for, the tracking page follows them and the order page shows them on
 * its timeline. Then a return: the owner has the parcel returned, and it ends as returned, waiting
 * for the refund decision. Screens at 360, 390 and 1280 px go to .ci/out/shots/courier/ (SHOTS_DIR).
 */
test.use({ viewport: { width: 1280, height: 900 } });
// Generous: the e-mails and screenshots take their time on a loaded two-core machine.
test.setTimeout(240_000);

const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin' };
const SHOTS = process.env.SHOTS_DIR ?? '.ci/out/shots/courier';
const courierSandbox = () => stackUrls().courierSandboxUrl;

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

/** The e-mails about an order whose subject matches, once `count` have arrived and the shop has settled (a second copy would have come). */
async function emailsMatching(orderNumber: string, subject: RegExp, count: number): Promise<CaughtEmail[]> {
  const matching = async () => (await emailsAbout(orderNumber)).filter((mail) => subject.test(mail.subject));
  await expect.poll(async () => (await matching()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  await shopSettled();
  const found = await matching();
  expect(found, `exactly ${count} e-mail(s) "${subject}"`).toHaveLength(count);
  return found;
}

/** A shopper buys one jar and the owner, logged in, opens its page: gives the order and its Courier card. */
async function paidOrderOnItsPage(page: Page, email: string) {
  const order = await buyOneJar(page, email);
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  return { order, courierCard: page.getByRole('region', { name: 'Courier' }) };
}

/** Ship's courier picker: the courier chosen by name, or "Automatic" as it opens; then Book courier. */
async function bookInPicker(page: Page, courierName?: string) {
  const picker = page.getByRole('dialog', { name: /^Ship order / });
  await expect(picker.getByRole('radio', { name: /^Automatic \(cheapest \/ recommended\)/ })).toBeChecked();
  if (courierName) await picker.getByRole('radio', { name: new RegExp(`^${courierName}`) }).check();
  await picker.getByRole('button', { name: 'Book courier' }).click();
  await expect(picker).toHaveCount(0);
}

/** The admin API as the logged-in owner's page calls it. */
async function adminApi(page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  return (await page.request.get(path, { headers: { authorization: `Bearer ${token}` } })).json();
}

async function setKnobs(knobs: Record<string, unknown>) {
  const response = await fetch(`${courierSandbox()}/sandbox/knobs`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(knobs) });
  expect(response.status).toBe(200);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the page has laid itself out at the new width.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
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
  const { order, courierCard } = await paidOrderOnItsPage(page, email);
  await expect(courierCard).toBeVisible();
  await shoot(page, 'order-ship');
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  await bookInPicker(page);
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
  const { order, courierCard } = await paidOrderOnItsPage(page, email);
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  await bookInPicker(page);
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

test('the courier picker: the couriers for the pincode with rate and days, one chosen and booked; the booking cancelled before pickup, shipped again, and no cancel after pickup', async ({ page }) => {
  const { order, courierCard } = await paidOrderOnItsPage(page, `courier.pick.${Date.now()}@example.in`);
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  const picker = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await expect(picker.getByText('Couriers for pincode 400050, parcel 0.5 kg')).toBeVisible();
  const options = picker.getByRole('radio');
  await expect.poll(() => options.count()).toBeGreaterThan(2);
  await expect(picker.getByRole('radio', { name: /^Automatic \(cheapest \/ recommended\)/ })).toBeChecked();
  // Each courier with its rate in rupees and its days, as the courier quoted them.
  const quoted = (await adminApi(page, `/api/admin/orders/${order.id}/courier-options`)) as { couriers: { courierId: number; courierName: string; ratePaise: number; estimatedDeliveryDays: number }[]; recommendedCourierId: number };
  const other = quoted.couriers.find((courier) => courier.courierId !== quoted.recommendedCourierId)!;
  const otherLabel = picker.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`^${other.courierName}`) }) });
  await expect(otherLabel).toContainText(`₹${(other.ratePaise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`);
  await expect(otherLabel).toContainText(`${other.estimatedDeliveryDays} day`);
  await expect(picker.getByText('Recommended', { exact: true })).toHaveCount(1);
  await shoot(page, 'courier-picker');
  await bookInPicker(page, other.courierName);
  await expect(page.getByRole('status').filter({ hasText: `Booked with ${other.courierName}: AWB ` })).toBeVisible();
  const awb = (await courierCard.locator('code').first().textContent())!.trim();

  // Cancel before pickup, confirmed: the order is to ship again, the courier's booking cancelled.
  page.once('dialog', (dialog) => void dialog.accept());
  await courierCard.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Booking ${awb} cancelled` })).toBeVisible();
  await expect(courierCard.getByTestId('shipment-state')).toHaveText('Booking cancelled');
  await expect(page.getByRole('region', { name: 'Dispatch' }).getByRole('button', { name: /Record dispatch/ })).toBeVisible();
  const sandboxState = (await (await fetch(`${courierSandbox()}/sandbox/state`)).json()) as { shipments: { awb: string | null; phase: string }[] };
  expect(sandboxState.shipments.find((shipment) => shipment.awb === awb)?.phase).toBe('cancelled');
  await shoot(page, 'booking-cancelled');

  // Shipped again (a new booking), picked up: no cancel any more.
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  await bookInPicker(page);
  await expect(courierCard.getByTestId('shipment-state')).toHaveText('Booked');
  const second = (await courierCard.locator('code').first().textContent())!.trim();
  expect(second).not.toBe(awb);
  await expect(courierCard.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await courierStep(second, 'pick-up');
  await expect.poll(async () => (await adminApi(page, `/api/admin/orders/${order.id}`)).shipment.deliveryStatus, { timeout: 15_000 }).toBe('picked-up');
  await page.reload();
  await expect(courierCard.getByTestId('delivery-status')).toHaveText('Picked up');
  await expect(courierCard.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});

test('the courier down: the booking waits and the shop keeps trying; after half an hour the delivery problems page puts it before the owner, until the courier takes it', async ({ page }) => {
  const { order, courierCard } = await paidOrderOnItsPage(page, `courier.down.${Date.now()}@example.in`);
  await courierCard.getByRole('button', { name: 'Ship' }).click();
  const picker = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await expect(picker.getByRole('radio', { name: /^Automatic \(cheapest \/ recommended\)/ })).toBeChecked();
  // The courier's API goes down between the quote and the booking.
  await setKnobs({ apiFailure: 'unavailable' });
  try {
    await picker.getByRole('button', { name: 'Book courier' }).click();
    await expect(page.getByText('The courier did not answer: the booking is pending and the shop keeps trying.')).toBeVisible();
    await expect(courierCard.getByTestId('shipment-state')).toHaveText('Booking pending');

    // Under half an hour it is the order page's to show; the queue says nothing of it yet.
    await page.goto('/admin/delivery-problems');
    await expect(page.getByRole('heading', { name: 'Delivery problems', level: 1 })).toBeVisible();
    const waiting = page.getByRole('alert').filter({ hasText: 'waiting for the courier' });
    await expect(page.getByRole('link', { name: `Order ${order.orderNumber}` })).toHaveCount(0);

    // Half an hour on (the request moved back in time), it is listed with why, and links to the order.
    await e2eDb().updateTable('shipments').set({ requested_at: sql`now() - interval '31 minutes'` }).where('order_id', '=', order.id).execute();
    await page.reload();
    await expect(waiting.getByRole('heading', { name: /waiting for the courier$/ })).toBeVisible();
    const line = waiting.getByRole('listitem').filter({ hasText: `Order ${order.orderNumber}` });
    await expect(line).toContainText('The courier did not answer');
    await expect(line).toContainText(/\d+ (try|tries)/);
    await expect(waiting).toContainText('never books a parcel twice');
    await shoot(page, 'booking-waiting');
  } finally {
    await setKnobs({ apiFailure: 'none' });
  }

  // The courier is back: the worker's next try books it, once, and the queue lets it go.
  await e2eDb().updateTable('shipments').set({ next_attempt_at: sql`now()` }).where('order_id', '=', order.id).execute();
  await expect.poll(async () => (await adminApi(page, `/api/admin/orders/${order.id}`)).shipment.state, { timeout: 90_000 }).toBe('booked');
  await page.reload();
  await expect(page.getByRole('link', { name: `Order ${order.orderNumber}` })).toHaveCount(0);
});

test('no courier serves the pincode: the picker says so and leads to the manual dispatch', async ({ page }) => {
  const order = await buyOneJar(page, `courier.none.${Date.now()}@example.in`);
  await logIn(page);
  await setKnobs({ unserviceablePincodes: ['400050'] });
  try {
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('region', { name: 'Courier' }).getByRole('button', { name: 'Ship' }).click();
    const picker = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
    await expect(picker.getByRole('alert')).toContainText('No courier delivers to 400050.');
    await expect(picker.getByRole('button', { name: 'Book courier' })).toHaveCount(0);
    await shoot(page, 'courier-picker-unserviceable');
    await picker.getByRole('button', { name: 'Record dispatch by hand' }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Dispatch' }).getByLabel('Courier', { exact: true })).toBeFocused();
  } finally {
    await setKnobs({ unserviceablePincodes: [] });
  }
});

test('Ship selected in the order list: each ticked order booked, shown with its AWB, and one PDF of their labels', async ({ page, context }) => {
  const first = await buyOneJar(page, `courier.batch1.${Date.now()}@example.in`);
  const second = await buyOneJar(page, `courier.batch2.${Date.now()}@example.in`);
  await logIn(page);
  await page.goto('/admin');
  for (const order of [first, second]) await page.getByRole('checkbox', { name: `Select ${order.orderNumber} to ship` }).check();
  const shipSelected = page.getByRole('button', { name: 'Ship selected (2)' });
  page.once('dialog', (dialog) => void dialog.accept());
  await shipSelected.click();
  const result = page.getByRole('region', { name: 'Ship selected result' });
  await expect(result.getByRole('status')).toHaveText('2 booked with the courier.');
  for (const order of [first, second]) {
    const line = result.getByRole('listitem').filter({ hasText: order.orderNumber });
    await expect(line).toContainText(/Booked .* · AWB \w+/);
    await expect(page.getByRole('checkbox', { name: `Select ${order.orderNumber} to ship` })).not.toBeChecked();
  }
  await expect(page.getByRole('button', { name: 'Ship selected (0)' })).toBeDisabled();
  await shoot(page, 'ship-selected');
  // The PDF opens in a tab of its own, which goes to it: a browser with a PDF viewer shows it there, a
  // headless one saves it. The order list stays where it was.
  const tab = context.waitForEvent('page');
  const labelsPdf = context.waitForEvent('response', (response) => /\/files\/labels\/\w+\.pdf$/.test(response.url()));
  await result.getByRole('button', { name: 'Print 2 labels' }).click();
  const pdf = await labelsPdf;
  expect(await tab).not.toBe(page);
  expect(pdf.request().isNavigationRequest()).toBe(true);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expect(page).toHaveURL(/\/admin$/);
});
