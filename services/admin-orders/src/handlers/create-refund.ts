import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { sql, type Database, type Db, type Transaction } from '@pickles/db';
import { formatPaise, mayOwner, rupeesToPaise, type CreateRefundResponse } from '@pickles/shared';
import { createRefundSchema } from '@pickles/shared/admin-order-requests';
import { refundableOrderFacts, refundablePaise, refundRequest } from '../db/refunds.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';


const KEY_OF_ANOTHER_ORDER = 'This refund form was already used for another order: close it and open the refund again';

/** The request already made with this key: the same refund again, or a key of another order. */
async function earlierRequest(trx: Transaction<Database>, orderId: string, requestKey: string) {
  const earlier = await trx.selectFrom('refund_requests').select(['id', 'order_id']).where('client_key', '=', requestKey).executeTakeFirst();
  if (earlier && earlier.order_id !== orderId) throw new ConflictError(KEY_OF_ANOTHER_ORDER);
  return earlier && (await refundRequest(trx, earlier.id));
}

/**
 * POST /api/admin/orders/{id}/refunds {amount, reason, requestKey}: records the owner's refund as a
 * request, in one transaction holding the order's lock, checked against what is still refundable.
 * Razorpay is not called here: the payments service submits requested refunds (decision 010).
 * The same requestKey again (a double click, a retry) answers the first request and refunds nothing more.
 */
export function createRefundHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const { amount, reason, requestKey } = parseOrThrow(createRefundSchema, req.body);
    const amountPaise = rupeesToPaise(amount);
    const requestedBy = adminOf(req).sub;
    const result = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ order_number: string }>`select order_number from orders where id = ${id} for update`.execute(trx);
      if (!rows[0]) throw new NotFoundError('Order not found');
      req.log = req.log.child({ orderId: id, orderNumber: rows[0].order_number });
      const earlier = await earlierRequest(trx, id, requestKey);
      if (earlier) return { refund: earlier, created: false };
      const facts = (await refundableOrderFacts(trx, id))!;
      const may = mayOwner(facts, 'refund');
      if (!may.allowed) throw new ConflictError(may.reason);
      const refundable = await refundablePaise(trx, id);
      if (amountPaise > refundable) {
        throw new ConflictError(refundable > 0 ? `Only ${formatPaise(refundable)} can still be refunded on this order` : 'Nothing is left to refund on this order');
      }
      const inserted = await trx
        .insertInto('refund_requests')
        .values({ order_id: id, razorpay_payment_id: facts.razorpayPaymentId!, amount_paise: amountPaise, reason, requested_by: requestedBy, client_key: requestKey, next_attempt_at: sql`now()` })
        .onConflict((conflict) => conflict.column('client_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { refund: (await refundRequest(trx, inserted.id))!, created: true };
      // The key was committed by a request for another order meanwhile (this order's are serialised by its lock).
      const raced = await earlierRequest(trx, id, requestKey);
      if (!raced) throw new ConflictError(KEY_OF_ANOTHER_ORDER);
      return { refund: raced, created: false };
    });
    req.log.info({ refundRequestId: result.refund.id, amountPaise, created: result.created }, 'refund requested');
    res.status(result.created ? 201 : 200).json({ success: true, ...result } satisfies CreateRefundResponse);
  };
}
