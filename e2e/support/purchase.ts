import { expect, type Page } from '@playwright/test';
import { shopDb } from './stack.js';
import type { DeliveryAddress } from '@pickles/shared/address';

/** The sandbox's test card that pays (tools/razorpay-sandbox/README.md). */
export const PAYING_CARD = '4100 2800 0000 1007';

/** Adds `jars` Royal Chicken Pickles from /shop and opens the checkout page. */
export async function addJarsAndCheckout(page: Page, jars: number): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  await page.goto('/shop');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  for (let i = 0; i < jars; i++) await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: /^Open cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** What the checkout form asks for: the shopper and the delivery address. */
export type DeliveryDetails = { name: string; email: string; phone: string } & DeliveryAddress;

const LABELS: Record<keyof DeliveryDetails, string> = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone number',
  flatNumber: 'Flat / House number',
  street: 'Street',
  area: 'Area / Locality',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
};

/** Fills the given fields of a delivery form (the checkout's or the owner's new order), in the order given. */
export async function fillFields(form: Pick<Page, 'getByLabel'>, details: Partial<DeliveryDetails>): Promise<void> {
  for (const [field, value] of Object.entries(details) as [keyof DeliveryDetails, string][]) await form.getByLabel(LABELS[field]).fill(value);
}

/** Fills the checkout form as a shopper in Mumbai would; `changes` replaces fields. */
export async function fillDeliveryDetails(page: Page, changes: Partial<DeliveryDetails> = {}): Promise<void> {
  const details: DeliveryDetails = {
    name: 'Kavya Menon',
    email: 'kavya@example.in',
    phone: '9876543210',
    flatNumber: '7A',
    street: 'Linking Road',
    area: 'Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    ...changes,
  };
  await fillFields(page, details);
}

/** Proceeds to pay, confirms the order and pays in the sandbox's checkout with `card`. */
export async function confirmAndPay(page: Page, card: string): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Royal Order' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm & Pay' }).click();
  const razorpay = page.getByRole('dialog').filter({ has: page.getByLabel('Card number') });
  await expect(razorpay).toBeVisible();
  await razorpay.getByLabel('Card number').fill(card);
  await razorpay.getByRole('button', { name: /^Pay / }).click();
}

/** A shopper buys one jar (₹500 + ₹100 shipping) with the sandbox's test card; resolves with the paid order. */
export async function buyOneJar(page: Page, email: string): Promise<{ id: string; orderNumber: string }> {
  await addJarsAndCheckout(page, 1);
  await fillDeliveryDetails(page, { email });
  await confirmAndPay(page, PAYING_CARD);
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  const paid = () => shopDb().selectFrom('orders').select(['id', 'order_number', 'payment_status']).where('customer_email', '=', email).executeTakeFirst();
  await expect.poll(async () => (await paid())?.payment_status, { timeout: 15_000 }).toBe('paid');
  const order = (await paid())!;
  return { id: order.id, orderNumber: order.order_number };
}
