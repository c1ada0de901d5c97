import type { Request, RequestHandler } from 'express';
import { ConflictError, HttpError, InvalidError, NotFoundError, TooManyRequestsError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { AdminCatalogueProductResponse } from '@pickles/shared';
import { CATALOGUE_MESSAGES } from '@pickles/shared/catalogue-input';
import { PHOTO_ID_PATTERN, PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_UPLOAD_TYPES, photoOrderSchema, photoQuerySchema } from '@pickles/shared/product-photos';
import { adminOf } from '../auth/require-admin.js';
import { serialId } from './parse.js';
import { deleteProductPhoto, orderProductPhotos, uploadProductPhoto } from '../domain/product-photos.js';

/** Product photographs (decision 027): the owner's uploads, deletes and order, each a change of the product. */

class PayloadTooLargeError extends HttpError {
  constructor() {
    super(413, PHOTO_MESSAGES.tooLarge);
  }
}
class UnsupportedPhotoError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

function productId(req: Request): number {
  const id = serialId(req.params.id);
  if (id === undefined) throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
  return id;
}

/**
 * The upload's bytes, refused with a 413 as soon as they pass PHOTO_MAX_BYTES: at once when the
 * Content-Length says so, else while they arrive, so no more than the limit is ever held.
 */
async function readUpload(req: Request): Promise<Buffer> {
  const announced = Number(req.headers['content-length']);
  // The rest of a refused body is not read: the connection is closed after the answer.
  if (Number.isFinite(announced) && announced > PHOTO_MAX_BYTES) {
    req.res?.setHeader('Connection', 'close');
    throw new PayloadTooLargeError();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > PHOTO_MAX_BYTES) {
      req.res?.setHeader('Connection', 'close');
      throw new PayloadTooLargeError();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** A refused change as the owner's answer; 'conflict', and any reason not listed, is the catalogue's conflict. */
const REFUSALS = new Map<string, () => HttpError>([
  ['not-found', () => new NotFoundError(CATALOGUE_MESSAGES.unknownProduct)],
  ['too-many', () => new ConflictError(PHOTO_MESSAGES.tooMany)],
  ['duplicate', () => new ConflictError(PHOTO_MESSAGES.duplicate)],
  ['unknown-photo', () => new NotFoundError(PHOTO_MESSAGES.unknownPhoto)],
  ['order-mismatch', () => new ConflictError(PHOTO_MESSAGES.orderMismatch)],
]);

function saved(result: { ok: true; product: AdminCatalogueProductResponse['product'] } | { ok: false; reason: string }) {
  if (result.ok) return result.product;
  throw REFUSALS.get(result.reason)?.() ?? new ConflictError(CATALOGUE_MESSAGES.conflict);
}

/**
 * POST /api/admin/catalogue/{id}/photos?alt=&version=: the body is the photo's bytes. The product
 * and its version are checked first (no work for a stale page), the photo is decoded and encoded
 * outside any transaction, one upload at a time, and stored with the product's next version.
 */
export function uploadProductPhotoHandler(db: Db): RequestHandler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const id = productId(req);
    const { version, alt } = parseOrThrow(photoQuerySchema, req.query);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(PHOTO_UPLOAD_TYPES as readonly string[]).includes(type)) {
      req.resume();
      throw new UnsupportedPhotoError(PHOTO_MESSAGES.notAnImage);
    }
    const original = await readUpload(req);
    if (!original.length) throw new UnsupportedPhotoError(PHOTO_MESSAGES.notAnImage);
    const upload = await uploadProductPhoto(db, { productId: id, version, alt, original, type, by: adminOf(req).sub });
    if (upload.kind === 'unknown-product') throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
    if (upload.kind === 'stale') throw new ConflictError(CATALOGUE_MESSAGES.conflict);
    if (upload.kind === 'queue-full') throw new TooManyRequestsError('Other photos are being prepared. Please wait a few seconds and upload this one again.', 5);
    if (upload.kind === 'too-small') throw new InvalidError(PHOTO_MESSAGES.tooSmall);
    if (upload.kind === 'not-an-image') throw new UnsupportedPhotoError(PHOTO_MESSAGES.notAnImage);
    const { photoId } = upload;
    const product = saved(upload.write);
    req.log.info({ productId: id, photoId, bytes: original.length, version: product.version }, 'product photo added');
    res.status(201).json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** DELETE /api/admin/catalogue/{id}/photos/{photoId}?version=: the photo leaves the product (and the database when no product shows it). */
export function deleteProductPhotoHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const photoId = String(req.params.photoId ?? '');
    if (!PHOTO_ID_PATTERN.test(photoId)) throw new NotFoundError(PHOTO_MESSAGES.unknownPhoto);
    const { version } = parseOrThrow(photoQuerySchema, req.query);
    const product = saved(await deleteProductPhoto(db, id, version, photoId, adminOf(req).sub));
    req.log.info({ productId: id, photoId, version: product.version }, 'product photo deleted');
    res.json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** PUT /api/admin/catalogue/{id}/photos/order {version, photoIds}: the first is the main photo. */
export function reorderProductPhotosHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const { version, photoIds } = parseOrThrow(photoOrderSchema, req.body);
    const product = saved(await orderProductPhotos(db, id, version, photoIds, adminOf(req).sub));
    res.json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}
