import type { RequestHandler } from 'express';
import type { PaymentsDeps } from '../deps.js';

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : '');

/**
 * GET /api/payment/link-callback: where Razorpay sends the shopper's browser once a payment link is
 * paid, with `razorpay_payment_id`, `razorpay_payment_link_id`, `razorpay_payment_link_reference_id`,
 * `razorpay_payment_link_status` and `razorpay_signature` (decision 032). A genuine paid callback
 * lands on /payment-success with the order's number (the order itself is settled by the webhook);
 * anything else on /payment-failed. It changes nothing: the signature only decides the page.
 */
export function linkCallbackHandler({ db, razorpay }: Pick<PaymentsDeps, 'db' | 'razorpay'>): RequestHandler {
  return async (req, res) => {
    const paymentLinkId = text(req.query.razorpay_payment_link_id);
    const paymentId = text(req.query.razorpay_payment_id);
    const status = text(req.query.razorpay_payment_link_status);
    const referenceId = text(req.query.razorpay_payment_link_reference_id);
    const signature = text(req.query.razorpay_signature);
    const genuine = Boolean(paymentLinkId && paymentId && status && signature) && razorpay.isValidPaymentLinkCallback({ paymentLinkId, referenceId, status, paymentId, signature });
    const order = genuine ? await db.selectFrom('orders').select('order_number').where('payment_link_id', '=', paymentLinkId).executeTakeFirst() : undefined;
    req.log.info({ paymentLinkId: paymentLinkId || undefined, genuine, status: genuine ? status : undefined, orderNumber: order?.order_number }, 'payment link callback');
    res.set('cache-control', 'no-store');
    if (genuine && status === 'paid' && order) {
      res.redirect(303, `/payment-success?${new URLSearchParams({ order: order.order_number, payment: paymentId }).toString()}`);
      return;
    }
    res.redirect(303, order ? `/payment-failed?${new URLSearchParams({ order: order.order_number }).toString()}` : '/payment-failed');
  };
}
