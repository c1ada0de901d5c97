import type { RequestHandler } from 'express';
import { InvalidError, NotFoundError } from '@pickles/service-kit';
import { fieldErrors, paiseToRupees, verifyPaymentPayloadSchema, type VerifyPaymentResponse } from '@pickles/shared';
import type { PaymentsDeps } from '../deps.js';
import { lockOrderByRazorpayOrderId } from '../db/orders.js';
import { markOrderPaid } from '../db/payment-state.js';

const VERIFICATION_FAILED = 'Payment verification failed';

/**
 * POST /api/payment/verify-payment: the browser reports Razorpay Checkout's success. The signature
 * (HMAC-SHA256 of our stored Razorpay order id | payment id, key secret, constant-time compare)
 * proves Razorpay authorised this payment for this order; the order is then marked paid and
 * payment.verified written to the outbox in one transaction. Verifying twice is harmless.
 */
export function verifyPaymentHandler({ db, razorpay, relay }: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const parsed = verifyPaymentPayloadSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw new InvalidError(VERIFICATION_FAILED, fields);
    }
    const { razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = parsed.data;

    const outcome = await db.transaction().execute(async (trx) => {
      const order = await lockOrderByRazorpayOrderId(trx, razorpayOrderId);
      if (!order) throw new NotFoundError('Order not found');
      // Our stored Razorpay order id, never the one the browser sent, goes into the signed message.
      if (!razorpay.isValidCheckoutSignature({ orderId: order.razorpayOrderId, paymentId, signature })) {
        req.log.warn({ orderId: order.id }, 'checkout signature mismatch');
        return { order, valid: false as const };
      }
      if (order.paymentStatus === 'paid' && order.razorpayPaymentId && order.razorpayPaymentId !== paymentId) {
        // A second successful payment on one order cannot happen with Razorpay orders (a paid order
        // takes no more payments); log loudly if it ever does.
        req.log.error({ orderId: order.id }, 'verify for a different payment on an already paid order');
      }
      const { changed } = await markOrderPaid(trx, order, { razorpayPaymentId: paymentId, amountPaise: order.amountPaise, status: 'captured' }, 'verify');
      return { order, valid: true as const, changed };
    });

    if (!outcome.valid) {
      const body: VerifyPaymentResponse = { success: false, error: VERIFICATION_FAILED };
      res.status(400).json(body);
      return;
    }
    if (outcome.changed) relay.nudge();
    req.log.info({ orderId: outcome.order.id, changed: outcome.changed }, 'payment verified');
    const body: VerifyPaymentResponse = {
      success: true,
      orderId: outcome.order.orderNumber,
      paymentId,
      amount: paiseToRupees(outcome.order.amountPaise),
    };
    res.json(body);
  };
}
