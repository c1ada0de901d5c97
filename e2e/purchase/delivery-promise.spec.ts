import { expect, test, type Page } from '@playwright/test';
import { describePromise, promiseDelivery, promiseFromDispatch, type DeliveryZone } from '@pickles/shared/delivery-promise';
import { emailsAbout, shopDb, type CaughtEmail } from '../support/stack.js';
import { PAYING_CARD, addJarsAndCheckout, fillDeliveryDetails, type DeliveryDetails } from '../support/purchase.js';

/**
 * One delivery promise (packages/shared/src/delivery-promise.ts): for a Delhi and a Mumbai order,
 * the checkout beside the pincode, the confirmation, the success page, the confirmation e-mail and
 * the tracking page show the same words and dates, counted from the order's day in India with the
 * preparation days and the courier's days for the pincode's zone; once dispatched, the dispatch
 * e-mail and the tracking page show the courier's part from the dispatch's day, in the same words.
 * The stack's seller ships from 110006 (Delhi).
 */
test.use({ viewport: { width: 1280, height: 900 } });

const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin' };

const PLACES: { name: string; zone: DeliveryZone; courier: string; days: [number, number]; address: Partial<DeliveryDetails> }[] = [
  { name: 'Delhi 110017', zone: 'local', courier: '2-4', days: [9, 14], address: { flatNumber: 'B-12', street: 'Press Enclave Marg', area: 'Saket', city: 'Delhi', state: 'Delhi', pincode: '110017' } },
  { name: 'Mumbai 400001', zone: 'national', courier: '7-10', days: [14, 20], address: { flatNumber: '3', street: 'Dalal Street', area: 'Fort', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' } },
];

/** The India calendar day `days` after today, as the promise names it: '7 Dec'. */
function indiaDayAfter(days: number): string {
  const day = new Date(Date.now() + 330 * 60_000 + days * 86_400_000);
  return `${day.getUTCDate()} ${day.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
}

async function theEmail(orderNumber: string, subject: RegExp): Promise<CaughtEmail> {
  await expect.poll(async () => (await emailsAbout(orderNumber)).filter((mail) => subject.test(mail.subject)).length, { timeout: 20_000 }).toBe(1);
  return (await emailsAbout(orderNumber)).find((mail) => subject.test(mail.subject))!;
}

const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** Opens the signed tracking link of an e-mail in `page` and reads the promise the tracking page shows. */
async function trackingPromise(page: Page, mail: CaughtEmail): Promise<string> {
  const link = mail.text.match(/https?:\/\/\S+\/track\?order=[^\s)>\]]+/)?.[0];
  expect(link, 'a signed tracking link in the e-mail').toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const promise = page.getByTestId('track-delivery');
  await expect(promise).toBeVisible();
  return ((await promise.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

for (const place of PLACES) {
  test(`${place.name}: the same delivery dates at checkout, in the confirmation, on the success page, in the e-mail and on the tracking page; the dispatch's from dispatch`, async ({ page }) => {
    const email = `promise.${place.address.pincode}.${Date.now()}@example.in`;
    await addJarsAndCheckout(page, 1);
    await fillDeliveryDetails(page, { ...place.address, email });

    // 1. Beside the pincode: the dates, from today, for this pincode's zone.
    const words = describePromise(promiseDelivery(place.zone, new Date()));
    const promise = `${words.sentence} ${words.detail}`;
    expect(words.sentence).toContain(`between ${indiaDayAfter(place.days[0])} and ${indiaDayAfter(place.days[1])}`);
    expect(words.detail).toBe(`Prepared and packed in 7-10 days, then ${place.courier} days by courier.`);
    const atPincode = page.getByRole('textbox', { name: 'Pincode' }).locator('..').getByTestId('pincode-delivery');
    await expect(atPincode).toHaveText(promise);

    // 2. The confirmation before paying.
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Royal Order' });
    await expect(confirm.getByTestId('confirm-delivery')).toHaveText(promise);
    await confirm.getByRole('button', { name: 'Confirm & Pay' }).click();
    const razorpay = page.getByRole('dialog').filter({ has: page.getByLabel('Card number') });
    await razorpay.getByLabel('Card number').fill(PAYING_CARD);
    await razorpay.getByRole('button', { name: /^Pay / }).click();

    // 3. The success page.
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
    await expect(page.getByTestId('success-delivery')).toHaveText(promise);
    const order = await shopDb().selectFrom('orders').select(['id', 'order_number', 'delivery_zone']).where('customer_email', '=', email).executeTakeFirstOrThrow();
    expect(order.delivery_zone).toBe(place.zone);

    // 4. The confirmation e-mail, both parts.
    const confirmation = await theEmail(order.order_number, /is confirmed/);
    expect(confirmation.text).toContain(words.sentence);
    expect(confirmation.text).toContain(words.detail);
    expect(visible(confirmation.html)).toContain(`${words.dates} ${words.detail}`);

    // 5. The tracking page, opened from the e-mail's link.
    expect(await trackingPromise(page, confirmation)).toBe(promise);

    // 6. Dispatched: the courier's part, counted from the dispatch's day, in the same words, in the
    // dispatch e-mail and on the tracking page.
    const login = await page.request.post('/api/admin/login', { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const dispatch = await page.request.put(`/api/admin/orders/${order.id}/dispatch`, { headers: { Authorization: `Bearer ${token}` }, data: { courierId: 'delhivery', awb: `DLV${Date.now()}` } });
    expect(dispatch.status()).toBe(200);
    const { dispatched_at: dispatchedAt } = await shopDb().selectFrom('order_dispatches').select('dispatched_at').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const fromDispatch = describePromise(promiseFromDispatch(place.zone, new Date(dispatchedAt)));
    expect(fromDispatch.detail).toBe(`With the courier: ${place.courier} days from dispatch.`);
    const dispatchMail = await theEmail(order.order_number, /is on its way/);
    expect(dispatchMail.text).toContain(fromDispatch.sentence);
    expect(dispatchMail.text).toContain(fromDispatch.detail);
    expect(visible(dispatchMail.html)).toContain(`${fromDispatch.dates} ${fromDispatch.detail}`);
    expect(await trackingPromise(page, dispatchMail)).toBe(`${fromDispatch.sentence} ${fromDispatch.detail}`);
  });
}
