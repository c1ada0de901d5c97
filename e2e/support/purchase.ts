import { expect, type Page } from '@playwright/test';
import { shopDb } from './stack.js';

/** A shopper buys one jar (₹500 + ₹100 shipping) with the sandbox's test card; resolves with the paid order. */
export async function buyOneJar(page: Page, email: string): Promise<{ id: string; orderNumber: string }> {
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  await page.goto('/shop');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: /^Open cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Full name').fill('Kavya Menon');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('9876543210');
  await page.getByLabel('Flat / House number').fill('7A');
  await page.getByLabel('Street').fill('Linking Road');
  await page.getByLabel('Area / Locality').fill('Bandra West');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').fill('Maharashtra');
  await page.getByLabel('Pincode').fill('400050');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await page.getByRole('dialog', { name: 'Confirm Your Royal Order' }).getByRole('button', { name: 'Confirm & Pay' }).click();
  const razorpay = page.getByRole('dialog').filter({ has: page.getByLabel('Card number') });
  await razorpay.getByLabel('Card number').fill('4100 2800 0000 1007');
  await razorpay.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  const paid = () => shopDb().selectFrom('orders').select(['id', 'order_number', 'payment_status']).where('customer_email', '=', email).executeTakeFirst();
  await expect.poll(async () => (await paid())?.payment_status, { timeout: 15_000 }).toBe('paid');
  const order = (await paid())!;
  return { id: order.id, orderNumber: order.order_number };
}

