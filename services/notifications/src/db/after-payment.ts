import type { Db } from '@pickles/db';
import { courierTrackingUrl, findCourier } from '@pickles/shared/couriers';

export interface EmailDispatch {
  /** As shoppers read it: "Delhivery"; for a courier of the owner's own, what the owner typed. */
  courierName: string;
  awb: string;
  /** The courier's page for this parcel, when there is one. */
  trackingUrl: string | null;
  /** When it left the kitchen: the courier's part of the delivery promise counts from its India day. */
  dispatchedAt: Date;
}

/** The order's dispatch record as it stands now (a correction overwrites it). */
export async function loadDispatch(db: Db, orderId: string): Promise<EmailDispatch | undefined> {
  const row = await db.selectFrom('order_dispatches').select(['courier', 'awb', 'tracking_url', 'dispatched_at']).where('order_id', '=', orderId).executeTakeFirst();
  if (!row) return undefined;
  const known = findCourier(row.courier);
  return {
    // "other" is stored as the owner's own name for the courier, or as "other" if they gave none.
    courierName: known && known.id !== 'other' ? known.name : row.courier === 'other' ? 'our courier' : row.courier,
    awb: row.awb,
    trackingUrl: row.tracking_url ?? courierTrackingUrl(row.courier, row.awb) ?? null,
    dispatchedAt: new Date(row.dispatched_at),
  };
}

export interface EmailRefund {
  amountPaise: number;
  /** Razorpay's refund id, which the shopper's bank can trace; null until Razorpay accepted it. */
  razorpayRefundId: string | null;
}

/**
 * The refund an e-mail is about: the owner's refund request (with Razorpay's refund once it has
 * one), or, for a refund made in Razorpay's dashboard, the refund whose Razorpay id is the key.
 */
export async function loadRefund(db: Db, { orderId, refundRequestId, dedupeKey }: { orderId: string; refundRequestId?: string; dedupeKey: string }): Promise<EmailRefund | undefined> {
  if (refundRequestId) {
    const request = await db
      .selectFrom('refund_requests as r')
      .leftJoin('refunds as f', 'f.razorpay_refund_id', 'r.razorpay_refund_id')
      .select(['r.amount_paise as requested', 'f.amount_paise as refunded', 'r.razorpay_refund_id'])
      .where('r.id', '=', refundRequestId)
      .executeTakeFirst();
    if (request) return { amountPaise: request.refunded ?? request.requested, razorpayRefundId: request.razorpay_refund_id };
  }
  const refund = await db.selectFrom('refunds').select(['amount_paise', 'razorpay_refund_id']).where('razorpay_refund_id', '=', dedupeKey).where('order_id', '=', orderId).executeTakeFirst();
  return refund ? { amountPaise: refund.amount_paise, razorpayRefundId: refund.razorpay_refund_id } : undefined;
}

/**
 * Money on its way back for an order, in paise: refunds Razorpay accepted (pending or processed)
 * plus the owner's requests it has not answered yet. Refused requests and failed refunds do not count.
 */
export async function refundsUnderway(db: Db, orderId: string): Promise<number> {
  const accepted = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<string | null>('amount_paise').as('paise'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'processed'])
    .executeTakeFirstOrThrow();
  const waiting = await db
    .selectFrom('refund_requests')
    .select((eb) => eb.fn.sum<string | null>('amount_paise').as('paise'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(accepted.paise ?? 0) + Number(waiting.paise ?? 0);
}
