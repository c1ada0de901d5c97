import type { RequestHandler } from 'express';
import { NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { RecordDispatchResponse } from '@pickles/shared';
import { recordDispatchSchema } from '@pickles/shared/admin-order-requests';
import { recordOrderDispatch } from '../domain/dispatch.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

/** PUT /api/admin/orders/{id}/dispatch {courierId, courierName?, awb, trackingUrl?}: record or correct the dispatch. */
export function recordDispatchHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const input = parseOrThrow(recordDispatchSchema, req.body);
    const recordedBy = adminOf(req).sub;
    const { orderNumber, ...result } = await recordOrderDispatch(db, id, input, recordedBy);
    req.log.info({ orderId: id, orderNumber, courier: result.dispatch.courierId, created: result.created }, 'dispatch recorded');
    res.json({ success: true, ...result } satisfies RecordDispatchResponse);
  };
}
