import type { RequestHandler } from 'express';
import { NotFoundError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { OrderHistoryResponse } from '@pickles/shared';
import { orderHistory } from '../db/orders.js';
import { isUuid } from './parse.js';

/** GET /api/admin/orders/{id}/history: who changed the order's status, when, from and to. */
export function orderHistoryHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const exists = await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw new NotFoundError('Order not found');
    res.json({ success: true, history: await orderHistory(db, id) } satisfies OrderHistoryResponse);
  };
}
