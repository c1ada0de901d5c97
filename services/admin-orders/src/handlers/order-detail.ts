import type { RequestHandler } from 'express';
import { NotFoundError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { AdminOrderDetailResponse } from '@pickles/shared';
import { orderPage, type DetailCourier } from '../domain/order-panel.js';
import { isUuid } from './parse.js';

/** GET /api/admin/orders/{id}: the order page (items, amounts, dispatch, payments, refunds, history, e-mails). */
export function orderDetailHandler(db: Db, courier?: DetailCourier): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const detail = await orderPage(db, id, courier);
    if (!detail) throw new NotFoundError('Order not found');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...detail } satisfies AdminOrderDetailResponse);
  };
}
