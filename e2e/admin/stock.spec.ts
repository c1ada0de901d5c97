import type { Browser, Page } from '@playwright/test';
import { formatBatchDate } from '@pickles/shared/stock';
import { addTheLastThreeChickenJars } from '../support/batch-limit.js';
import { PAYING_CARD, confirmAndPay, fillDeliveryDetails } from '../support/purchase.js';
import { e2eDb, expect, openPanelLoggedIn, test, uniqueTag } from './fixtures.js';

/**
 * The owner's batches through the real shop: the owner sets 3 jars of the chicken pickle
 * in /admin/stock, a shopper can buy no more, three real purchases sell the batch out and /shop says
 * when the next one comes; the owner launches the mutton kofta and a shopper buys it, no build in
 * between. One journey, once, on desktop; the stock rows go back to the catalogue's defaults after
 * (no limit, the kofta coming soon), whatever happens, so the specs after it sell as before.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const CHICKEN = 'Royal Chicken Pickle';
const KOFTA = 'Shahi Mutton Kofta Pickle';

/** The next batch a week from today, India date: what the owner types into the date field. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

test.afterAll(async () => {
  for (const [productId, state] of [[1, 'on-sale'], [2, 'coming-soon']] as const) {
    await e2eDb().updateTable('product_stock').set({ state, batch_jars: null, next_batch_date: null, updated_by: 'e2e' }).where('product_id', '=', productId).execute();
  }
});

/** A shopper of their own: a fresh browser session (cart, splash) beside the owner's. */
async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  return page;
}

async function openShop(page: Page): Promise<void> {
  await page.goto('/shop');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** From the open shop: the cart, checkout, the form, the sandbox's paying card, and the paid order in the database. */
async function payForCart(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: /^Open cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await fillDeliveryDetails(page, { email });
  await confirmAndPay(page, PAYING_CARD);
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  const paid = () => e2eDb().selectFrom('orders').select(['payment_status', 'stock_state']).where('customer_email', '=', email).executeTakeFirst();
  await expect.poll(async () => (await paid())?.payment_status, { timeout: 15_000 }).toBe('paid');
  expect((await paid())?.stock_state).toBe('sold');
}

/** The owner's card of one product on /admin/stock. */
const stockCard = (page: Page, name: string) => page.getByRole('region', { name });

test('the owner sets a batch of 3, the shop sells exactly 3 and then shows the next batch date; a launched product sells without a build', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const batchDate = nextWeek();

  // The owner: Stock from the admin header, then this week's batch of the chicken pickle.
  await openPanelLoggedIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Stock' }).click();
  await expect(page).toHaveURL(/\/admin\/stock$/);
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  const chickenStock = stockCard(page, CHICKEN);
  await expect(chickenStock.getByTestId('stock-no-limit')).toContainText('Nothing stops the shop selling more jars than you have');
  // Jars other journeys hold for unpaid orders stay held: the batch is 3 on top of them.
  const reserved = Number(await chickenStock.getByTestId('stock-reserved').textContent());
  await chickenStock.getByLabel('Jars in this batch').fill(String(reserved + 3));
  await chickenStock.getByLabel('Next batch date').fill(batchDate);
  await chickenStock.getByLabel('This is a new batch').check();
  await chickenStock.getByRole('button', { name: 'Save' }).click();
  await expect(chickenStock.getByText('Saved.')).toBeVisible();
  await expect(chickenStock.getByTestId('stock-left')).toHaveText('3');
  await expect(chickenStock.getByTestId('stock-sold')).toHaveText('0');
  await expect(chickenStock.getByTestId('stock-no-limit')).toHaveCount(0);

  // A shopper: "Only 3 left", and no fourth jar.
  const shopper = await shopperPage(browser);
  await openShop(shopper);
  const card = await addTheLastThreeChickenJars(shopper);
  await shopper.getByRole('button', { name: /^Open cart/ }).click();
  const cart = shopper.getByRole('dialog', { name: 'Your Royal Cart' });
  await expect(cart.getByRole('button', { name: `Add one ${CHICKEN}` })).toBeDisabled();
  await expect(cart.getByText('Only 3 jars of Royal Chicken Pickle are left in this batch')).toBeVisible();
  await cart.getByRole('button', { name: 'Close cart' }).click();

  // The three jars sell through the real purchase flow.
  await payForCart(shopper, `stock.${tag}@example.in`);

  // The batch is sold out: /shop says when the next comes, and nothing can be added.
  await openShop(shopper);
  await expect(card.getByText(`Sold out - next batch on ${formatBatchDate(batchDate)}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await page.reload();
  await expect(chickenStock.getByTestId('stock-sold')).toHaveText('3');
  await expect(chickenStock.getByTestId('stock-left')).toHaveText('0');

  // A batch smaller than what is already sold is refused next to the form, and nothing changes.
  await chickenStock.getByLabel('Jars in this batch').fill('2');
  await chickenStock.getByRole('button', { name: 'Save' }).click();
  await expect(chickenStock.getByRole('alert')).toContainText('jars are already reserved or sold in this batch: the batch cannot hold fewer');
  await page.reload();
  await expect(chickenStock.getByTestId('stock-left')).toHaveText('0');

  // A cart filled before the sell-out cannot reach payment: the payment page says why.
  await shopper.evaluate(() => window.sessionStorage.setItem('royalPicklesCart', JSON.stringify({ 1: 1 })));
  await shopper.goto('/payment');
  await expect(shopper.getByTestId('stock-notice')).toContainText(`Royal Chicken Pickle sold out before you paid (next batch on ${formatBatchDate(batchDate)}).`);
  await shopper.evaluate(() => window.sessionStorage.removeItem('royalPicklesCart'));

  // The owner launches the mutton kofta; the shop sells it at once.
  const koftaStock = stockCard(page, KOFTA);
  await expect(koftaStock.getByLabel('State')).toHaveValue('coming-soon');
  await koftaStock.getByLabel('State').selectOption({ label: 'On sale' });
  await koftaStock.getByRole('button', { name: 'Save' }).click();
  await expect(koftaStock.getByText('Saved.')).toBeVisible();

  await openShop(shopper);
  const koftaCard = shopper.getByTestId('product-2');
  await koftaCard.getByRole('button', { name: `Add to Cart: ${KOFTA}` }).click();
  await expect(koftaCard.getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await expect(shopper.getByTestId('cart-badge')).toHaveText('1');
  await payForCart(shopper, `kofta.${tag}@example.in`);
  const items = await e2eDb()
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.product_id', 'order_items.quantity'])
    .where('orders.customer_email', '=', `kofta.${tag}@example.in`)
    .execute();
  expect(items).toEqual([{ product_id: 2, quantity: 1 }]);
  await shopper.context().close();
});
