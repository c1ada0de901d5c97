import type { RequestHandler } from 'express';
import { NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { paymentFailedPayloadSchema, type PaymentFailedResponse } from '@pickles/shared';
import type { PaymentsDeps } from '../deps.js';
import { settlePayment } from '../domain/settle-payment.js';

/**
 * POST /api/payment/payment-failed: the browser reports Razorpay's payment.failed. It is a hint,
 * not proof: the lifecycle lets it move only a still-pending order to failed, and a later capture
 * (webhook, reconciler, late authorisation) still pays it.
 */
export function paymentFailedHandler({ db }: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const { razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId, error } = parseOrThrow(paymentFailedPayloadSchema, req.body, 'Invalid payment failure report');
    const reason = error?.description ?? error?.reason ?? 'Payment failed';
    const outcome = await settlePayment(db, {
      razorpayOrderId,
      observation: { kind: 'failed', paymentId, reason },
      source: 'shopper',
    });
    if (!outcome.order) throw new NotFoundError('Order not found');
    req.log.info({ orderId: outcome.order.id, orderNumber: outcome.order.orderNumber, changed: outcome.changed }, 'payment failure reported');
    res.json({ success: true, orderId: outcome.order.orderNumber, status: outcome.order.status } satisfies PaymentFailedResponse);
  };
}
