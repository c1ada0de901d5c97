import type { VerifyPaymentResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';
import type { RazorpaySuccess } from '../razorpay/types.js';

export function verifyPayment(response: RazorpaySuccess): Promise<VerifyPaymentResponse> {
  return apiRequest<VerifyPaymentResponse>('POST', '/payment/verify-payment', {
    body: {
      razorpay_order_id: response.razorpay_order_id,
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_signature: response.razorpay_signature,
    },
  });
}
