import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { adminOrderQuerySchema, type AdminOrdersResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { databaseNow, listOrders, orderCards } from '../db/orders.js';
import { listOpenAttention } from '../db/attention.js';

/** GET /api/admin/orders: one page of the orders matching the filter, the filter's total, and the cards. */
export function listOrdersHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const query = parseOrThrow(adminOrderQuerySchema, req.query);
    const { sortField, sortDir, page, pageSize, ...filter } = query;
    // The database's clock (it stamps updated_at), read before the list: a bulk action on this
    // answer never touches an order changed after it.
    const asOf = await databaseNow(db);
    const [list, cards, attention] = await Promise.all([listOrders(db, { filter, sortField, sortDir, page, pageSize }), orderCards(db), listOpenAttention(db)]);
    const body: AdminOrdersResponse = { success: true, orders: list.orders, total: list.total, page, pageSize, cards, asOf, attention };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
