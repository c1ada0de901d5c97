import type { RequestHandler } from 'express';
import { InvalidError, NotFoundError } from '@pickles/service-kit';
import { fieldErrors, paymentFailedPayloadSchema } from '@pickles/shared';
import type { PaymentsDeps } from '../deps.js';
import { lockOrderByRazorpayOrderId } from '../db/orders.js';
import { markOrderFailed } from '../db/payment-state.js';

/**
 * POST /api/payment/payment-failed: the browser reports Razorpay's payment.failed. It is a hint,
 * not proof: it only moves a still-pending order to failed, and a later capture (webhook,
 * reconciler, late authorisation) still makes it paid.
 */
export function paymentFailedHandler({ db }: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const parsed = paymentFailedPayloadSchema.safeParse(req.body);
    if (!parsed.success) throw new InvalidError('Invalid payment failure report', fieldErrors(parsed.error));
    const { razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId, error } = parsed.data;
    const reason = error?.description ?? error?.reason ?? 'Payment failed';
    const result = await db.transaction().execute(async (trx) => {
      const order = await lockOrderByRazorpayOrderId(trx, razorpayOrderId);
      if (!order) throw new NotFoundError('Order not found');
      const payment = paymentId
        ? { razorpayPaymentId: paymentId, amountPaise: order.amountPaise, status: 'failed', errorCode: error?.code ?? null, errorDescription: error?.description ?? null }
        : undefined;
      return { order, ...(await markOrderFailed(trx, order, { payment, reason }, 'browser')) };
    });
    req.log.info({ orderId: result.order.id, changed: result.changed }, 'payment failure reported');
    res.json({ success: true, orderId: result.order.orderNumber, status: result.changed ? 'failed' : result.order.status });
  };
}
