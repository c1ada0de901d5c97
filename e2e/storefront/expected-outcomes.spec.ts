import type { Page } from '@playwright/test';
import { PINCODE_MESSAGES } from '@pickles/shared/validation';
import { CART_KEY, expect, test } from './fixtures.js';

/**
 * An unknown pincode, a wrong admin password and an order that is not found are answers the pages
 * show, not faults: the shop logs them as information, never as console errors. (Chromium itself
 * adds a "Failed to load resource" line for any 4xx answer; that line is the browser's, not ours.)
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.beforeEach(async ({ skipSplash }) => skipSplash());

test('an unknown pincode is shown under its field and logged as no error', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.addInitScript((key) => window.sessionStorage.setItem(key, JSON.stringify({ 1: 1 })), CART_KEY);
  await page.goto('/payment');
  await page.getByLabel('Pincode').fill('999999');
  await expect(page.getByText(PINCODE_MESSAGES.unknown)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a wrong admin password says Invalid credentials and is logged as no error', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  expect(errors).toEqual([]);
});

test('an order that is not found is said so on the tracking page and logged as no error', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/track');
  await page.getByLabel('Order number', { exact: true }).fill('RP261128-NOSUCH');
  await page.getByLabel('Phone number or e-mail').fill('9812345670');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not find an order with those details.');
  expect(errors).toEqual([]);
});
