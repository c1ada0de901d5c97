import type { PaymentsDeps } from '../deps.js';

export interface LinkCallback {
  paymentLinkId: string;
  paymentId: string;
  status: string;
  referenceId: string;
  signature: string;
}

/**
 * Where the shopper's browser lands after Razorpay's hosted page of a payment link (decision 032): a
 * genuine paid callback on /payment-success with the order's number (the order itself is settled by
 * the webhook), anything else on /payment-failed. It changes nothing: the signature only decides the page.
 */
export async function landingOfLinkCallback({ db, razorpay }: Pick<PaymentsDeps, 'db' | 'razorpay'>, callback: LinkCallback): Promise<{ path: string; genuine: boolean; orderNumber?: string }> {
  const { paymentLinkId, paymentId, status, referenceId, signature } = callback;
  const genuine = Boolean(paymentLinkId && paymentId && status && signature) && razorpay.isValidPaymentLinkCallback({ paymentLinkId, referenceId, status, paymentId, signature });
  const order = genuine ? await db.selectFrom('orders').select('order_number').where('payment_link_id', '=', paymentLinkId).executeTakeFirst() : undefined;
  if (genuine && status === 'paid' && order) return { path: `/payment-success?${new URLSearchParams({ order: order.order_number, payment: paymentId }).toString()}`, genuine, orderNumber: order.order_number };
  return { path: order ? `/payment-failed?${new URLSearchParams({ order: order.order_number }).toString()}` : '/payment-failed', genuine, orderNumber: order?.order_number };
}
