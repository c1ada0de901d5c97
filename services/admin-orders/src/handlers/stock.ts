import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { AdminProductStockResponse, AdminStockResponse } from '@pickles/shared';
import { productStockUpdateSchema, STOCK_MESSAGES } from '@pickles/shared/stock';
import { batchStock, saveBatch } from '../domain/stock.js';
import { adminOf } from '../auth/require-admin.js';
import { sendUncached, serialId } from './parse.js';

/** GET /api/admin/stock: every catalogue product's batch, reserved, sold and jars left (decision 012). */
export function listStockHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    sendUncached(res, { success: true, products: await batchStock(db) } satisfies AdminStockResponse);
  };
}

/**
 * PUT /api/admin/stock/{productId} {state, batchJars, nextBatchDate, newBatch}: the owner's batch
 * (saveBatch). A batch smaller than the jars already reserved and sold is refused (409) with the
 * figure; the storefront sees the change at once.
 */
export function updateStockHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = serialId(req.params.productId);
    // The body is parsed once the product is known: an unknown product is a 404 whatever it was sent.
    const save = await saveBatch(db, id, () => parseOrThrow(productStockUpdateSchema, req.body), adminOf(req).sub);
    if (save.kind === 'unknown-product') throw new NotFoundError(STOCK_MESSAGES.unknownProduct);
    if (save.kind === 'too-small') throw new ConflictError(STOCK_MESSAGES.batchTooSmall(save.committed));
    const { stock, told } = save;
    req.log.info({ productId: save.productId, state: stock.state, batchJars: stock.batchJars, newBatch: save.newBatch, subscribersTold: told }, 'batch stock set');
    res.json({ success: true, product: stock, told } satisfies AdminProductStockResponse);
  };
}
