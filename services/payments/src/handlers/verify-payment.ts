import type { RequestHandler } from 'express';
import { ConflictError, InvalidError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { paiseToRupees, verifyPaymentPayloadSchema, type VerifyPaymentResponse } from '@pickles/shared';
import type { PaymentsDeps } from '../deps.js';
import { verifyPayment } from '../domain/verify-payment.js';

const VERIFICATION_FAILED = 'Payment verification failed';
export const PAID_ON_CLOSED_ORDER =
  'Your payment was received, but this order had already been closed. We have been alerted and will refund you or contact you shortly.';
/** The order's jars were released before the payment landed (it took too long) and the batch sold out meanwhile. */
export const PAID_WITHOUT_STOCK =
  'Your payment was received, but the last jars of this batch were sold while it was on its way. We have been alerted and will contact you shortly, or refund you in full.';

/** POST /api/payment/verify-payment: the browser reports Razorpay Checkout's success (domain/verify-payment.ts). */
export function verifyPaymentHandler(deps: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const { razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = parseOrThrow(
      verifyPaymentPayloadSchema,
      req.body,
      VERIFICATION_FAILED,
    );
    const result = await verifyPayment(deps, { razorpayOrderId, paymentId, signature }, req.log);
    if (result.kind === 'unknown-order') throw new NotFoundError('Order not found');
    // Every line about this request from here on (the error handler's too) names the order.
    req.log = req.log.child({ orderId: result.order.id, orderNumber: result.order.orderNumber });
    if (result.kind === 'bad-signature') {
      req.log.warn('checkout signature mismatch');
      const body: VerifyPaymentResponse = { success: false, error: VERIFICATION_FAILED };
      res.status(400).json(body);
      return;
    }
    if (result.kind === 'payment-of-another-order') throw new InvalidError(VERIFICATION_FAILED);
    const { order, observation, outcome } = result;
    req.log.info({ observation: observation.kind, confirmed: outcome.confirmed, attention: outcome.attention }, 'payment verified');
    if (outcome.attention) throw new ConflictError(outcome.attention === 'capture-without-stock' ? PAID_WITHOUT_STOCK : PAID_ON_CLOSED_ORDER);
    const body: VerifyPaymentResponse = { success: true, orderId: order.orderNumber, paymentId, amount: paiseToRupees(order.amountPaise) };
    res.json(body);
  };
}
