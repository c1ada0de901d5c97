import type { Kysely } from 'kysely';
import { PHOTOS_PER_PRODUCT, type PhotoFormat, type PhotoWidth } from '@pickles/shared/product-photos';
import { saveProductPhotoChange } from './catalogue.js';
import type { Database } from './schema.js';

/**
 * Product photographs (decision 027): the one module that writes `photos`, `photo_variants` and
 * `product_photos`. Every change of a product's photos is a change of the product (its version
 * moves on, the change log names the photos before and after: catalogue.ts). The images are made
 * before any of this is called (admin-orders, outside any transaction); here they are only stored.
 */

export interface StoredPhoto {
  /** Hex SHA-256 of the original upload. */
  id: string;
  /** The largest variant's size. */
  width: number;
  height: number;
  originalBytes: number;
  originalType: string;
  variants: Array<{ width: PhotoWidth; format: PhotoFormat; pixelWidth: number; pixelHeight: number; data: Buffer }>;
}

/** Does the database already hold this photo's variants (the same original uploaded before)? Then they need not be made again. */
export async function photoExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('photos').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Adds a photo at the end of the product's photos (the main one when it is the first). */
export function addProductPhoto(db: Kysely<Database>, productId: number, version: number, photo: StoredPhoto | { id: string }, alt: string, by: string) {
  return saveProductPhotoChange<'too-many' | 'duplicate' | 'photo-gone'>(db, productId, version, by, async (trx) => {
    const shown = await trx.selectFrom('product_photos').select('photo_id').where('product_id', '=', productId).execute();
    if (shown.some((row) => row.photo_id === photo.id)) return 'duplicate';
    if (shown.length >= PHOTOS_PER_PRODUCT) return 'too-many';
    if ('variants' in photo) {
      const inserted = await trx
        .insertInto('photos')
        .values({ id: photo.id, width: photo.width, height: photo.height, original_bytes: photo.originalBytes, original_type: photo.originalType, created_by: by })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await trx
          .insertInto('photo_variants')
          .values(photo.variants.map((variant) => ({ photo_id: photo.id, width: variant.width, format: variant.format, pixel_width: variant.pixelWidth, pixel_height: variant.pixelHeight, bytes: variant.data.length, data: variant.data })))
          .execute();
      }
    } else if (!(await trx.selectFrom('photos').select('id').where('id', '=', photo.id).forShare().executeTakeFirst())) {
      return 'photo-gone';
    }
    await trx
      .insertInto('product_photos')
      .values({ product_id: productId, photo_id: photo.id, position: shown.length + 1, alt })
      .execute();
    return undefined;
  });
}

/** Deletes what no product shows any more: the photo and its variants. */
async function dropUnused(trx: Parameters<Parameters<typeof saveProductPhotoChange>[4]>[0], photoId: string): Promise<void> {
  const stillShown = await trx.selectFrom('product_photos').select('product_id').where('photo_id', '=', photoId).executeTakeFirst();
  if (!stillShown) await trx.deleteFrom('photos').where('id', '=', photoId).execute();
}

/** Takes a photo off a product; the next one becomes the main photo. */
export function removeProductPhoto(db: Kysely<Database>, productId: number, version: number, photoId: string, by: string) {
  return saveProductPhotoChange<'unknown-photo'>(db, productId, version, by, async (trx) => {
    const removed = await trx.deleteFrom('product_photos').where('product_id', '=', productId).where('photo_id', '=', photoId).returning('photo_id').executeTakeFirst();
    if (!removed) return 'unknown-photo';
    const rest = await trx.selectFrom('product_photos').select('photo_id').where('product_id', '=', productId).orderBy('position').execute();
    await renumber(trx, productId, rest.map((row) => row.photo_id));
    await dropUnused(trx, photoId);
    return undefined;
  });
}

async function renumber(trx: Parameters<Parameters<typeof saveProductPhotoChange>[4]>[0], productId: number, photoIds: readonly string[]): Promise<void> {
  for (const [index, photoId] of photoIds.entries()) {
    await trx.updateTable('product_photos').set({ position: index + 1 }).where('product_id', '=', productId).where('photo_id', '=', photoId).execute();
  }
}

/** Puts the product's photos in this order (the first is the main photo); it must name each of them once. */
export function reorderProductPhotos(db: Kysely<Database>, productId: number, version: number, photoIds: readonly string[], by: string) {
  return saveProductPhotoChange<'order-mismatch'>(db, productId, version, by, async (trx) => {
    const shown = (await trx.selectFrom('product_photos').select('photo_id').where('product_id', '=', productId).execute()).map((row) => row.photo_id);
    if (shown.length !== photoIds.length || new Set(photoIds).size !== photoIds.length || !shown.every((id) => photoIds.includes(id))) return 'order-mismatch';
    await renumber(trx, productId, photoIds);
    return undefined;
  });
}

/** One variant's bytes, for checkout to serve; undefined when there is none (an unknown photo, or a width the photo is too narrow for). */
export async function readPhotoVariant(db: Kysely<Database>, photoId: string, width: PhotoWidth, format: PhotoFormat): Promise<Buffer | undefined> {
  const row = await db.selectFrom('photo_variants').select('data').where('photo_id', '=', photoId).where('width', '=', width).where('format', '=', format).executeTakeFirst();
  return row?.data;
}
