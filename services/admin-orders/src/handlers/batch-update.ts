import type { RequestHandler } from 'express';
import { batchUpdateRequestSchema } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { batchSetStatus } from '../db/orders.js';
import { adminOf } from '../auth/require-admin.js';
import { parseOrThrow } from './parse.js';

/**
 * PATCH /api/order/batch-update-status {orderIds | filter, status}: all in one transaction. Orders
 * whose payment is pending are left alone (same rule as the panel's disabled select) and counted.
 */
export function batchUpdateHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const body = parseOrThrow(batchUpdateRequestSchema, req.body);
    const changedBy = `admin:${adminOf(req).sub}`;
    const target = 'orderIds' in body ? { orderIds: body.orderIds } : { filter: body.filter };
    const result = await db.transaction().execute((trx) => batchSetStatus(trx, target, body.status, changedBy));
    req.log.info({ status: body.status, ...result }, 'batch status update');
    res.json({ success: true, status: body.status, ...result });
  };
}
