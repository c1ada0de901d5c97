import { z } from 'zod';

/**
 * Product photographs (decision 027): the one home of their sizes, formats, limits, addresses and
 * messages, shared by admin-orders (upload), checkout (serving) and the storefront (srcset).
 */

/** The widths every photo is kept at (none wider than the original: no enlargement). */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The formats every width is kept in; AVIF first in a <picture>, the smaller of the two. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The largest upload accepted: a phone photo is 2–6 MB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** What the owner may upload (the file input's accept, and the Content-Types the API takes). */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

/** At most this many photos per product. */
export const PHOTOS_PER_PRODUCT = 8;

/** A photo as a product carries it: the id is the hash of the original upload, so its URLs never change. */
export interface ProductPhoto {
  id: string;
  alt: string;
  /** The largest variant's size, for the aspect ratio (width/height attributes). */
  width: number;
  height: number;
}

export const PHOTO_ID_PATTERN = /^[0-9a-f]{16,64}$/;

/** The widths a photo of this original width is kept at: every standard width up to it, and at least the smallest. */
export function photoWidthsFor(photo: Pick<ProductPhoto, 'width'>): PhotoWidth[] {
  const widths = PHOTO_WIDTHS.filter((width) => width <= photo.width);
  return widths.length ? widths : [PHOTO_WIDTHS[0]];
}

/** The address of one variant, served by checkout through the gateway. */
export function photoUrl(photoId: string, width: PhotoWidth, format: PhotoFormat): string {
  return `/api/catalogue/photos/${photoId}-${width}.${format}`;
}

/**
 * A variant's real pixel width: the standard width, or the original's when it is narrower (a
 * 500 px photo's "640" variant does not exist; its 320 one does).
 */
function variantPixelWidth(photo: Pick<ProductPhoto, 'width'>, width: PhotoWidth): number {
  return Math.min(width, Math.max(photo.width, 1));
}

/**
 * The `sizes` of a product's picture, matching where it is laid out (web/src/styles/index.css): the
 * shop's grid (one column under 640 px, two beside each other up to the 1,100 px container), the
 * product page (a 40rem column) and the landing page's tiles (three across from 640 px). The gateway's
 * preload of a page's first photo names the same, so the browser fetches the file the page will use.
 */
export const PICTURE_SIZES = {
  grid: '(min-width: 1100px) 524px, (min-width: 640px) calc(50vw - 26px), calc(100vw - 32px)',
  page: '(min-width: 672px) 608px, calc(100vw - 32px)',
  tile: '(min-width: 1100px) 340px, (min-width: 640px) calc(33vw - 24px), calc(100vw - 32px)',
} as const;

/** The srcset of a photo in one format: `/api/catalogue/photos/<id>-320.avif 320w, ...`. */
export function photoSrcSet(photo: Pick<ProductPhoto, 'id' | 'width'>, format: PhotoFormat): string {
  return photoWidthsFor(photo)
    .map((width) => `${photoUrl(photo.id, width, format)} ${variantPixelWidth(photo, width)}w`)
    .join(', ');
}

/** The fallback src of a photo (an <img> without srcset support): the 640 px WebP, or the largest there is. */
export function photoFallbackSrc(photo: Pick<ProductPhoto, 'id' | 'width'>): string {
  const widths = photoWidthsFor(photo);
  return photoUrl(photo.id, widths.includes(640) ? 640 : widths[widths.length - 1]!, 'webp');
}

/** Parses `<id>-<w>.<fmt>`; undefined for anything else. */
export function parsePhotoFileName(name: string): { id: string; width: PhotoWidth; format: PhotoFormat } | undefined {
  const match = /^([0-9a-f]{16,64})-(\d{3,4})\.(avif|webp)$/.exec(name);
  if (!match) return undefined;
  const width = Number(match[2]);
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return undefined;
  return { id: match[1]!, width: width as PhotoWidth, format: match[3] as PhotoFormat };
}

export const PHOTO_MESSAGES = {
  tooLarge: `The photo is larger than ${PHOTO_MAX_BYTES / (1024 * 1024)} MB. Export it smaller (a phone's "medium" size is plenty) and upload it again.`,
  notAnImage: 'This file is not a photo we can read. Upload a JPEG, PNG, WebP or HEIC (iPhone) image.',
  tooSmall: 'The photo is too small: it must be at least 320 pixels wide and high.',
  tooMany: `A product can have at most ${PHOTOS_PER_PRODUCT} photos. Delete one first.`,
  altTooLong: 'The description of the photo (alt text) can be at most 200 characters.',
  unknownPhoto: 'This photo is not one of the product’s photos (it may have been deleted). Reload the page.',
  orderMismatch: 'The photos have changed since the page was opened. Reload the page and order them again.',
  duplicate: 'This photo is already one of the product’s photos.',
  missingVersion: 'The product version is missing. Reload the page and try again.',
} as const;

/** PUT /api/admin/catalogue/{id}/photos/order: the product's photos in their new order, the main one first. */
export const photoOrderSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive(),
  photoIds: z.array(z.string().regex(PHOTO_ID_PATTERN, 'photoIds must be the ids of the product’s photos'), { error: 'photoIds must list the product’s photos in their new order' }).min(1).max(PHOTOS_PER_PRODUCT),
});

/** The query of an upload or a delete: the product's version as the owner opened it, and the upload's alt text. */
export const photoQuerySchema = z.object({
  version: z.coerce.number({ error: 'version is required' }).int('version is required').positive('version is required'),
  alt: z.string().trim().max(200, PHOTO_MESSAGES.altTooLong).optional().default(''),
});
