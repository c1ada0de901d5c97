import { AxeBuilder } from '@axe-core/playwright';
import { POLICIES, expect, navigateWithState, test, waitForHydration } from './fixtures.js';

test.beforeEach(async ({ skipSplash }) => skipSplash());

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const PAGES = ['/', '/shop', '/about', ...POLICIES.map((policy) => `/policies/${policy.name}`), '/payment-failed', '/no-such-page'];

test('axe: every storefront page has no serious or critical violations', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('axe: open cart with a line, and the success page', async ({ page }) => {
  await page.goto('/shop');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your Royal Cart' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await navigateWithState(page, '/payment-success', { orderId: 'order_A11Y' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the landing splash itself', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  // Show the splash as the first visit does, without its timer (axe needs running timers).
  await page.evaluate(() => document.documentElement.classList.add('splash-active'));
  await expect(page.getByTestId('splash')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
