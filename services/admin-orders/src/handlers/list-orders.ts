import type { RequestHandler } from 'express';
import { adminOrderQuerySchema, type AdminOrdersResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { listOrders, orderCards } from '../db/orders.js';
import { parseOrThrow } from './parse.js';

/** GET /api/admin/orders: one page of the orders matching the filter, the filter's total, and the cards. */
export function listOrdersHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const query = parseOrThrow(adminOrderQuerySchema, req.query);
    const { sortField, sortDir, page, pageSize, ...filter } = query;
    const [list, cards] = await Promise.all([listOrders(db, { filter, sortField, sortDir, page, pageSize }), orderCards(db)]);
    const body: AdminOrdersResponse = { success: true, orders: list.orders, total: list.total, page, pageSize, cards };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
