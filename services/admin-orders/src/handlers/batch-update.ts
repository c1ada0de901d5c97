import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { batchUpdateSchema, type BatchUpdateResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { changeOrderStatuses } from '../domain/order-status.js';
import { adminOf } from '../auth/require-admin.js';

const MAX_REFUSED_LISTED = 100;

/**
 * PATCH /api/order/batch-update-status {orderIds, status}: exactly the given orders (the ones the
 * owner saw), in one transaction. Each is asked of the lifecycle like a single update; those it
 * refuses are reported back, not changed.
 */
export function batchUpdateHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { orderIds, status } = parseOrThrow(batchUpdateSchema, req.body);
    const changedBy = `admin:${adminOf(req).sub}`;
    const result = await changeOrderStatuses(db, orderIds, status, changedBy);
    req.log.info({ status, updated: result.moves, unchanged: result.unchangedCount, refused: result.refusedCount }, 'batch status update');
    const body: BatchUpdateResponse = {
      success: true,
      status,
      updatedCount: result.moves,
      unchangedCount: result.unchangedCount,
      refusedCount: result.refusedCount,
      refused: result.refused.slice(0, MAX_REFUSED_LISTED),
    };
    res.json(body);
  };
}
