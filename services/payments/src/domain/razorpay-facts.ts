import type { RazorpayPayment } from '@pickles/razorpay-client';
import type { PaymentFacts } from '../db/payment-records.js';

/** A Razorpay payment entity as the shop records it. */
export function paymentFacts(payment: RazorpayPayment): PaymentFacts {
  return {
    razorpayPaymentId: payment.id,
    amountPaise: payment.amount,
    status: payment.status,
    method: payment.method ?? null,
    errorCode: payment.error_code,
    errorDescription: payment.error_description,
  };
}
