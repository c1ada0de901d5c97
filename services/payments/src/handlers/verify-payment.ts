import type { RequestHandler } from 'express';
import { ConflictError, InvalidError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { paiseToRupees, verifyPaymentPayloadSchema, type PaymentObservation, type VerifyPaymentResponse } from '@pickles/shared';
import { RazorpayError, type RazorpayPayment } from '@pickles/razorpay-client';
import type { PaymentsDeps } from '../deps.js';
import { readOrderForSettlement } from '../db/orders.js';
import { settlePayment } from '../domain/settle-payment.js';
import { paymentFacts } from '../domain/razorpay-facts.js';

const VERIFICATION_FAILED = 'Payment verification failed';
export const PAID_ON_CLOSED_ORDER =
  'Your payment was received, but this order had already been closed. We have been alerted and will refund you or contact you shortly.';
/** The order's jars were released before the payment landed (it took too long) and the batch sold out meanwhile. */
export const PAID_WITHOUT_STOCK =
  'Your payment was received, but the last jars of this batch were sold while it was on its way. We have been alerted and will contact you shortly, or refund you in full.';

/**
 * POST /api/payment/verify-payment: the browser reports Razorpay Checkout's success. The signature
 * (HMAC-SHA256 of our stored Razorpay order id | payment id, key secret, constant time) proves only
 * that Razorpay authorised this payment for this order, so the payment is then fetched from Razorpay:
 * captured pays the order; authorised is recorded and left to Razorpay's automatic capture (the
 * webhook or the reconciler confirms it). Decision 009. No transaction is open during the fetch; the
 * order read before it is what the settlement decides on, if it is still so (settlePayment).
 */
export function verifyPaymentHandler({ db, razorpay, relay }: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const { razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = parseOrThrow(
      verifyPaymentPayloadSchema,
      req.body,
      VERIFICATION_FAILED,
    );

    const order = await readOrderForSettlement(db, razorpayOrderId);
    if (!order?.razorpayOrderId) throw new NotFoundError('Order not found');
    // Every line about this request from here on (the error handler's too) names the order.
    req.log = req.log.child({ orderId: order.id, orderNumber: order.orderNumber });
    // Our stored Razorpay order id, never the one the browser sent, goes into the signed message.
    if (!razorpay.isValidCheckoutSignature({ orderId: order.razorpayOrderId, paymentId, signature })) {
      req.log.warn('checkout signature mismatch');
      const body: VerifyPaymentResponse = { success: false, error: VERIFICATION_FAILED };
      res.status(400).json(body);
      return;
    }

    let payment: RazorpayPayment | undefined;
    try {
      payment = await razorpay.fetchPayment(paymentId);
    } catch (error) {
      // Razorpay unreachable: the signature still proves authorisation; the webhook or the
      // reconciler (asked to look soon) records the capture.
      req.log.warn({ kind: error instanceof RazorpayError ? error.kind : 'unknown' }, 'verify: could not fetch the payment');
    }
    if (payment && payment.order_id !== order.razorpayOrderId) throw new InvalidError(VERIFICATION_FAILED);
    const observation: PaymentObservation =
      payment?.status === 'captured' || payment?.status === 'refunded'
        ? { kind: 'captured', paymentId, amountPaise: payment.amount }
        : { kind: 'authorised', paymentId, amountPaise: payment?.amount ?? order.amountPaise };
    const outcome = await settlePayment(db, {
      razorpayOrderId: order.razorpayOrderId,
      observation,
      payment: payment ? paymentFacts(payment) : { razorpayPaymentId: paymentId, amountPaise: order.amountPaise, status: 'authorized' },
      source: 'shopper',
    }, order);
    if (outcome.wroteEvents) relay.nudge();
    req.log.info({ observation: observation.kind, confirmed: outcome.confirmed, attention: outcome.attention }, 'payment verified');
    if (outcome.attention) throw new ConflictError(outcome.attention === 'capture-without-stock' ? PAID_WITHOUT_STOCK : PAID_ON_CLOSED_ORDER);
    const body: VerifyPaymentResponse = { success: true, orderId: order.orderNumber, paymentId, amount: paiseToRupees(order.amountPaise) };
    res.json(body);
  };
}
