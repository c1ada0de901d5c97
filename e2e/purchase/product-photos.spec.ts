import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { phonePhoto } from '@pickles/test-kit/photos';
import { prawnPickleForm } from '@pickles/test-kit/products';
import { PHOTO_MESSAGES } from '@pickles/shared/product-photos';
import { ADMIN } from '../admin/fixtures.js';

/**
 * Product photos (decision 027), through the gateway as the owner and shoppers use them: the owner
 * uploads a phone's JPEG with its GPS position to a new product; the variants shoppers are sent carry
 * no EXIF and are cached for a year; /shop at 360 and 1280 px picks an AVIF or WebP variant for the
 * width; the product page shows it first and names it in its JSON-LD; a text file called .jpg and a
 * file over 10 MB are refused with their sentences. The product is archived at the end, so the run's
 * other journeys see the shop's two products.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '.ci/out/shots/photos';
const NAME = `Royal Prawn Pickle ${Date.now().toString(36)}`;
const ALT = 'A jar of prawn pickle on a brass plate';
let token: string;
let productId: number;
let slug: string;
let version: number;

async function asOwner(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown) {
  const response = await request[method](path, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { product: { id: number; slug: string; version: number; photos: Array<{ id: string; width: number; height: number; alt: string }> } };
}

const upload = (request: APIRequestContext, bytes: Buffer, type = 'image/jpeg') =>
  request.post(`/api/admin/catalogue/${productId}/photos?version=${version}&alt=${encodeURIComponent(ALT)}`, { data: bytes, headers: { authorization: `Bearer ${token}`, 'content-type': type } });

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: width < 400 ? 780 : 900 });
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** The image the browser chose for the card of the new product, once it has loaded. */
async function chosenSource(page: Page, scope: ReturnType<Page['locator']>) {
  const img = scope.locator('picture img').first();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return img.evaluate((element: HTMLImageElement) => element.currentSrc);
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  token = ((await login.json()) as { token: string }).token;
  const created = await asOwner(request, 'post', '/api/admin/catalogue', prawnPickleForm({ name: NAME }));
  ({ id: productId, slug, version } = created.product);
  await asOwner(request, 'put', `/api/admin/stock/${productId}`, { state: 'on-sale', batchJars: null, nextBatchDate: null });
});

test.afterAll(async ({ request }) => {
  if (productId) await asOwner(request, 'post', `/api/admin/catalogue/${productId}/archive`, { version });
});

test('an owner’s phone photo is stripped of its GPS, served immutable, and shown by /shop, / and the product page at each width', async ({ browser, page, request }) => {
  // A 2000×1500 phone photo processed into eight variants on a busy machine, then six pages.
  test.setTimeout(180_000);

  // Before any photo: the jar with the product's name on its label.
  await open(page, '/shop', 360);
  const card = page.getByRole('article').filter({ hasText: NAME });
  await expect(card.getByTestId('product-jar')).toContainText(NAME);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/shop-no-photo-360.png` });

  const original = await phonePhoto({ width: 2000, height: 1500 });
  expect((await sharp(original).metadata()).exif?.includes('TestPhone')).toBe(true);
  const uploaded = await upload(request, original);
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { product } = (await uploaded.json()) as Awaited<ReturnType<typeof asOwner>>;
  version = product.version;
  const photo = product.photos[0]!;
  expect(photo).toEqual({ id: expect.stringMatching(/^[0-9a-f]{64}$/), alt: ALT, width: 1280, height: 960 });

  // Every variant, through the gateway: the right type, no EXIF (no GPS, no camera), a year of caching.
  for (const width of [320, 640, 960, 1280]) {
    for (const format of ['avif', 'webp'] as const) {
      const response = await request.get(`/api/catalogue/photos/${photo.id}-${width}.${format}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe(`image/${format}`);
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers()['etag']).toMatch(/^"[\w-]+"$/);
      const body = await response.body();
      const metadata = await sharp(body).metadata();
      expect([metadata.width, metadata.exif, metadata.xmp]).toEqual([width, undefined, undefined]);
      expect(body.includes('TestPhone')).toBe(false);
    }
  }
  expect((await request.get(`/api/catalogue/photos/${'e'.repeat(64)}-640.webp`)).status()).toBe(404);

  // What is not a photo, and what is too large, are refused with their sentences and change nothing.
  const text = await upload(request, Buffer.from('Grandmother’s recipe: 1 kg chicken, 200 ml mustard oil\n'));
  expect([text.status(), await text.json()]).toEqual([415, { success: false, error: PHOTO_MESSAGES.notAnImage }]);
  const huge = await upload(request, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
  expect([huge.status(), await huge.json()]).toEqual([413, { success: false, error: PHOTO_MESSAGES.tooLarge }]);
  expect(PHOTO_MESSAGES.tooLarge).toContain('10 MB');

  // A shopper arriving now (the first one's browser keeps the catalogue it saw for 30 s: decision 024)
  // gets the photo, in the variant /shop picks for the width.
  page = await browser.newPage();
  for (const width of [360, 390, 1280]) {
    await open(page, '/shop', width);
    const withPhoto = page.getByRole('article').filter({ hasText: NAME });
    await expect(withPhoto.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', new RegExp(`${photo.id}-320\\.avif 320w`));
    const img = withPhoto.locator('picture img');
    await expect(img).toHaveAttribute('alt', ALT);
    await expect(img).toHaveAttribute('width', '1280');
    await expect(img).toHaveAttribute('height', '960');
    await expect(img).toHaveAttribute('loading', 'lazy');
    expect(await chosenSource(page, withPhoto)).toMatch(new RegExp(`/api/catalogue/photos/${photo.id}-(320|640|960|1280)\\.(avif|webp)$`));
    await page.screenshot({ path: `${SHOTS}/shop-${width}.png`, fullPage: true });

    await open(page, '/', width);
    const tile = page.locator('.landing-product').filter({ hasText: NAME });
    expect(await chosenSource(page, tile)).toMatch(new RegExp(`${photo.id}-(320|640|960|1280)\\.(avif|webp)$`));
    await page.screenshot({ path: `${SHOTS}/landing-${width}.png`, fullPage: true });

    await open(page, `/shop/${slug}`, width);
    const hero = page.locator('.product-page picture img').first();
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('loading', 'eager');
    expect(await chosenSource(page, page.locator('.product-page'))).toMatch(new RegExp(`${photo.id}-(320|640|960|1280)\\.(avif|webp)$`));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { name: string; image: string[] };
    expect(jsonLd.name).toBe(NAME);
    expect(jsonLd.image).toEqual([new URL(`/api/catalogue/photos/${photo.id}-1280.webp`, page.url()).toString()]);
    await page.screenshot({ path: `${SHOTS}/product-${width}.png`, fullPage: true });
  }
});
