import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { ensureStockRows, readProducts, setBatch, tellSubscribersOfOpening, type Db } from '@pickles/db';
import type { AdminProductStockResponse, AdminStockResponse } from '@pickles/shared';
import { productStockUpdateSchema, STOCK_MESSAGES, STOCKED_PRODUCTS } from '@pickles/shared/stock';
import { listProductStock } from '../db/stock.js';
import { adminOf } from '../auth/require-admin.js';

/** GET /api/admin/stock: every catalogue product's batch, reserved, sold and jars left (decision 012). */
export function listStockHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    // A product new to the catalogue is listed as the catalogue says until the owner first saves it.
    await ensureStockRows(db, STOCKED_PRODUCTS);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, products: await listProductStock(db) } satisfies AdminStockResponse);
  };
}

/**
 * PUT /api/admin/stock/{productId} {state, batchJars, nextBatchDate, newBatch}: the owner launches a
 * product, sets this week's batch or starts a new one. A batch smaller than the jars already
 * reserved and sold is refused (409) with the figure; the storefront sees the change at once. A
 * batch that opens (on sale with jars, having had none, or a new batch) e-mails its subscribers once.
 */
export function updateStockHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const raw = req.params.productId;
    const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
    const product = id === undefined ? undefined : (await readProducts(db, [id])).get(id);
    if (!product || product.archived) throw new NotFoundError(STOCK_MESSAGES.unknownProduct);
    const update = parseOrThrow(productStockUpdateSchema, req.body);
    const updatedBy = adminOf(req).sub;
    const { stock, told } = await db.transaction().execute(async (trx) => {
      const result = await setBatch(trx, product.id, update, updatedBy);
      if (!result.ok) throw new ConflictError(STOCK_MESSAGES.batchTooSmall(result.committed));
      // A batch that opens tells its confirmed subscribers, once, in the same transaction (decision 029).
      const told = result.opened ? await tellSubscribersOfOpening(trx, product.id, result.stock.batchJars) : 0;
      return { stock: (await listProductStock(trx, [product.id]))[0]!, told };
    });
    req.log.info({ productId: product.id, state: stock.state, batchJars: stock.batchJars, newBatch: update.newBatch, subscribersTold: told }, 'batch stock set');
    res.json({ success: true, product: stock, told } satisfies AdminProductStockResponse);
  };
}
