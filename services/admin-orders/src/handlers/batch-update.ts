import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { batchUpdateSchema, decideOwnerMove, type BatchUpdateResponse, type RefusedOrder } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { lockOrders, moveJarsForOwner, NO_JARS_TO_TAKE_BACK, setStatus, type LockedOrder } from '../db/order-writes.js';
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
    const result = await db.transaction().execute(async (trx) => {
      const orders = await lockOrders(trx, [...new Set(orderIds)]);
      const moves: LockedOrder[] = [];
      const refused: RefusedOrder[] = [];
      let unchangedCount = 0;
      for (const order of orders) {
        const move = decideOwnerMove(order, status);
        if (move.kind === 'move') moves.push(order);
        else if (move.kind === 'unchanged') unchangedCount++;
        else refused.push({ _id: order.id, orderId: order.orderNumber, reason: move.reason });
      }
      // The batch stock may refuse taking a cancelled order back (its jars were sold meanwhile).
      const { allowed, short } = await moveJarsForOwner(trx, moves, status);
      for (const order of short) refused.push({ _id: order.id, orderId: order.orderNumber, reason: NO_JARS_TO_TAKE_BACK });
      await setStatus(trx, allowed, status, changedBy);
      const missing = new Set(orderIds).size - orders.length;
      return { moves: allowed.length, unchangedCount, refused, refusedCount: refused.length + missing };
    });
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
