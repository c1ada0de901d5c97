import { sql, type Database, type Db, type Transaction } from '@pickles/db';

type Trx = Transaction<Database>;

/** A refund request claimed for one submission to Razorpay. */
export interface ClaimedRefundRequest {
  id: string;
  orderId: string;
  orderNumber: string | null;
  /** Null when the order is neither live nor archived (then the refund is recorded without it). */
  razorpayOrderId: string | null;
  razorpayPaymentId: string;
  amountPaise: number;
  /** The payment's amount (the order's when the payment row is missing): decides a full refund. */
  paymentAmountPaise: number;
  /** Counting this one. */
  attempts: number;
}

/**
 * Claims due requests in one short committed statement: a lease and one more attempt each.
 * SKIP LOCKED and the lease keep two replicas from submitting the same request at once (and
 * should a lease run out mid-call, the idempotency key still makes the second call the same refund).
 */
/**
 * What a claimed refund (a row `c` with order_id and razorpay_payment_id) needs of its order, from
 * the live order or its archived snapshot, and of the payment: the order number, Razorpay's order id
 * and the amount captured. Shared by the refund submitter's and the refund check's claims.
 */
export const REFUND_ORDER_FACTS = sql`coalesce(o.order_number, a.order_number) as order_number,
      coalesce(o.razorpay_order_id, a.snapshot->>'razorpay_order_id') as razorpay_order_id,
      coalesce(p.amount_paise, o.amount_paise, (a.snapshot->>'amount_paise')::int) as payment_amount_paise`;
export const REFUND_ORDER_JOINS = sql`left join orders o on o.id = c.order_id
    left join archived_orders a on a.order_id = c.order_id
    left join payments p on p.razorpay_payment_id = c.razorpay_payment_id`;

export async function claimDueRefundRequests(db: Db, { leaseSeconds, limit }: { leaseSeconds: number; limit: number }): Promise<ClaimedRefundRequest[]> {
  const { rows } = await sql<{
    id: string;
    order_id: string;
    order_number: string | null;
    razorpay_order_id: string | null;
    razorpay_payment_id: string;
    amount_paise: number;
    payment_amount_paise: number | null;
    attempts: number;
  }>`
    with due as (
      select id from refund_requests
      where state = 'requested' and next_attempt_at <= now() and (lease_until is null or lease_until <= now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update refund_requests r
      set lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1, updated_at = now()
      from due
      where r.id = due.id
      returning r.id, r.order_id, r.razorpay_payment_id, r.amount_paise, r.attempts
    )
    select c.*, ${REFUND_ORDER_FACTS}
    from claimed c ${REFUND_ORDER_JOINS}
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    amountPaise: row.amount_paise,
    paymentAmountPaise: row.payment_amount_paise ?? row.amount_paise,
    attempts: row.attempts,
  }));
}

/** Razorpay said no: the owner sees the request refused with Razorpay's words. */
export async function markRefundRefused(db: Db, requestId: string, error: string): Promise<boolean> {
  const result = await db
    .updateTable('refund_requests')
    .set({ state: 'refused', error: error.slice(0, 500), lease_until: null, updated_at: sql`now()` })
    .where('id', '=', requestId)
    .where('state', '=', 'requested')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** No answer (or a 5xx, 409, 429): try again later, 2 s doubling per attempt up to 5 minutes. */
export async function scheduleRefundRetry(db: Db, requestId: string): Promise<void> {
  await db
    .updateTable('refund_requests')
    .set({
      lease_until: null,
      next_attempt_at: sql`now() + least(interval '5 minutes', interval '2 seconds' * power(2, least(greatest(attempts - 1, 0), 20)))`,
      updated_at: sql`now()`,
    })
    .where('id', '=', requestId)
    .where('state', '=', 'requested')
    .execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ties a refund Razorpay made to the shop's request for it: by the request id the shop sent in the
 * refund's notes (the submitter's own answer, or a webhook that beat it), else by the refund id
 * recorded earlier. The first call marks the request submitted (`submittedNow`), whichever path it
 * comes from; a refund made in Razorpay's dashboard belongs to no request.
 */
export async function linkRefundRequest(
  trx: Trx,
  refund: { razorpayRefundId: string; razorpayPaymentId: string; refundRequestId?: string },
): Promise<{ requestId: string; submittedNow: boolean } | undefined> {
  if (refund.refundRequestId && UUID.test(refund.refundRequestId)) {
    // A refused request whose refund turns up after all (Razorpay made it) is submitted too.
    const updated = await trx
      .updateTable('refund_requests')
      .set({ state: 'submitted', razorpay_refund_id: refund.razorpayRefundId, error: null, lease_until: null, updated_at: sql`now()` })
      .where('id', '=', refund.refundRequestId)
      .where('razorpay_payment_id', '=', refund.razorpayPaymentId)
      .where('state', '<>', 'submitted')
      .returning('id')
      .executeTakeFirst();
    if (updated) return { requestId: updated.id, submittedNow: true };
  }
  const known = await trx.selectFrom('refund_requests').select('id').where('razorpay_refund_id', '=', refund.razorpayRefundId).executeTakeFirst();
  return known && { requestId: known.id, submittedNow: false };
}
