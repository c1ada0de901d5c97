import type { Browser, Page, Route } from '@playwright/test';
import type { ProductAvailability } from '@pickles/shared/stock';
import { CART_KEY, expect, test, waitForHydration } from './fixtures.js';
import { addTheLastThreeChickenJars } from '../support/batch-limit.js';
import { fillDeliveryDetails } from '../support/purchase.js';

/**
 * Batch stock on the storefront, on a phone and a laptop. The server's availability is
 * stood in for here (the shared database is left alone); e2e/admin/stock.spec.ts runs the owner's
 * batch and real purchases through it.
 */

const AVAILABILITY = '**/api/catalogue/availability';
const CHICKEN = 'Royal Chicken Pickle';
const KOFTA = 'Shahi Mutton Kofta Pickle';

const chicken = (change: Partial<ProductAvailability>): ProductAvailability => ({ productId: 1, state: 'on-sale', left: null, nextBatchDate: null, ...change });
const kofta = (change: Partial<ProductAvailability>): ProductAvailability => ({ productId: 2, state: 'coming-soon', left: 0, nextBatchDate: null, ...change });

function answer(products: ProductAvailability[]) {
  return (route: Route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, asOf: new Date().toISOString(), products }) });
}

/** Every product card's height and where the section under the grid starts. */
async function cardLayout(page: Page) {
  return page.evaluate(() => ({
    cards: [...document.querySelectorAll<HTMLElement>('article[data-testid^="product-"]')].map((card) => Math.round(card.getBoundingClientRect().height * 10) / 10),
    below: Math.round((document.querySelector<HTMLElement>('.features')?.getBoundingClientRect().top ?? 0) + window.scrollY),
  }));
}

test.beforeEach(async ({ skipSplash }) => {
  await skipSplash();
});

async function expectNoShift({ page, browser, viewport }: { page: Page; browser: Browser; viewport: { width: number; height: number } | null }) {
  // The prerendered HTML as it paints, before any script: the catalogue's flags.
  const staticContext = await browser.newContext({ javaScriptEnabled: false, viewport });
  const staticPage = await staticContext.newPage();
  await staticPage.goto('/shop');
  const prerendered = await cardLayout(staticPage);
  await staticContext.close();
  expect(prerendered.cards).toHaveLength(2);

  // Hydrated, with the answer held back until the layout is measured, then let through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(AVAILABILITY, async (route) => {
    await held;
    await answer([chicken({ left: 3 }), kofta({ state: 'on-sale', left: null })])(route);
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/shop');
  await waitForHydration(page);
  expect(await cardLayout(page)).toEqual(prerendered);

  release();
  await expect(page.getByTestId('product-1').getByText('Only 3 left')).toBeVisible();
  await expect(page.getByRole('button', { name: `Add to Cart: ${KOFTA}` })).toBeEnabled();
  expect(await cardLayout(page)).toEqual(prerendered);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);

  // Sold out, with the next batch's date: the longest line, still in the same space.
  await page.unroute(AVAILABILITY);
  await page.route(AVAILABILITY, answer([chicken({ state: 'sold-out', left: 0, nextBatchDate: '2026-11-30' }), kofta({})]));
  await page.reload();
  await expect(page.getByTestId('product-1').getByText('Sold out - next batch on 30 Nov 2026')).toBeVisible();
  expect(await cardLayout(page)).toEqual(prerendered);
}

test('the live answer takes the place the prerendered card kept for it: nothing moves (CLS 0)', expectNoShift);

test.describe('on the smallest phone, where the sold-out line takes two lines', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('nothing moves either', expectNoShift);
});

test('"Only 3 left": a shopper adds at most 3, then the button and + stop and say why', async ({ page }) => {
  await page.route(AVAILABILITY, answer([chicken({ left: 3 }), kofta({})]));
  await page.goto('/shop');
  await waitForHydration(page);
  await addTheLastThreeChickenJars(page);
  await expect(page.getByTestId('cart-badge')).toHaveText('3');

  await page.getByRole('button', { name: /^Open cart/ }).click();
  const line = page.getByRole('dialog', { name: 'Your Royal Cart' }).getByTestId('cart-line-1');
  await expect(line.getByRole('button', { name: `Add one ${CHICKEN}` })).toBeDisabled();
  await expect(line.getByText('Only 3 jars of Royal Chicken Pickle are left in this batch')).toBeVisible();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), CART_KEY)).toBe('{"1":3}');
});

test('sold out: the next batch date, and the cart line that can no longer be supplied offers its fix', async ({ page }) => {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, JSON.stringify({ 1: 2 })), CART_KEY);
  await page.route(AVAILABILITY, answer([chicken({ state: 'sold-out', left: 0, nextBatchDate: '2026-11-30' }), kofta({})]));
  await page.goto('/shop');
  await waitForHydration(page);
  const card = page.getByTestId('product-1');
  await expect(card.getByText('Sold out - next batch on 30 Nov 2026')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sold Out' })).toBeDisabled();

  await page.getByRole('button', { name: /^Open cart/ }).click();
  const cart = page.getByRole('dialog', { name: 'Your Royal Cart' });
  await expect(cart.getByTestId('cart-line-problem')).toContainText('Royal Chicken Pickle sold out before you paid (next batch on 30 Nov 2026).');
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(cart.getByRole('alert')).toContainText('Your cart cannot be supplied as it is');
  await expect(page).toHaveURL(/\/shop$/);
  await cart.getByRole('button', { name: `Remove ${CHICKEN}` }).click();
  await expect(cart.getByText('Your cart is empty.')).toBeVisible();
  await expect(cart.getByRole('alert')).toHaveCount(0);
});

test('a product the owner launched is on sale without a build', async ({ page }) => {
  await page.route(AVAILABILITY, answer([chicken({}), kofta({ state: 'on-sale', left: null })]));
  await page.goto('/shop');
  await waitForHydration(page);
  const card = page.getByTestId('product-2');
  await card.getByRole('button', { name: `Add to Cart: ${KOFTA}` }).click();
  await expect(card.getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test("a 409 from create-order: the server's sentence on the payment page, availability asked again, no failure page", async ({ page }) => {
  const refusal = 'Only 1 jar of Royal Chicken Pickle is left. Please reduce the quantity in your cart.';
  let asked = 0;
  await page.route(AVAILABILITY, (route) => {
    asked += 1;
    return answer([chicken({ left: asked > 2 ? 1 : 5 }), kofta({})])(route);
  });
  await page.route('**/api/payment/create-order', (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, error: refusal }) }));
  await page.addInitScript((key) => window.sessionStorage.setItem(key, JSON.stringify({ 1: 2 })), CART_KEY);
  await page.goto('/payment');
  await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
  await fillDeliveryDetails(page);
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await page.getByRole('dialog', { name: 'Confirm Your Royal Order' }).getByRole('button', { name: 'Confirm & Pay' }).click();

  const notice = page.getByTestId('stock-notice');
  await expect(notice).toContainText(refusal);
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toHaveCount(0);
  // On opening, before paying, and after the refusal.
  await expect.poll(() => asked).toBeGreaterThanOrEqual(3);

  await notice.getByRole('link', { name: 'Change your cart' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const cart = page.getByRole('dialog', { name: 'Your Royal Cart' });
  await expect(cart).toBeVisible();
  await cart.getByRole('button', { name: 'Change to 1' }).click();
  await expect(cart.getByTestId('cart-line-1').getByTestId('cart-line-quantity')).toHaveText('1');
});
