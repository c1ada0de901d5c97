import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { CATALOGUE_MESSAGES } from '@pickles/shared/catalogue-input';
import { phonePhoto } from '@pickles/test-kit/photos';
import { ADMIN, e2eDb, expect, openPanelLoggedIn, recordDialogs, test, uniqueTag } from './fixtures.js';

/**
 * The owner's Catalogue page through the real shop, as the owner uses it: she adds a third pickle
 * through the form (a bad HSN code and a name another product has are refused beside their fields
 * first), it is listed coming soon, the Stock page puts it on sale with a batch, and /shop sells it;
 * she edits its price and the change log shows old → new; a second browser holding the earlier
 * version is told someone else saved and loads their version instead of overwriting; she moves it up
 * and archives it, and /shop follows. The storefront reads /api/catalogue (max-age 30), so each look
 * at /shop is a fresh browser context (no cached answer, no session copy), retried until it shows.
 * The product ends archived whatever happens, so the specs after it see the shop's two products in
 * their order.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const tag = uniqueTag();
const NAME = `Royal Prawn Pickle ${tag}`;
const SHOTS = process.env.SCREENSHOT_DIR ?? '.ci/out/shots/catalogue-admin';

test.afterAll(async () => {
  await e2eDb().updateTable('products').set({ archived_at: new Date() }).where('name', '=', NAME).where('archived_at', 'is', null).execute();
});

/** The owner logged in, in a browser of her own (the second device of the conflict), at `path`. */
async function ownerPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto(path);
  return page;
}

/**
 * What /shop shows a shopper arriving now: each product card's name in order, and whether it can
 * be added to the cart. A new browser context each time: the catalogue the last one cached or kept
 * for its session would hide the owner's change for up to 30 s.
 */
async function shopNow(browser: Browser): Promise<Array<{ name: string; onSale: boolean; text: string }>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
    await page.goto('/shop');
    // The server's list is kept for the session as it is published, then drawn: wait until the cards are it.
    await page.waitForFunction(() => {
      const kept = window.sessionStorage.getItem('royalPicklesCatalogue');
      if (!kept) return false;
      const names = (JSON.parse(kept) as Array<{ name: string }>).map((product) => product.name);
      const shown = [...document.querySelectorAll('article.product h2')].map((heading) => heading.textContent?.trim());
      return JSON.stringify(names) === JSON.stringify(shown);
    });
    const cards = page.locator('article.product');
    return await cards.evaluateAll((articles) =>
      articles.map((article) => ({
        name: article.querySelector('h2')?.textContent?.trim() ?? '',
        onSale: Boolean(article.querySelector('button[aria-label^="Add to Cart"]:not([disabled])')),
        text: article.textContent ?? '',
      })),
    );
  } finally {
    await context.close();
  }
}

/** Names, in order, of the owner's products on the shop as the list shows them. */
const listedNames = (page: Page) => page.getByTestId('catalogue-shown').getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

async function fillProduct(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

test("the owner adds a pickle on the Catalogue page, sells it, edits it, loses no one's save, reorders and archives it, and /shop follows", async ({ page, browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const dialogs = recordDialogs(page);

  // Catalogue from the admin header.
  await openPanelLoggedIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await expect(page.getByTestId('catalogue-shown').getByRole('listitem')).toHaveCount(2);

  // Add a third pickle. A bad HSN code is refused beside its field, and nothing is sent.
  await page.getByRole('link', { name: 'Add a product' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/new$/);
  await fillProduct(page, {
    Name: 'Royal Chicken Pickle',
    Title: 'Coastal Recipe',
    Description: 'Prawns slow-cooked in tamarind and cold-pressed coconut oil, Konkan style.',
    'Price (₹)': '1,250.50',
    'Pack label': 'JAR',
    'Net quantity (g)': '250',
    Ingredients: 'Prawns, coconut oil, tamarind, red chilli, salt, garlic, spices.',
    Allergens: 'Contains crustaceans.',
    Storage: 'Refrigerate after opening.',
    'Best before': '4 months from packing',
    'HSN code': '16O5',
  });
  await page.getByLabel('GST rate').selectOption({ label: '5%' });
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByLabel('HSN code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('HSN code')).toHaveAccessibleDescription(/HSN code must be 4 to 8 digits/);
  await expect(page.getByRole('alert')).toHaveText('Nothing was saved: correct the fields marked above.');

  // With the HSN code right, the server refuses the name another product has, beside the Name field.
  await page.getByLabel('HSN code').fill('1605');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(CATALOGUE_MESSAGES.duplicateName('Royal Chicken Pickle'));
  await expect(page.getByLabel('HSN code')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await e2eDb().selectFrom('products').select('id').where('hsn', '=', '1605').where('title', '=', 'Coastal Recipe').execute()).toEqual([]);

  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await expect(page.getByRole('status').filter({ hasText: `Added ${NAME}.` })).toBeVisible();
  const row = page.getByRole('listitem', { name: NAME });
  await expect(row.getByTestId('catalogue-price')).toHaveText('₹1,250.50');
  await expect(row.getByText('Coming soon')).toBeVisible();
  expect(await listedNames(page)).toEqual(['Royal Chicken Pickle', 'Shahi Mutton Kofta Pickle', NAME]);
  const saved = await e2eDb().selectFrom('products').select(['id', 'price_paise', 'hsn', 'gst_rate_percent', 'net_grams', 'pack_label']).where('name', '=', NAME).executeTakeFirstOrThrow();
  expect(saved).toMatchObject({ price_paise: 125_050, hsn: '1605', gst_rate_percent: 5, net_grams: 250, pack_label: 'JAR' });

  // The Stock page puts it on sale with a batch of 20; /shop sells it.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Stock' }).click();
  const stock = page.getByRole('region', { name: NAME });
  await stock.getByLabel('State').selectOption({ label: 'On sale' });
  await stock.getByLabel('Jars in this batch').fill('20');
  await stock.getByRole('button', { name: 'Save' }).click();
  await expect(stock.getByText('Saved.')).toBeVisible();
  await expect(async () => {
    const card = (await shopNow(browser)).find((product) => product.name === NAME);
    expect(card?.onSale).toBe(true);
    expect(card?.text).toContain('₹1,250.50');
  }).toPass({ timeout: 60_000 });

  // Two owners open the product: this one and a second device, both at the same version.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Catalogue' }).click();
  await page.getByRole('listitem', { name: NAME }).getByRole('link', { name: NAME, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/catalogue/${saved.id}$`));
  await expect(page.getByLabel('Price (₹)')).toHaveValue('1250.50');
  const second = await ownerPage(browser, `/admin/catalogue/${saved.id}`);
  await expect(second.getByLabel('Price (₹)')).toHaveValue('1250.50');

  // The first edits the price: saved, and the change log's newest entry shows old → new, only that.
  await page.getByLabel('Price (₹)').fill('1,199');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const newest = page.getByTestId('change-log').getByRole('listitem').first();
  await expect(newest.locator('dt')).toHaveText(['Price']);
  await expect(newest.locator('dd')).toHaveText('₹1,250.50 → ₹1,199');
  await expect(newest).toContainText(`by ${ADMIN.username}`);
  await expect(page.getByTestId('change-log').getByRole('listitem').last()).toContainText('Added the product.');

  // The second device, still on the old version, saves a new title: refused, told why, offered theirs.
  await second.getByLabel('Title', { exact: true }).fill('Konkan Coast Recipe');
  await second.getByRole('button', { name: 'Save changes' }).click();
  const conflict = second.getByRole('alert');
  await expect(conflict).toContainText(CATALOGUE_MESSAGES.conflict);
  expect(await e2eDb().selectFrom('products').select(['title', 'price_paise']).where('id', '=', saved.id).executeTakeFirstOrThrow()).toEqual({ title: 'Coastal Recipe', price_paise: 119_900 });
  await conflict.getByRole('button', { name: 'Load their version' }).click();
  await expect(second.getByLabel('Price (₹)')).toHaveValue('1199');
  await expect(second.getByLabel('Title', { exact: true })).toHaveValue('Coastal Recipe');
  await second.context().close();

  // A photo from her phone, through the page: it becomes the main photo, the save enters the change
  // log, the list's picture is the photo, and /shop draws it from the photo's own variants.
  await page.getByLabel('Add a photo').setInputFiles({ name: 'prawn.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto({ width: 1600, height: 1200 }) });
  await page.getByLabel('Describe the photo (for shoppers who cannot see it)').fill('A jar of prawn pickle on a banana leaf');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  const photo = page.getByTestId('product-photo');
  await expect(photo).toHaveCount(1, { timeout: 60_000 });
  await expect(photo).toContainText('Main photo');
  await expect(photo).toContainText('A jar of prawn pickle on a banana leaf');
  await expect(page.getByTestId('change-log').getByRole('listitem').first().locator('dd')).toHaveText('none → 1 photo');
  const photoId = (await e2eDb().selectFrom('product_photos').select('photo_id').where('product_id', '=', saved.id).executeTakeFirstOrThrow()).photo_id;
  await expect(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const shop = await context.newPage();
      await shop.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
      await shop.goto('/shop');
      const picture = shop.locator('article.product', { has: shop.getByRole('heading', { name: NAME }) }).locator('picture img');
      await expect(picture).toHaveAttribute('alt', 'A jar of prawn pickle on a banana leaf', { timeout: 5_000 });
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`/api/catalogue/photos/${photoId}-\\d+\\.(avif|webp)$`));
    } finally {
      await context.close();
    }
  }).toPass({ timeout: 60_000 });

  // Moved up, it comes before the kofta on /shop, at its new price.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await page.getByRole('button', { name: `Move ${NAME} up` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Moved ${NAME} up.` })).toBeVisible();
  expect(await listedNames(page)).toEqual(['Royal Chicken Pickle', NAME, 'Shahi Mutton Kofta Pickle']);
  await expect(async () => {
    const shop = await shopNow(browser);
    expect(shop.map((product) => product.name)).toEqual(['Royal Chicken Pickle', NAME, 'Shahi Mutton Kofta Pickle']);
    expect(shop[1]?.text).toContain('₹1,199');
  }).toPass({ timeout: 60_000 });

  // Archived after the confirm: listed apart, still openable; /shop no longer shows it.
  await page.getByRole('button', { name: `Archive ${NAME}` }).click();
  await expect(page.getByTestId('catalogue-archived').getByRole('link', { name: NAME })).toBeVisible();
  expect(dialogs.messages).toEqual([expect.stringMatching(new RegExp(`^Archive ${NAME}\\? It leaves the shop at once`))]);
  expect(await listedNames(page)).toEqual(['Royal Chicken Pickle', 'Shahi Mutton Kofta Pickle']);
  await expect(async () => {
    expect((await shopNow(browser)).map((product) => product.name)).toEqual(['Royal Chicken Pickle', 'Shahi Mutton Kofta Pickle']);
  }).toPass({ timeout: 60_000 });
  await page.getByTestId('catalogue-archived').getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByText('Archived: not on the shop and not for sale.')).toBeVisible();
  await expect(page.getByTestId('change-log').getByRole('listitem').first().locator('dd')).toHaveText('No → Yes');
});

test('the list, the form with an error and the change log fit 360, 390 and 1280 px', async ({ page }) => {
  // Nine pages at three widths, each with a full-page screenshot, on a busy machine.
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const token = await openPanelLoggedIn(page);
  // A product of its own with a change or two to show, archived at the end.
  const headers = { authorization: `Bearer ${token}` };
  const form = {
    name: `Royal Fish Pickle ${tag}`,
    title: 'Bengal Recipe',
    description: 'Rohu slow-cooked in mustard oil with panch phoron.',
    price: 650,
    displayPrice: null,
    discountLabel: null,
    packLabel: 'JAR',
    netGrams: 300,
    diet: 'non-vegetarian',
    ingredients: 'Rohu fish, mustard oil, mustard seeds, red chilli, salt, turmeric, panch phoron.',
    allergens: 'Contains fish and mustard.',
    storage: 'Refrigerate after opening.',
    bestBefore: '3 months from packing',
    countryOfOrigin: 'India',
    hsn: '1604',
    gstRatePercent: 12,
  };
  const created = await page.request.post('/api/admin/catalogue', { data: form, headers });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: number; version: number } };
  const edited = await page.request.put(`/api/admin/catalogue/${product.id}`, {
    data: { ...form, price: 599.5, displayPrice: 650, discountLabel: 'Launch offer', gstRatePercent: 5, version: product.version },
    headers,
  });
  expect(edited.status()).toBe(200);
  const { version } = ((await edited.json()) as { product: { version: number } }).product;

  try {
    const fitsTheScreen = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
      await page.goto('/admin/catalogue');
      await expect(page.getByRole('listitem', { name: form.name }).getByTestId('catalogue-price')).toHaveText('₹599.50₹650');
      await fitsTheScreen();
      await page.screenshot({ path: `${SHOTS}/list-${width}.png`, fullPage: true });

      await page.goto('/admin/catalogue/new');
      await page.getByLabel('HSN code').fill('16O5');
      await page.getByLabel('Price (₹)').fill('12,50.5.0');
      await page.getByRole('button', { name: 'Add product' }).click();
      await expect(page.getByLabel('HSN code')).toHaveAccessibleDescription(/HSN code must be 4 to 8 digits/);
      await expect(page.getByLabel('Price (₹)')).toHaveAccessibleDescription(/Price must be an amount in rupees/);
      await fitsTheScreen();
      await page.screenshot({ path: `${SHOTS}/form-error-${width}.png`, fullPage: true });

      await page.goto(`/admin/catalogue/${product.id}`);
      const newest = page.getByTestId('change-log').getByRole('listitem').first();
      await expect(newest.locator('dt')).toHaveText(['Price', 'Struck-through price', 'Discount label', 'GST rate']);
      await expect(newest.locator('dd')).toHaveText(['₹650 → ₹599.50', 'none → ₹650', 'none → Launch offer', '12% → 5%']);
      await fitsTheScreen();
      await page.screenshot({ path: `${SHOTS}/change-log-${width}.png`, fullPage: true });
    }
  } finally {
    await page.request.post(`/api/admin/catalogue/${product.id}/archive`, { data: { version }, headers });
  }
});
