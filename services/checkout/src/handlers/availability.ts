import type { RequestHandler } from 'express';
import { readCatalogue, readStock, type Db } from '@pickles/db';
import type { CatalogueAvailabilityResponse } from '@pickles/shared';
import { toAvailability } from '@pickles/shared/stock';

/**
 * GET /api/catalogue/availability: every catalogue product's sale state and jars left, read live
 * from the batch stock (decision 012), never cached: the storefront shows "Only 3 left" or "Sold
 * out" from it. A product without a stock row is shown as create-order would treat it: not on sale.
 */
export function availabilityHandler({ db }: { db: Db }): RequestHandler {
  return async (_req, res) => {
    const [products, rows] = await Promise.all([readCatalogue(db), readStock(db)]);
    const stock = new Map(rows.map((row) => [row.productId, row]));
    const body: CatalogueAvailabilityResponse = {
      success: true,
      asOf: new Date().toISOString(),
      products: products.map((product) =>
        toAvailability(stock.get(product.id) ?? { productId: product.id, state: 'coming-soon', batchJars: null, reserved: 0, sold: 0, nextBatchDate: null }),
      ),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
