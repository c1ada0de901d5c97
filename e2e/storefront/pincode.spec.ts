import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { describePromise, promiseDelivery } from '@pickles/shared/delivery-promise';
import { PINCODE_MESSAGES } from '@pickles/shared/validation';
import { CART_KEY, expect, test } from './fixtures.js';
import { fillDeliveryDetails } from '../support/purchase.js';

/**
 * The checkout knows India: a pincode fills the city and state from India Post's
 * directory and shows when the order arrives; a pincode the directory does not know stops the
 * checkout, in the browser and on the server. The stack's seller ships from 110006 (Delhi).
 */
test.beforeEach(async ({ skipSplash, page }) => {
  await skipSplash();
  await page.addInitScript((key) => window.sessionStorage.setItem(key, JSON.stringify({ 1: 1 })), CART_KEY);
  await page.goto('/payment');
  await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
});

test('the pincode comes first; typing a real one fills the city and state, and beside it says when the order arrives', async ({ page, pageErrors }) => {
  const address = page.getByRole('group', { name: 'Delivery address' });
  await expect(address.getByRole('textbox').first()).toHaveAccessibleName('Pincode');
  const delivery = page.getByTestId('pincode-delivery');
  await expect(delivery).toHaveText('');
  await page.getByLabel('Pincode').pressSequentially('560034');
  // The city shoppers write, not India Post's district ('Bengaluru Urban').
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  const national = describePromise(promiseDelivery('national', new Date()));
  await expect(delivery).toHaveText(`${national.sentence} Prepared and packed in 7-10 days, then 7-10 days by courier.`);

  // What the lookup filled is its own to replace; what the shopper types is never overwritten.
  await page.getByLabel('City').fill('Koramangala');
  await page.getByLabel('Pincode').fill('302001');
  await expect(page.getByLabel('State')).toHaveValue('Rajasthan');
  await expect(page.getByLabel('City')).toHaveValue('Koramangala');
  const regional = describePromise(promiseDelivery('regional', new Date()));
  await expect(delivery).toHaveText(`${regional.sentence} Prepared and packed in 7-10 days, then 4-7 days by courier.`);
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
  await expect(page.getByTestId('pincode-delivery')).toContainText('Expected delivery: between');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeVisible();
});

test("a state the pincode contradicts is corrected to the pincode's, shown under the field, and the confirmation opens", async ({ page }) => {
  await fillDeliveryDetails(page, { pincode: '560034', state: 'Maharashtra' });
  const state = page.getByRole('textbox', { name: 'State' });
  await expect(state).toHaveValue('Karnataka');
  await expect(page.getByTestId('state-corrected')).toHaveText('Changed from “Maharashtra”: pincode 560034 is in Karnataka.');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toContainText('Karnataka - 560034');
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
