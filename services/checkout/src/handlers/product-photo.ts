import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { parsePhotoFileName } from '@pickles/shared/product-photos';
import { productPhotoVariant } from '../domain/catalogue.js';

/** A photo's URL names its content (the original's hash, the width, the format): it never changes, so it is kept a year. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * GET /api/catalogue/photos/{id}-{width}.{avif|webp}: one variant of a product photo (decision 027),
 * from PostgreSQL, so every replica serves what any replica stored. An If-None-Match naming the
 * variant is a 304 without reading it; an unknown photo, width or format is a 404.
 */
export function productPhotoHandler({ db }: { db: Db }): RequestHandler {
  return async (req, res) => {
    const name = String(req.params.file ?? '');
    const parsed = parsePhotoFileName(name);
    if (!parsed) {
      res.status(404).json({ success: false, error: 'No such photo' });
      return;
    }
    const data = await productPhotoVariant(db, parsed);
    if (!data) {
      res.setHeader('Cache-Control', 'no-store');
      res.status(404).json({ success: false, error: 'No such photo' });
      return;
    }
    // The bytes of one URL never change; the ETag still names them, for caches that revalidate anyway.
    const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
    res.setHeader('Cache-Control', PHOTO_CACHE_CONTROL);
    res.setHeader('ETag', etag);
    res.setHeader('Content-Type', CONTENT_TYPES[parsed.format]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(data.length));
    res.end(data);
  };
}
