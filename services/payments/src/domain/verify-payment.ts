import { RazorpayError, type RazorpayPayment } from '@pickles/razorpay-client';
import type { PaymentObservation } from '@pickles/shared';
import type { Logger } from 'pino';
import type { PaymentsDeps } from '../deps.js';
import { readOrderForSettlement } from '../db/orders.js';
import { settlePayment, type SettleOutcome } from './settle-payment.js';
import { paymentFacts } from './razorpay-facts.js';

export type VerifyResult =
  | { kind: 'unknown-order' }
  | { kind: 'bad-signature'; order: VerifiedOrder }
  | { kind: 'payment-of-another-order'; order: VerifiedOrder }
  | { kind: 'settled'; order: VerifiedOrder; observation: PaymentObservation; outcome: SettleOutcome };

export interface VerifiedOrder {
  id: string;
  orderNumber: string;
  amountPaise: number;
}

/**
 * The browser reports Razorpay Checkout's success. The signature (HMAC-SHA256 of our stored Razorpay
 * order id | payment id, key secret, constant time) proves only that Razorpay authorised this
 * payment for this order, so the payment is then fetched from Razorpay: captured pays the order;
 * authorised is recorded and left to Razorpay's automatic capture (the webhook or the reconciler
 * confirms it). Decision 009. No transaction is open during the fetch; the order read before it is
 * what the settlement decides on, if it is still so (settlePayment).
 */
export async function verifyPayment(
  { db, razorpay, relay }: PaymentsDeps,
  claim: { razorpayOrderId: string; paymentId: string; signature: string },
  log: Logger,
): Promise<VerifyResult> {
  const order = await readOrderForSettlement(db, claim.razorpayOrderId);
  if (!order?.razorpayOrderId) return { kind: 'unknown-order' };
  const verified = { id: order.id, orderNumber: order.orderNumber, amountPaise: order.amountPaise };
  // Our stored Razorpay order id, never the one the browser sent, goes into the signed message.
  if (!razorpay.isValidCheckoutSignature({ orderId: order.razorpayOrderId, paymentId: claim.paymentId, signature: claim.signature })) {
    return { kind: 'bad-signature', order: verified };
  }
  let payment: RazorpayPayment | undefined;
  try {
    payment = await razorpay.fetchPayment(claim.paymentId);
  } catch (error) {
    // Razorpay unreachable: the signature still proves authorisation; the webhook or the
    // reconciler (asked to look soon) records the capture.
    log.warn({ kind: error instanceof RazorpayError ? error.kind : 'unknown' }, 'verify: could not fetch the payment');
  }
  if (payment && payment.order_id !== order.razorpayOrderId) return { kind: 'payment-of-another-order', order: verified };
  const observation: PaymentObservation =
    payment?.status === 'captured' || payment?.status === 'refunded'
      ? { kind: 'captured', paymentId: claim.paymentId, amountPaise: payment.amount }
      : { kind: 'authorised', paymentId: claim.paymentId, amountPaise: payment?.amount ?? order.amountPaise };
  const outcome = await settlePayment(
    db,
    {
      razorpayOrderId: order.razorpayOrderId,
      observation,
      payment: payment ? paymentFacts(payment) : { razorpayPaymentId: claim.paymentId, amountPaise: order.amountPaise, status: 'authorized' },
      source: 'shopper',
    },
    order,
  );
  if (outcome.wroteEvents) relay.nudge();
  return { kind: 'settled', order: verified, observation, outcome };
}
