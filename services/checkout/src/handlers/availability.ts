import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { catalogueAvailability } from '../domain/catalogue.js';

/**
 * GET /api/catalogue/availability: every catalogue product's sale state and jars left, read live
 * from the batch stock (decision 012), never cached: the storefront shows "Only 3 left" or "Sold
 * out" from it. A product without a stock row is shown as create-order would treat it: not on sale.
 */
export function availabilityHandler({ db }: { db: Db }): RequestHandler {
  return async (_req, res) => {
    const body = await catalogueAvailability(db, new Date());
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
