import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { adminOrderQuerySchema, type AdminOrdersResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { orderPanelPage } from '../domain/order-panel.js';

/** GET /api/admin/orders: one page of the orders matching the filter, the filter's total, and the cards. */
export function listOrdersHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const query = parseOrThrow(adminOrderQuerySchema, req.query);
    const { sortField, sortDir, page, pageSize, ...filter } = query;
    const { orders, total, cards, asOf, attention } = await orderPanelPage(db, { filter, sortField, sortDir, page, pageSize });
    const body: AdminOrdersResponse = { success: true, orders, total, page, pageSize, cards, asOf, attention };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
