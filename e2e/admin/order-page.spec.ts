import type { Page } from '@playwright/test';
import { ADMIN, e2eDb, expect, openPanelLoggedIn, orderRows, searchFor, seedOrder, test, uniqueTag } from './fixtures.js';
import { buyOneJar } from '../support/purchase.js';

/**
 * The owner's order page: opened from the panel's table, a dispatch recorded and
 * corrected, the packing slip printed, and a real sandbox payment refunded in two parts.
 */
test.use({ viewport: { width: 1280, height: 900 } });

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('the owner opens an order from the table, records a dispatch and sees it, corrects it, and prints the packing slip', async ({ page }) => {
  const tag = uniqueTag();
  const order = await seedOrder({ tag, name: 'Meera Rathore', phone: '9812345670', status: 'paid', paymentId: `pay_${tag}`, items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(1);
  await page.getByRole('link', { name: order.orderNumber }).click();

  await expect(page).toHaveURL(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(section(page, 'Customer')).toContainText('Meera Rathore');
  await expect(section(page, 'Items').getByRole('row', { name: /Royal Chicken Pickle/ })).toContainText('2');

  const form = page.getByRole('form', { name: 'Record the dispatch' });
  await form.getByLabel('Courier', { exact: true }).selectOption('delhivery');
  await form.getByLabel('AWB (tracking number)').fill('DL1234567890');
  await form.getByRole('button', { name: 'Record dispatch' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dispatch recorded: Delhivery DL1234567890' })).toBeVisible();
  const dispatch = section(page, 'Dispatch');
  await expect(dispatch).toContainText('Delhivery');
  await expect(dispatch).toContainText('DL1234567890');
  await expect(dispatch.getByRole('link', { name: /Track the parcel/ })).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DL1234567890');

  // A typo in the AWB: corrected in place, and the record counts the correction.
  await dispatch.getByRole('button', { name: 'Correct dispatch' }).click();
  await page.getByRole('form', { name: 'Correct the dispatch' }).getByLabel('AWB (tracking number)').fill('DL1234567899');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dispatch corrected' })).toBeVisible();
  await expect(dispatch.getByRole('link', { name: /Track the parcel/ })).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DL1234567899');
  await expect(dispatch).toContainText('corrected once');
  const stored = await e2eDb().selectFrom('order_dispatches').selectAll().where('order_id', '=', order.id).execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ awb: 'DL1234567899' });

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByRole('link', { name: 'Print packing slip' }).click();
  await expect(page).toHaveURL(`/admin/orders/${order.id}/packing-slip`);
  const label = page.getByRole('region', { name: 'Address label' });
  await expect(label).toContainText('Meera Rathore');
  await expect(label).toContainText(`7A, ${tag} Road`);
  await expect(label).toContainText('Jaipur, Rajasthan');
  await expect(label).toContainText('PIN 302001');
  await expect(label).toContainText('Phone +91 9812345670');
  await expect(label).toContainText(`Order ${order.orderNumber}`);
  await expect(page.getByRole('region', { name: 'Packing list' }).getByRole('row', { name: /Royal Chicken Pickle/ })).toContainText('2');
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // On paper: no site header or footer, no buttons; the label stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(label).toBeVisible();
});

async function refund(page: Page, amount: string | undefined, reason: string, confirmLabel: string) {
  await section(page, 'Refunds').getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund order/ });
  if (amount) await dialog.getByLabel('Amount (₹)').fill(amount);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`${confirmLabel} to the shopper's card/UPI?`)).toBeVisible();
  // A double click is still one refund: the dialog's request key makes the second the same request.
  await dialog.getByRole('button', { name: confirmLabel }).dblclick();
  await expect(dialog).toBeHidden();
}

test('the owner refunds part of a paid order and then the rest; both reach processed and the order shows refunded', async ({ page }) => {
  const order = await buyOneJar(page, `refund.${Date.now()}@example.in`);
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  const refunds = section(page, 'Refunds');
  await expect(refunds).toContainText('Refundable now: ₹600');

  await refund(page, '200', 'One jar lid was damaged', 'Refund ₹200');
  await expect(page.getByRole('status').filter({ hasText: 'Refund of ₹200 requested' })).toBeVisible();
  const rows = refunds.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  // The page polls while Razorpay works on it; the sandbox processes refunds at once and sends the webhook.
  await expect(rows.nth(0)).toContainText('Processed', { timeout: 20_000 });
  await expect(refunds).toContainText('Refundable now: ₹400');

  // The rest: the dialog offers what is still refundable.
  await refund(page, undefined, 'Shopper cancelled the rest', 'Refund ₹400');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('₹400');
  await expect(rows.nth(1)).toContainText('Processed', { timeout: 20_000 });
  await expect(rows.nth(0)).toContainText('₹200');
  await expect(rows.nth(0)).toContainText('Processed');
  await expect(page.getByText('payment: refunded')).toBeVisible({ timeout: 10_000 });
  await expect(refunds).toContainText('Refundable now: ₹0');
  await expect(refunds.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await expect(rows.nth(0).getByText(/^rfnd_/)).toBeVisible();
  await expect(rows.nth(1).getByText(/^rfnd_/)).toBeVisible();

  const requests = await e2eDb().selectFrom('refund_requests').select(['amount_paise']).where('order_id', '=', order.id).orderBy('amount_paise').execute();
  expect(requests.map((r) => r.amount_paise)).toEqual([20_000, 40_000]);
});
