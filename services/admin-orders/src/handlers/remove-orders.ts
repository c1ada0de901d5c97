import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { removeOrdersSchema, type RemoveOrdersResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { removeFinishedOrders } from '../domain/order-status.js';
import { adminOf } from '../auth/require-admin.js';

/**
 * POST /api/order/remove-multiple {orderIds}: the given orders the lifecycle calls finished (completed,
 * or cancelled with no money held) leave the panel for the archive (kept for tax records), in one
 * transaction. The others stay and are counted as refused.
 */
export function removeOrdersHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { orderIds } = parseOrThrow(removeOrdersSchema, req.body);
    const archivedBy = `admin:${adminOf(req).sub}`;
    const unique = [...new Set(orderIds)];
    const removedCount = await removeFinishedOrders(db, unique, archivedBy);
    req.log.info({ removedCount, refusedCount: unique.length - removedCount }, 'orders archived');
    res.json({ success: true, removedCount, refusedCount: unique.length - removedCount } satisfies RemoveOrdersResponse);
  };
}
