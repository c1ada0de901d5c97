import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { storefrontCatalogue } from '../domain/catalogue.js';

/** How long a browser or the gateway may keep the catalogue: the owner's edit shows within a minute. */
export const CATALOGUE_MAX_AGE_SECONDS = 30;

/**
 * GET /api/catalogue: the storefront's products as the owner saved them (decision 024), archived
 * ones left out; coming soon is the batch stock's state (decision 012), a product without a stock
 * row being not on sale, as create-order treats it. Public and cacheable for CATALOGUE_MAX_AGE_SECONDS:
 * the same for every shopper, and prices are checked again at create-order anyway.
 */
export function catalogueHandler({ db }: { db: Db }): RequestHandler {
  return async (_req, res) => {
    const body = await storefrontCatalogue(db);
    res.setHeader('Cache-Control', `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`);
    res.json(body);
  };
}
