import type { CreateOrderPayload } from '@pickles/shared/validation';
import { isApiFailure } from '../../lib/api-client.js';
import type { CheckoutNavigationState } from '../../lib/checkout-state.js';
import { createOrder } from './api/create-order.js';
import { reportPaymentFailed } from './api/report-payment-failed.js';
import { verifyPayment } from './api/verify-payment.js';
import type { CheckoutFormValues } from './form-storage.js';
import { loadCheckoutScript } from './razorpay/load-checkout-script.js';

export const GATEWAY_NOT_LOADED = 'Payment gateway not loaded. Please refresh the page and try again.';
export const ORDER_CREATION_FAILED = 'Order creation failed';
export const VERIFICATION_FAILED = 'Payment verification failed';
export const PAYMENT_FAILED = 'Payment failed';
const THEME_COLOUR = '#8b1e1e';

export interface PaymentSuccessState {
  orderId: string;
  paymentId: string;
  amount: number;
}

export interface PaymentCallbacks {
  /** Razorpay reported success; the shop is verifying (show the processing overlay). */
  onVerifying: () => void;
  onSuccess: (state: PaymentSuccessState) => void;
  /** `withOverlay`: show the processing overlay for 1.5 s first (docs/product.md §4, step 5). */
  onFailure: (error: string, withOverlay: boolean) => void;
  /** The shopper closed Razorpay's window, or could not start: back to the form. */
  onCancelled: () => void;
}

export function toOrderPayload(checkout: CheckoutNavigationState, values: CheckoutFormValues): CreateOrderPayload {
  const trim = (value: string) => value.trim();
  return {
    amount: checkout.total,
    customerInfo: { name: trim(values.name), email: trim(values.email), phone: trim(values.phone) },
    deliveryAddress: {
      flatNumber: trim(values.flatNumber),
      street: trim(values.street),
      area: trim(values.area),
      city: trim(values.city),
      state: trim(values.state),
      pincode: trim(values.pincode),
    },
    items: checkout.products
      .map((product) => {
        const quantity = checkout.cart[String(product.id)] ?? 0;
        return { itemId: product.id, name: product.name, quantity, price: product.price, total: product.price * quantity };
      })
      .filter((item) => item.quantity > 0),
  };
}

/**
 * Confirm & Pay (docs/product.md §4, steps 3-5): create the order on the server, open Razorpay
 * Checkout with the spec's options, verify on success, report failures.
 */
export async function startPayment(checkout: CheckoutNavigationState, values: CheckoutFormValues, checkoutKey: string, callbacks: PaymentCallbacks): Promise<void> {
  if (!(await loadCheckoutScript()) || !window.Razorpay) {
    window.alert(GATEWAY_NOT_LOADED);
    callbacks.onCancelled();
    return;
  }
  let order;
  try {
    order = await createOrder(toOrderPayload(checkout, values), checkoutKey);
  } catch (failure) {
    callbacks.onFailure(isApiFailure(failure) && failure.error ? failure.error : ORDER_CREATION_FAILED, true);
    return;
  }

  let settled = false;
  const Razorpay = window.Razorpay;
  const rzp = new Razorpay({
    key: order.keyId,
    amount: order.amount,
    currency: order.currency,
    name: 'Royal Pickles',
    description: 'Royal Order Payment',
    order_id: order.razorpayOrderId,
    prefill: { name: values.name.trim(), email: values.email.trim(), contact: `+91${values.phone.trim()}` },
    theme: { color: THEME_COLOUR },
    handler: (response) => {
      settled = true;
      callbacks.onVerifying();
      verifyPayment(response).then(
        (result) => {
          if (result?.success && result.orderId) {
            callbacks.onSuccess({ orderId: result.orderId, paymentId: result.paymentId ?? response.razorpay_payment_id, amount: result.amount ?? checkout.total });
          } else {
            callbacks.onFailure(result?.error || VERIFICATION_FAILED, false);
          }
        },
        (failure: unknown) => callbacks.onFailure(isApiFailure(failure) && failure.error ? failure.error : VERIFICATION_FAILED, false),
      );
    },
    modal: {
      ondismiss: () => {
        if (!settled) callbacks.onCancelled();
      },
    },
  });
  rzp.on('payment.failed', (response) => {
    if (settled) return;
    settled = true;
    void reportPaymentFailed(order.razorpayOrderId, response);
    rzp.close();
    callbacks.onFailure(response?.error?.description || PAYMENT_FAILED, true);
  });
  rzp.open();
}
