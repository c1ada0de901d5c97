import { addProductPhoto, photoExists, readProducts, removeProductPhoto, reorderProductPhotos, type Db, type StoredPhoto } from '@pickles/db';
import { PhotoQueueFullError, photoIdOf, processPhoto } from './photo-processing.js';

/** Product photographs (decision 027): the owner's uploads, deletes and order, each a change of the product. */

/** What adding the photo answered: the product at its next version, or why nothing was saved. */
export type PhotoWrite = Awaited<ReturnType<typeof addProductPhoto>>;

export type PhotoUpload =
  | { kind: 'unknown-product' }
  /** The page's version is not the product's: someone saved it since. */
  | { kind: 'stale' }
  /** Other photos are being prepared: the upload may be sent again in a few seconds. */
  | { kind: 'queue-full' }
  | { kind: 'too-small' }
  | { kind: 'not-an-image' }
  | { kind: 'written'; photoId: string; write: PhotoWrite };

/**
 * A photo added to the product. The product and its version are checked first (no work for a stale
 * page); a photo the database does not hold yet is decoded and encoded (processPhoto) outside any
 * transaction, one upload at a time; then it is stored with the product's next version.
 */
export async function uploadProductPhoto(
  db: Db,
  { productId, version, alt, original, type, by }: { productId: number; version: number; alt: string; original: Buffer; type: string; by: string },
): Promise<PhotoUpload> {
  const current = (await readProducts(db, [productId])).get(productId);
  if (!current) return { kind: 'unknown-product' };
  if (current.version !== version) return { kind: 'stale' };
  const photoId = photoIdOf(original);
  let photo: StoredPhoto | { id: string } = { id: photoId };
  if (!(await photoExists(db, photoId))) {
    let processed;
    try {
      processed = await processPhoto(original);
    } catch (error) {
      if (error instanceof PhotoQueueFullError) return { kind: 'queue-full' };
      throw error;
    }
    if (!processed.ok) return { kind: processed.reason === 'too-small' ? 'too-small' : 'not-an-image' };
    photo = { id: photoId, width: processed.width, height: processed.height, originalBytes: original.length, originalType: type, variants: processed.variants };
  }
  return { kind: 'written', photoId, write: await addProductPhoto(db, productId, version, photo, alt, by) };
}

/** The photo leaves the product (and the database when no product shows it). */
export function deleteProductPhoto(db: Db, productId: number, version: number, photoId: string, by: string) {
  return removeProductPhoto(db, productId, version, photoId, by);
}

/** The product's photos in the owner's order, the first the main one. */
export function orderProductPhotos(db: Db, productId: number, version: number, photoIds: readonly string[], by: string) {
  return reorderProductPhotos(db, productId, version, photoIds, by);
}
