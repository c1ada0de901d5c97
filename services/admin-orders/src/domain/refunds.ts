import { sql, type Db } from '@pickles/db';
import { mayOwner, type OrderRefund } from '@pickles/shared';
import { refundableOrderFacts, refundablePaise, refundRequest } from '../db/refunds.js';
import { inTransaction } from './refusal.js';

/** What the owner's refund request did, or why it was refused (nothing written); the order's number once it was found. */
export type RefundRequestOutcome =
  | { kind: 'not-found' }
  | ({ orderNumber: string } & (
      /** The request key was already used for another order's refund. */
      | { kind: 'key-of-another-order' }
      /** The lifecycle's refusal (mayOwner 'refund'), in its words. */
      | { kind: 'refused'; reason: string }
      /** More than is still refundable: what is. */
      | { kind: 'too-much'; refundablePaise: number }
      | { kind: 'requested'; refund: OrderRefund; created: boolean }
    ));

export interface RefundAsked {
  orderId: string;
  amountPaise: number;
  reason: string;
  /** The refund form's key: the same key again answers the first request. */
  requestKey: string;
  requestedBy: string;
}

/**
 * Records the owner's refund as a request, in one transaction holding the order's lock, checked
 * against what is still refundable. Razorpay is not called here: the payments service submits
 * requested refunds (decision 010). The same key again (a double click, a retry) answers the first
 * request and refunds nothing more.
 */
export function requestRefund(db: Db, asked: RefundAsked): Promise<RefundRequestOutcome> {
  const { orderId: id, amountPaise, reason, requestKey, requestedBy } = asked;
  return inTransaction<RefundRequestOutcome, RefundRequestOutcome>(db, async (trx, refuse) => {
    const { rows } = await sql<{ order_number: string }>`select order_number from orders where id = ${id} for update`.execute(trx);
    if (!rows[0]) return refuse({ kind: 'not-found' });
    const orderNumber = rows[0].order_number;
    /** The request already made with this key: the same refund again, or a key of another order. */
    const earlierRequest = async () => {
      const earlier = await trx.selectFrom('refund_requests').select(['id', 'order_id']).where('client_key', '=', requestKey).executeTakeFirst();
      if (earlier && earlier.order_id !== id) return refuse({ kind: 'key-of-another-order', orderNumber });
      return earlier && (await refundRequest(trx, earlier.id));
    };
    const earlier = await earlierRequest();
    if (earlier) return { kind: 'requested', orderNumber, refund: earlier, created: false };
    const facts = (await refundableOrderFacts(trx, id))!;
    const may = mayOwner(facts, 'refund');
    if (!may.allowed) return refuse({ kind: 'refused', orderNumber, reason: may.reason });
    const refundable = await refundablePaise(trx, id);
    if (amountPaise > refundable) return refuse({ kind: 'too-much', orderNumber, refundablePaise: refundable });
    const inserted = await trx
      .insertInto('refund_requests')
      .values({ order_id: id, razorpay_payment_id: facts.razorpayPaymentId!, amount_paise: amountPaise, reason, requested_by: requestedBy, client_key: requestKey, next_attempt_at: sql`now()` })
      .onConflict((conflict) => conflict.column('client_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { kind: 'requested', orderNumber, refund: (await refundRequest(trx, inserted.id))!, created: true };
    // The key was committed by a request for another order meanwhile (this order's are serialised by its lock).
    const raced = await earlierRequest();
    if (!raced) return refuse({ kind: 'key-of-another-order', orderNumber });
    return { kind: 'requested', orderNumber, refund: raced, created: false };
  });
}
