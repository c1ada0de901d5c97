import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { pdfText } from '../../packages/invoices/test/read-pdf.js';
import { buyOneJar } from '../support/purchase.js';
import { ADMIN } from './fixtures.js';

/**
 * The GST tax invoice of a real purchase: the owner downloads it from the order page, it
 * reads as the shop's invoice to this shopper, and the shopper's signed link gives the same bytes.
 */
test.use({ viewport: { width: 1280, height: 900 } });

async function openOrderPage(page: Page, id: string) {
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto(`/admin/orders/${id}`);
}

test('the owner downloads the tax invoice of a paid order, and the shopper\'s link gives the same PDF', async ({ page }) => {
  const order = await buyOneJar(page, `invoice.${Date.now()}@example.in`);
  await openOrderPage(page, order.id);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();

  const documents = page.getByRole('region', { name: 'Tax documents' });
  const button = documents.getByRole('button', { name: /^Download tax invoice RP\/\d{2}-\d{2}\/\d{6}$/ });
  await expect(button).toBeVisible();
  const number = (await button.textContent())!.replace('Download tax invoice ', '');
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const owners = await readFile(await file.path());

  const { text } = await pdfText(owners);
  // One jar (₹500) and ₹100 shipping, to Kavya Menon in Mumbai, from the demo seller in Delhi.
  for (const field of ['Tax Invoice', `Invoice number: ${number}`, `Order number: ${order.orderNumber}`, 'GSTIN: 07AAAAA0000A1Z5', 'Kavya Menon', 'Place of supply: Maharashtra (27)', 'Invoice total Rs. 600.00']) {
    expect(text, text).toContain(field);
  }

  const link = (t: string) => `/api/track/invoice?order=${encodeURIComponent(order.orderNumber)}&t=${encodeURIComponent(t)}`;
  const shoppers = await page.request.get(link(trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber)));
  expect(shoppers.status()).toBe(200);
  expect(shoppers.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await shoppers.body(), owners)).toBe(0);

  const wrong = await page.request.get(link(trackingToken(DEMO_TRACKING_LINK_SECRET, `${order.orderNumber}X`)));
  expect(wrong.status()).toBe(404);
});
