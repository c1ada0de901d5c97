import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { PINCODE_MESSAGES } from '@pickles/shared/validation';
import { CART_KEY, expect, test } from './fixtures.js';
import { fillDeliveryDetails } from '../support/purchase.js';

/**
 * The checkout knows India (issue 17): a pincode fills the city and state from India Post's
 * directory and shows when the order arrives; a pincode the directory does not know stops the
 * checkout, in the browser and on the server. The stack's seller ships from 110006 (Delhi).
 */
test.beforeEach(async ({ skipSplash, page }) => {
  await skipSplash();
  await page.addInitScript((key) => window.sessionStorage.setItem(key, JSON.stringify({ 1: 1 })), CART_KEY);
  await page.goto('/payment');
  await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
});

test('typing a real pincode fills the city and state, and the summary says when the order arrives', async ({ page, pageErrors }) => {
  const delivery = page.getByTestId('summary-delivery');
  await expect(delivery).toHaveText('Enter your pincode to see when your order arrives.');
  await page.getByLabel('Pincode').pressSequentially('560034');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru Urban');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(delivery).toContainText('Delivery to 560034 (Bengaluru Urban): in 14-20 days');
  await expect(delivery).toContainText('Prepared in 7-10 days, then 7-10 days by courier.');

  // What the lookup filled is its own to replace; what the shopper types is never overwritten.
  await page.getByLabel('City').fill('Koramangala');
  await page.getByLabel('Pincode').fill('302001');
  await expect(page.getByLabel('State')).toHaveValue('Rajasthan');
  await expect(page.getByLabel('City')).toHaveValue('Koramangala');
  await expect(delivery).toContainText('Delivery to 302001 (Jaipur): in 11-17 days');
  await expect(delivery).toContainText('Prepared in 7-10 days, then 4-7 days by courier.');
  expect(pageErrors).toEqual([]);

  // The estimate and the unknown-pincode message are readable (contrast) and announced (axe).
  await page.getByLabel('Pincode').fill('999999');
  await expect(page.getByText(PINCODE_MESSAGES.unknown)).toBeVisible();
  const results = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
});

test('an unknown pincode shows the message under the field and stops "Proceed to Pay" until it is fixed', async ({ page }) => {
  await fillDeliveryDetails(page, { pincode: '999999' });
  const pincode = page.getByRole('textbox', { name: 'Pincode' });
  await expect(pincode).toHaveAccessibleDescription(PINCODE_MESSAGES.unknown);
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toHaveCount(0);
  await expect(pincode).toBeFocused();

  await pincode.fill('400050');
  await expect(page.getByText(PINCODE_MESSAGES.unknown)).toHaveCount(0);
  await expect(page.getByTestId('summary-delivery')).toContainText('Delivery to 400050 (Mumbai)');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeVisible();
});

test("a state that is not the pincode's is refused under the state field", async ({ page }) => {
  await fillDeliveryDetails(page, { pincode: '560034', state: 'Maharashtra' });
  await expect(page.getByTestId('summary-delivery')).toContainText('Delivery to 560034');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('textbox', { name: 'State' })).toHaveAccessibleDescription(PINCODE_MESSAGES.otherState('Karnataka'));
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toHaveCount(0);
});

test('the server refuses an unknown pincode too, through the gateway', async ({ request }) => {
  const lookup = await request.get('/api/pincodes/999999');
  expect(lookup.status()).toBe(404);
  expect(await lookup.json()).toEqual({ success: false, error: PINCODE_MESSAGES.unknown, fields: { pincode: PINCODE_MESSAGES.unknown } });

  const known = await request.get('/api/pincodes/110001');
  expect(known.headers()['cache-control']).toBe('public, max-age=86400');
  expect(await known.json()).toMatchObject({ success: true, city: 'New Delhi', state: 'Delhi', stateCode: '07', estimate: { zone: 'local', totalDays: [9, 14] } });

  const order = await request.post('/api/payment/create-order', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      amount: 600,
      customerInfo: { name: 'Kavya Menon', email: `kavya.${randomUUID().slice(0, 8)}@example.in`, phone: '9876543210' },
      deliveryAddress: { flatNumber: '7A', street: 'Linking Road', area: 'Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '999999' },
      items: [{ itemId: 1, name: 'Royal Chicken Pickle', quantity: 1, price: 500, total: 500 }],
    },
  });
  expect(order.status()).toBe(400);
  expect(await order.json()).toEqual({ success: false, error: PINCODE_MESSAGES.unknown, fields: { pincode: PINCODE_MESSAGES.unknown } });
});
