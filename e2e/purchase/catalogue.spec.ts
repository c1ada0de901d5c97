import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { prawnPickleForm } from '@pickles/test-kit/products';
import { pdfText } from '../../packages/invoices/test/read-pdf.js';
import { ADMIN } from '../admin/fixtures.js';
import { confirmAndPay, fillDeliveryDetails, PAYING_CARD } from '../support/purchase.js';
import { emailsAbout, shopDb } from '../support/stack.js';

/**
 * The owner's catalogue (decision 024): a third pickle added by the owner shows on the storefront
 * without a build, is bought, and its confirmation and invoice name it with its HSN code and rate; a
 * later price change leaves that invoice as it was, and a shopper whose cart was filled at the old
 * price is told the new one before paying. The product is archived at the end, so the run's other
 * journeys see the shop's two products.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '.ci/out/shots/catalogue';
const NAME = `Royal Prawn Pickle ${Date.now().toString(36)}`;
let productId: number;
let version: number;

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  return ((await login.json()) as { token: string }).token;
}

async function asOwner(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown) {
  const response = await request[method](path, { data, headers: { authorization: `Bearer ${await ownerToken(request)}` } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { product: { id: number; version: number } };
}

const form = (price: number) => prawnPickleForm({ name: NAME, price });

async function openShop(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  await page.goto('/shop');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

test.beforeAll(async ({ request }) => {
  const created = await asOwner(request, 'post', '/api/admin/catalogue', form(450));
  productId = created.product.id;
  version = created.product.version;
  await asOwner(request, 'put', `/api/admin/stock/${productId}`, { state: 'on-sale', batchJars: null, nextBatchDate: null });
});

test.afterAll(async ({ request }) => {
  if (productId) await asOwner(request, 'post', `/api/admin/catalogue/${productId}/archive`, { version });
});

test("the owner's third pickle shows on /shop at 360 and 1280 px, is bought, and its e-mail and invoice name it with its HSN and rate", async ({ page }) => {
  // Two storefront widths, a purchase, its e-mail and its invoice: a long journey on a busy machine.
  test.setTimeout(120_000);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await openShop(page);
    const card = page.getByRole('article').filter({ hasText: NAME });
    await expect(card).toBeVisible();
    await expect(card).toContainText('₹450');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/shop-three-products-${width}.png`, fullPage: true });
  }

  await page.getByRole('button', { name: `Add to Cart: ${NAME}` }).click();
  await page.getByRole('button', { name: /^Open cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const email = `catalogue.${Date.now()}@example.in`;
  await fillDeliveryDetails(page, { email });
  await confirmAndPay(page, PAYING_CARD);
  await expect(page).toHaveURL(/\/payment-success$/, { timeout: 15_000 });
  const paid = () => shopDb().selectFrom('orders').select(['id', 'order_number', 'payment_status', 'amount_paise']).where('customer_email', '=', email).executeTakeFirst();
  await expect.poll(async () => (await paid())?.payment_status, { timeout: 15_000 }).toBe('paid');
  const order = (await paid())!;
  expect(order.amount_paise).toBe(45_000 + 10_000);

  await expect.poll(async () => (await emailsAbout(order.order_number)).filter((mail) => /is confirmed/.test(mail.subject)).length, { timeout: 15_000 }).toBe(1);
  const [confirmation] = (await emailsAbout(order.order_number)).filter((mail) => /is confirmed/.test(mail.subject));
  expect(confirmation!.text).toContain(NAME);

  const invoiceLink = `/api/track/invoice?order=${encodeURIComponent(order.order_number)}&t=${encodeURIComponent(trackingToken(DEMO_TRACKING_LINK_SECRET, order.order_number))}`;
  await expect.poll(async () => (await page.request.get(invoiceLink)).status(), { timeout: 15_000 }).toBe(200);
  const first = await (await page.request.get(invoiceLink)).body();
  const { text } = await pdfText(first);
  for (const field of [NAME, '1605', '5%', 'Invoice total Rs. 550.00']) expect(text, text).toContain(field);

  // The owner raises the price: the paid order's invoice stays byte for byte as issued.
  const raised = await asOwner(page.request, 'put', `/api/admin/catalogue/${productId}`, { ...form(475), version });
  version = raised.product.version;
  expect(Buffer.compare(await (await page.request.get(invoiceLink)).body(), first)).toBe(0);
});

test('its own page shows it with its label details and a schema.org Product, at 360, 390 and 1280 px', async ({ page }) => {
  const slug = (await shopDb().selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirstOrThrow()).slug;
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
    await page.goto(`/shop/${slug}`);
    await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
    await expect(page.getByText('Contains crustaceans.')).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { name: string; offers: { priceCurrency: string } };
    expect(jsonLd).toMatchObject({ name: NAME, offers: { priceCurrency: 'INR' } });
    await page.screenshot({ path: `${SHOTS}/product-page-${width}.png`, fullPage: true });
  }
});

test("a cart filled at yesterday's price is told today's before paying", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openShop(page);
  const price = (await shopDb().selectFrom('products').select('price_paise').where('id', '=', productId).executeTakeFirstOrThrow()).price_paise / 100;
  await page.getByRole('button', { name: `Add to Cart: ${NAME}` }).click();
  // The owner changes the price while the shopper's cart holds the old one.
  const changed = await asOwner(page.request, 'put', `/api/admin/catalogue/${productId}`, { ...form(price + 20), version });
  version = changed.product.version;
  await page.getByRole('button', { name: /^Open cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const notice = page.getByTestId('price-notice');
  await expect(notice).toContainText(`The price of ${NAME} is now ₹${price + 20} (it was ₹${price} when you added it).`);
  await page.screenshot({ path: `${SHOTS}/checkout-price-changed-390.png`, fullPage: true });
});
