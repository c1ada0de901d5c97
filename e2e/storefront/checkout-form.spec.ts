import { CART_KEY, expect, test } from './fixtures.js';
import { fillDeliveryDetails } from '../support/purchase.js';

/**
 * The /payment form as shoppers fill it on a phone and a laptop: numbers pasted from contacts,
 * WhatsApp or an old order arrive with +91, spaces, dashes and brackets.
 */
test.beforeEach(async ({ skipSplash, page, context }) => {
  await skipSplash();
  await page.addInitScript((key) => window.sessionStorage.setItem(key, JSON.stringify({ 1: 1 })), CART_KEY);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/payment');
  await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
});

/** A real paste (Ctrl+V from the clipboard) into an emptied field. */
async function paste(page: import('@playwright/test').Page, label: string, text: string) {
  const input = page.getByLabel(label);
  await input.fill('');
  await input.focus();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
  return input;
}

const PASTED_PHONES = ['+91 98765 43210', '+91-98765-43210', '(+91) 98765-43210', '091 98765 43210', '098765 43210', '919876543210', '98765 43210'];

for (const pasted of PASTED_PHONES) {
  test(`pasting the phone "${pasted}" keeps 9876543210`, async ({ page }) => {
    await expect(await paste(page, 'Phone number', pasted)).toHaveValue('9876543210');
  });
}

test('a longer pasted phone is capped at 10 digits; a pasted pincode keeps its 6', async ({ page }) => {
  await expect(await paste(page, 'Phone number', '98765 43210 98765 43210')).toHaveValue('9876543210');
  await expect(await paste(page, 'Pincode', '110 001')).toHaveValue('110001');
});

const NOT_MOBILE = 'Valid 10-digit phone number required: an Indian mobile number starts with 6, 7, 8 or 9';

test('a phone starting with 5 is refused with the spec message and why; 6 is accepted', async ({ page }) => {
  await fillDeliveryDetails(page, { phone: '5876543210' });
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByText(NOT_MOBILE, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toHaveCount(0);

  await page.getByLabel('Phone number').fill('6876543210');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeVisible();
  await expect(page.getByText(NOT_MOBILE, { exact: true })).toHaveCount(0);
});

test('the server refuses a phone starting with 5 with the same message', async ({ request }) => {
  const response = await request.post('/api/payment/create-order', {
    data: {
      amount: 600,
      customerInfo: { name: 'Kavya Menon', email: 'kavya@example.in', phone: '5876543210' },
      deliveryAddress: { flatNumber: '7A', street: 'Linking Road', area: 'Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
      items: [{ itemId: 1, name: 'Royal Chicken Pickle', quantity: 1, price: 500, total: 500 }],
    },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).fields).toEqual({ 'customerInfo.phone': NOT_MOBILE });
});
