import type { RequestHandler } from 'express';
import { removeOrdersRequestSchema } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { archiveFinishedOrders } from '../db/orders.js';
import { adminOf } from '../auth/require-admin.js';
import { parseOrThrow } from './parse.js';

/**
 * POST /api/order/remove-multiple {orderIds | filter}: completed and cancelled orders among them
 * leave the panel for the archive (kept for tax records), in one transaction. Others stay.
 */
export function removeOrdersHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const body = parseOrThrow(removeOrdersRequestSchema, req.body);
    const archivedBy = `admin:${adminOf(req).sub}`;
    const target = 'orderIds' in body ? { orderIds: body.orderIds } : { filter: body.filter };
    const removedCount = await db.transaction().execute((trx) => archiveFinishedOrders(trx, target, archivedBy));
    req.log.info({ removedCount }, 'orders archived');
    res.json({ success: true, removedCount });
  };
}
