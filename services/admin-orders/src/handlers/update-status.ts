import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { statusUpdateSchema, type UpdateStatusResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { changeOrderStatus, NO_JARS_TO_TAKE_BACK } from '../domain/order-status.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

/** PATCH /api/admin/orders/{id}/status {status}: one order, as the lifecycle allows, recorded in its history. */
export function updateStatusHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const { status } = parseOrThrow(statusUpdateSchema, req.body);
    const change = await changeOrderStatus(db, id, status, `admin:${adminOf(req).sub}`);
    if (change.kind === 'not-found') throw new NotFoundError('Order not found');
    if (change.kind === 'refused') throw new ConflictError(change.reason);
    if (change.kind === 'no-jars') throw new ConflictError(NO_JARS_TO_TAKE_BACK);
    const { order } = change;
    req.log.info({ orderId: id, orderNumber: order.orderId, status }, 'order status set');
    res.json({ success: true, order } satisfies UpdateStatusResponse);
  };
}
