import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import { formatPaise, rupeesToPaise, type CreateRefundResponse } from '@pickles/shared';
import { createRefundSchema } from '@pickles/shared/admin-order-requests';
import { requestRefund } from '../domain/refunds.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

const KEY_OF_ANOTHER_ORDER = 'This refund form was already used for another order: close it and open the refund again';

/**
 * POST /api/admin/orders/{id}/refunds {amount, reason, requestKey}: records the owner's refund as a
 * request (requestRefund). 201 for a new request; 200 with the first request for a requestKey seen before.
 */
export function createRefundHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const { amount, reason, requestKey } = parseOrThrow(createRefundSchema, req.body);
    const amountPaise = rupeesToPaise(amount);
    const outcome = await requestRefund(db, { orderId: id, amountPaise, reason, requestKey, requestedBy: adminOf(req).sub });
    if (outcome.kind === 'not-found') throw new NotFoundError('Order not found');
    req.log = req.log.child({ orderId: id, orderNumber: outcome.orderNumber });
    if (outcome.kind === 'key-of-another-order') throw new ConflictError(KEY_OF_ANOTHER_ORDER);
    if (outcome.kind === 'refused') throw new ConflictError(outcome.reason);
    if (outcome.kind === 'too-much') {
      throw new ConflictError(outcome.refundablePaise > 0 ? `Only ${formatPaise(outcome.refundablePaise)} can still be refunded on this order` : 'Nothing is left to refund on this order');
    }
    const { refund, created } = outcome;
    req.log.info({ refundRequestId: refund.id, amountPaise, created }, 'refund requested');
    res.status(created ? 201 : 200).json({ success: true, refund, created } satisfies CreateRefundResponse);
  };
}
