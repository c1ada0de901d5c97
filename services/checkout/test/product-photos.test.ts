import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { addProductPhoto } from '@pickles/db';
import { photoSrcSet, type PhotoFormat, type PhotoWidth } from '@pickles/shared/product-photos';
import { startCheckoutHarnessOnOwnDatabase, type CheckoutHarness } from './harness.js';

/**
 * Product photos served by checkout (decision 027): GET /api/catalogue/photos/{id}-{w}.{fmt} from
 * PostgreSQL, cached for a year (the URL names the content), and the catalogue naming each
 * product's photos. This file gives a product a photo, so it has a database of its own.
 */
let h: CheckoutHarness;
const PHOTO_ID = 'c0ffee'.padEnd(64, '0');
const bytesOf: Record<string, Buffer> = {};

beforeAll(async () => {
  h = await startCheckoutHarnessOnOwnDatabase();
  // A 700×525 photo, as admin-orders would have stored it: 320 and 640 px wide, in both formats.
  const variants = [];
  for (const width of [320, 640] as PhotoWidth[]) {
    for (const format of ['avif', 'webp'] as PhotoFormat[]) {
      const image = sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: '#b5651d' } });
      const data = await (format === 'avif' ? image.avif() : image.webp()).toBuffer();
      bytesOf[`${width}.${format}`] = data;
      variants.push({ width, format, pixelWidth: width, pixelHeight: Math.round((width * 3) / 4), data });
    }
  }
  const added = await addProductPhoto(h.db, 1, 1, { id: PHOTO_ID, width: 640, height: 480, originalBytes: 123_456, originalType: 'image/jpeg', variants }, 'A jar on a brass plate', 'owner');
  expect(added.ok).toBe(true);
});
afterAll(() => h?.close());

describe('GET /api/catalogue/photos/{id}-{width}.{format}', () => {
  it('serves each variant with its type, an ETag and a year of immutable caching; a matching If-None-Match is a 304', async () => {
    for (const [file, type] of [
      ['640.avif', 'image/avif'],
      ['320.webp', 'image/webp'],
    ] as const) {
      const response = await fetch(`${h.checkout.url}/api/catalogue/photos/${PHOTO_ID}-${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytesOf[file]!)).toBe(true);
      const etag = response.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]{20,}"$/);
      const again = await fetch(`${h.checkout.url}/api/catalogue/photos/${PHOTO_ID}-${file}`, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('answers 404 for an unknown photo, a width it was not kept at, another format or a malformed name', async () => {
    for (const file of [`${'f'.repeat(64)}-640.webp`, `${PHOTO_ID}-960.webp`, `${PHOTO_ID}-640.jpg`, `${PHOTO_ID}-500.webp`, 'x-640.webp', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(`${h.checkout.url}/api/catalogue/photos/${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: 'No such photo' });
    }
  });

  it('lists the photos with the product in GET /api/catalogue, and none for a product without', async () => {
    const products = ((await (await fetch(`${h.checkout.url}/api/catalogue`)).json()) as { products: Array<{ id: number; photos?: unknown[]; image: string }> }).products;
    expect(products.find((product) => product.id === 1)).toMatchObject({ photos: [{ id: PHOTO_ID, alt: 'A jar on a brass plate', width: 640, height: 480 }], image: '/images/royal-chicken-pickle.svg' });
    expect(products.find((product) => product.id === 2)!.photos).toBeUndefined();
    // The srcset the storefront builds names only what is served.
    expect(photoSrcSet({ id: PHOTO_ID, width: 640 }, 'avif')).toBe(`/api/catalogue/photos/${PHOTO_ID}-320.avif 320w, /api/catalogue/photos/${PHOTO_ID}-640.avif 640w`);
  });
});
