import type { PaymentFailedResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';
import type { RazorpayFailure } from '../razorpay/types.js';

/** Tells the shop about Razorpay's payment.failed; a hint only, so errors are ignored. */
export async function reportPaymentFailed(razorpayOrderId: string, failure: RazorpayFailure): Promise<void> {
  const { code, description, reason, source, step, metadata } = failure.error ?? {};
  try {
    await apiRequest<PaymentFailedResponse>('POST', '/payment/payment-failed', {
      body: {
        razorpay_order_id: razorpayOrderId,
        ...(metadata?.payment_id ? { razorpay_payment_id: metadata.payment_id } : {}),
        error: { code, description, reason, source, step },
      },
    });
  } catch {
    // The webhook and the reconciler record the failure anyway.
  }
}
