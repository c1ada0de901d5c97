import type { Logger } from 'pino';
import { PICTURE_SIZES, photoSrcSet, photoUrl, type ProductPhoto } from '@pickles/shared/product-photos';

/**
 * The `Link: rel=preload` header of a page whose largest paint is a product photo: /shop (the first
 * card's) and /shop/<slug> (that product's). The prerendered HTML carries the build's catalogue, so a
 * photo the owner uploaded since appears only once the app has asked for the catalogue; named in the
 * page's own response, the photo downloads while the scripts do, and is in the cache when the app
 * draws it. The same srcset and sizes as the page's <picture> (AVIF, its first source), so the
 * browser picks the same file; a browser without AVIF skips the hint by its type.
 *
 * The catalogue is read from checkout in the background, at most every `refreshMs` (checkout's own
 * cache is 30 s): a page never waits for it (the first one after a start goes without), and a
 * checkout that is down means no hint, not an error.
 */

interface CataloguePhotos {
  slug?: string;
  photos?: ProductPhoto[];
}

export interface PhotoPreloadOptions {
  /** Checkout's replicas, taken in turn. */
  checkoutUrls: readonly string[];
  logger: Logger;
  refreshMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export type PhotoPreload = (pagePath: string) => string | undefined;

function linkValue(photo: ProductPhoto, sizes: string): string {
  const fallback = photoUrl(photo.id, 640, 'avif');
  return `<${fallback}>; rel=preload; as=image; type="image/avif"; imagesrcset="${photoSrcSet(photo, 'avif')}"; imagesizes="${sizes}"; fetchpriority=high`;
}

export function photoPreload({ checkoutUrls, logger, refreshMs = 30_000, timeoutMs = 2_000, now = Date.now }: PhotoPreloadOptions): PhotoPreload {
  let products: CataloguePhotos[] = [];
  let readAt = -Infinity;
  let reading = false;
  let turn = 0;

  const refresh = async () => {
    reading = true;
    const url = checkoutUrls[turn++ % checkoutUrls.length];
    try {
      const response = await fetch(`${url}/api/catalogue`, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`checkout answered ${response.status}`);
      const body = (await response.json()) as { products?: CataloguePhotos[] };
      products = Array.isArray(body.products) ? body.products : [];
    } catch (error) {
      // The pages go out without the hint until checkout answers again.
      logger.warn({ err: error }, 'catalogue not read for the photo preload');
    } finally {
      readAt = now();
      reading = false;
    }
  };

  // Read on the first page asked for, not at start: a gateway that serves only the API never asks.
  return (pagePath) => {
    if (!reading && now() - readAt >= refreshMs) void refresh();
    if (pagePath === '/shop') {
      const first = products[0]?.photos?.[0];
      return first ? linkValue(first, PICTURE_SIZES.grid) : undefined;
    }
    const slug = /^\/shop\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(pagePath)?.[1];
    if (!slug) return undefined;
    const photo = products.find((product) => product.slug === slug)?.photos?.[0];
    return photo ? linkValue(photo, PICTURE_SIZES.page) : undefined;
  };
}
