import type { RequestHandler } from 'express';
import type { PaymentsDeps } from '../deps.js';
import { landingOfLinkCallback } from '../domain/link-callback.js';

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : '');

/**
 * GET /api/payment/link-callback: where Razorpay sends the shopper's browser once a payment link is
 * paid, with `razorpay_payment_id`, `razorpay_payment_link_id`, `razorpay_payment_link_reference_id`,
 * `razorpay_payment_link_status` and `razorpay_signature`; redirected to the page
 * domain/link-callback.ts decides.
 */
export function linkCallbackHandler(deps: Pick<PaymentsDeps, 'db' | 'razorpay'>): RequestHandler {
  return async (req, res) => {
    const callback = {
      paymentLinkId: text(req.query.razorpay_payment_link_id),
      paymentId: text(req.query.razorpay_payment_id),
      status: text(req.query.razorpay_payment_link_status),
      referenceId: text(req.query.razorpay_payment_link_reference_id),
      signature: text(req.query.razorpay_signature),
    };
    const landing = await landingOfLinkCallback(deps, callback);
    req.log.info({ paymentLinkId: callback.paymentLinkId || undefined, genuine: landing.genuine, status: landing.genuine ? callback.status : undefined, orderNumber: landing.orderNumber }, 'payment link callback');
    res.set('cache-control', 'no-store');
    res.redirect(303, landing.path);
  };
}
