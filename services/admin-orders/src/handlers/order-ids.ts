import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { orderIdsQuerySchema, type OrderIdsResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { orderIdsOfList } from '../domain/order-panel.js';

/**
 * GET /api/admin/orders/ids?<filter>&asOf=...[&removable=true | &settableTo=<status>]: the ids the
 * spec's batch and remove calls send, as of the list the owner is looking at: an order that changed
 * or arrived since is left out; with `settableTo`, so is one a batch to that status would not change.
 */
export function orderIdsHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { asOf, removable, settableTo, ...filter } = parseOrThrow(orderIdsQuerySchema, req.query);
    const orderIds = await orderIdsOfList(db, filter, new Date(asOf), { removable, settableTo });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, orderIds } satisfies OrderIdsResponse);
  };
}
