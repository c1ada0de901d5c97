import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { HttpError, InvalidError, parseOrThrow } from '@pickles/service-kit';
import { discountCheckPayloadSchema } from '@pickles/shared';
import { checkDiscount } from '../domain/discount-check.js';

/**
 * POST /api/discount-codes/check: what a code does for this cart now ("LAUNCH10: 10% off — you save
 * ₹160.50"), or why not (409, the shopper's sentence): unknown, paused, not yet started, expired,
 * minimum not reached, used up, already used by this shopper (when the e-mail or phone is given).
 * Priced from the catalogue as create-order prices; nothing is reserved: create-order decides again
 * under the code's lock (decision 028).
 */
export function discountCheckHandler({ db }: { db: Db }): RequestHandler {
  return async (req, res) => {
    const payload = parseOrThrow(discountCheckPayloadSchema, req.body);
    const checked = await checkDiscount(db, payload, new Date());
    if (checked.kind === 'unknown-product') throw new InvalidError(`Product ${checked.itemId} is not in our catalogue`, { [`items.${checked.index}.itemId`]: 'Unknown product' });
    if (checked.kind === 'refused') throw new HttpError(409, checked.message, { discountCode: checked.message });
    res.setHeader('Cache-Control', 'no-store');
    res.json(checked.body);
  };
}
