import type { RequestHandler } from 'express';
import { NotFoundError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { OrderHistoryResponse } from '@pickles/shared';
import { orderStatusHistory } from '../domain/order-panel.js';
import { isUuid } from './parse.js';

/** GET /api/admin/orders/{id}/history: who changed the order's status, when, from and to. */
export function orderHistoryHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const history = await orderStatusHistory(db, id);
    if (!history) throw new NotFoundError('Order not found');
    res.json({ success: true, history } satisfies OrderHistoryResponse);
  };
}
