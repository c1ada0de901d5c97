import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError } from '@pickles/service-kit';
import { canAdminSetStatus, statusUpdateSchema, type PaymentStatus } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { findOrderForUpdate, getAdminOrder, setOrderStatus } from '../db/orders.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid, parseOrThrow } from './parse.js';

export const PAYMENT_PENDING_ERROR = 'Cannot change the status of an order whose payment is pending';

/** PATCH /api/admin/orders/{id}/status {status}: one order, recorded in its history. */
export function updateStatusHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const { status } = parseOrThrow(statusUpdateSchema, req.body);
    const changedBy = `admin:${adminOf(req).sub}`;
    await db.transaction().execute(async (trx) => {
      const order = await findOrderForUpdate(trx, id);
      if (!order) throw new NotFoundError('Order not found');
      if (!canAdminSetStatus({ paymentStatus: order.payment_status as PaymentStatus }, status)) throw new ConflictError(PAYMENT_PENDING_ERROR);
      // Setting the same status again is a no-op, not an error.
      if (order.status !== status) await setOrderStatus(trx, id, order.status, status, changedBy);
    });
    const order = await getAdminOrder(db, id);
    req.log.info({ orderId: order?.orderId, status }, 'order status set');
    res.json({ success: true, order });
  };
}
