import type { ShopperOrderStage } from './api.js';
import { PROCESSING_DAYS } from './delivery-promise.js';

/**
 * Where an order stands in the shopper's words, for the tracking page (and any message that wants
 * the same sentences). The figures are the shop's policy (docs/product.md §9): processing 7-10 days,
 * claims within 24 hours of delivery with an unboxing video, refunds reach the account in 7-10
 * business days. When the parcel arrives is the delivery promise's to say (delivery-promise.ts),
 * beside these sentences.
 */
export interface ShopperStageFacts {
  /** orders.status and orders.payment_status. */
  status: string;
  paymentStatus: string;
  /** The courier's name when the order has a dispatch record, else null. */
  courierName: string | null;
  amountPaise: number;
  /** Refunds Razorpay has processed (orders.refunded_paise). */
  refundedPaise: number;
  /** Refunds asked for or accepted by Razorpay and not yet processed. */
  refundsInProgress: number;
}

export interface ShopperStage {
  stage: ShopperOrderStage;
  /** One sentence: where the order is. */
  headline: string;
  /** What happens next. */
  next: string;
}

export const REFUND_TIMING = 'Refunds reach your account in 7-10 business days.';

const UNPAID = new Set(['created', 'pending']);

/** A note on refunds of an order that goes on (part of it refunded, or a refund under way). */
function refundNote({ refundsInProgress, refundedPaise }: ShopperStageFacts): string {
  if (refundsInProgress > 0) return ` A refund is being processed. ${REFUND_TIMING}`;
  if (refundedPaise > 0) return ` Part of your payment was refunded. ${REFUND_TIMING}`;
  return '';
}

function cancelled(facts: ShopperStageFacts): ShopperStage {
  if (facts.paymentStatus === 'pending' || facts.paymentStatus === 'failed') {
    return {
      stage: 'cancelled',
      headline: 'This order was cancelled',
      next: 'No payment was taken for it, so there is nothing to refund. You are welcome to order again from our shop.',
    };
  }
  if (facts.paymentStatus === 'refunded' || facts.refundedPaise >= facts.amountPaise) {
    return { stage: 'cancelled', headline: 'Your order was cancelled and refunded in full', next: REFUND_TIMING };
  }
  if (facts.refundsInProgress > 0 || facts.refundedPaise > 0) {
    return { stage: 'cancelled', headline: 'Your order was cancelled', next: `Your refund is on its way. ${REFUND_TIMING}` };
  }
  return { stage: 'cancelled', headline: 'Your order was cancelled', next: `We will refund your payment. ${REFUND_TIMING}` };
}

export function shopperStage(facts: ShopperStageFacts): ShopperStage {
  const { status, paymentStatus } = facts;
  if (status === 'cancelled') return cancelled(facts);
  if (status === 'failed' || paymentStatus === 'failed') {
    return {
      stage: 'payment-failed',
      headline: 'The payment for this order did not go through',
      next: 'You can place the order again from our shop. If money was debited for this payment, Razorpay refunds it automatically, usually within 5-7 working days.',
    };
  }
  if (UNPAID.has(status) || paymentStatus === 'pending') {
    return {
      stage: 'awaiting-payment',
      headline: 'We are waiting for the payment for this order',
      next: 'If you completed the payment, this page shows the order as confirmed within a few minutes. An order that is never paid is closed without any charge.',
    };
  }
  if (paymentStatus === 'refunded') {
    return { stage: 'refunded', headline: 'Your order was refunded in full', next: REFUND_TIMING };
  }
  if (status === 'delivered' || status === 'completed') {
    return {
      stage: 'delivered',
      headline: 'Your order was delivered',
      next: `If anything is wrong with your order, tell us within 24 hours of delivery and send an unboxing video.${refundNote(facts)}`,
    };
  }
  if (facts.courierName) {
    return {
      stage: 'dispatched',
      headline: `On its way with ${facts.courierName}`,
      next: `Follow your parcel on the courier's website with the tracking number.${refundNote(facts)}`,
    };
  }
  return {
    stage: 'paid',
    headline: 'Your order is confirmed and being prepared',
    next: `We prepare and pack your pickles within ${PROCESSING_DAYS[0]}-${PROCESSING_DAYS[1]} days, then e-mail you the courier's tracking number.${refundNote(facts)}`,
  };
}
