import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { decideOwnerMove, statusUpdateSchema, type UpdateStatusResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { getAdminOrder } from '../db/orders.js';
import { lockOrders, moveJarsForOwner, NO_JARS_TO_TAKE_BACK, setStatus } from '../db/order-writes.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

/** PATCH /api/admin/orders/{id}/status {status}: one order, as the lifecycle allows, recorded in its history. */
export function updateStatusHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const { status } = parseOrThrow(statusUpdateSchema, req.body);
    const changedBy = `admin:${adminOf(req).sub}`;
    await db.transaction().execute(async (trx) => {
      const [order] = await lockOrders(trx, [id]);
      if (!order) throw new NotFoundError('Order not found');
      const move = decideOwnerMove(order, status);
      if (move.kind === 'refused') throw new ConflictError(move.reason);
      if (move.kind !== 'move') return;
      if ((await moveJarsForOwner(trx, [order], move.to)).short.length) throw new ConflictError(NO_JARS_TO_TAKE_BACK);
      await setStatus(trx, [order], move.to, changedBy);
    });
    const order = await getAdminOrder(db, id);
    if (!order) throw new NotFoundError('Order not found');
    req.log.info({ orderId: id, orderNumber: order.orderId, status }, 'order status set');
    res.json({ success: true, order } satisfies UpdateStatusResponse);
  };
}
