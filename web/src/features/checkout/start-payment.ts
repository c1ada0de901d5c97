import { paiseToRupees, rupeesToPaise } from '@pickles/shared/money';
import type { CreateOrderPayload, CreateOrderResponse } from '@pickles/shared/validation';
import { isApiFailure } from '../../lib/api-client.js';
import type { CheckoutNavigationState, OrderReceipt, PaymentFailedState, PaymentSuccessState } from '../../lib/checkout-state.js';
import { createOrder } from './api/create-order.js';
import { reportPaymentFailed } from './api/report-payment-failed.js';
import { verifyPayment } from './api/verify-payment.js';
import { EMPTY_FORM, type CheckoutFormValues } from './form-storage.js';
import { loadCheckoutScript } from './razorpay/load-checkout-script.js';

export const GATEWAY_NOT_LOADED = 'Payment gateway not loaded. Please refresh the page and try again.';
export const ORDER_CREATION_FAILED = 'Order creation failed';
export const VERIFICATION_FAILED = 'Payment verification failed';
export const PAYMENT_FAILED = 'Payment failed';
const THEME_COLOUR = '#8b1e1e';

export interface PaymentCallbacks {
  /** Razorpay reported success; the shop is verifying (show the processing overlay). */
  onVerifying: () => void;
  onSuccess: (state: PaymentSuccessState) => void;
  /** `withOverlay`: show the processing overlay for 1.5 s first (docs/product.md §4, step 5). */
  onFailure: (failure: PaymentFailedState & { error: string }, withOverlay: boolean) => void;
  /** The shopper closed Razorpay's window, or could not start: back to the form. */
  onCancelled: () => void;
  /**
   * create-order answered 409: the batch cannot supply the cart. Nothing was created or
   * charged; `error` is the server's sentence for the shopper. Without this, it is an ordinary failure.
   */
  onStockRefused?: (error: string) => void;
  /**
   * create-order answered 400 about fields of the form (a pincode India Post does not know, a state
   * that is not the pincode's). Nothing was created; the messages go under their fields.
   */
  onFormRefused?: (errors: Record<string, string>) => void;
  /** create-order refused the discount code (used up meanwhile, paused, expired): the sentence goes under the code's box. */
  onDiscountRefused?: (error: string) => void;
}

/** The code the shopper applied and what it takes off, as the check answered (the server decides again). */
export interface AppliedDiscount {
  code: string;
  discountPaise: number;
}

/** The field errors of a create-order refusal that belong to the form's own fields, if any. */
function formErrorsOf(failure: unknown): Record<string, string> | undefined {
  if (!isApiFailure(failure) || failure.status !== 400 || !failure.fields) return undefined;
  const errors = Object.fromEntries(Object.entries(failure.fields).filter(([name]) => name in EMPTY_FORM));
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export function toOrderPayload(checkout: CheckoutNavigationState, values: CheckoutFormValues, discount?: AppliedDiscount): CreateOrderPayload {
  const trim = (value: string) => value.trim();
  return {
    // The total the shopper is shown: with a code, less its discount (create-order refuses any other).
    amount: discount ? paiseToRupees(rupeesToPaise(checkout.total) - discount.discountPaise) : checkout.total,
    ...(discount ? { discountCode: discount.code } : {}),
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
 * The receipt for /payment-success: the lines the server accepted (it refuses any line or total
 * that differs from its own prices) and the amount the server charged, never the browser's total.
 */
export function toReceipt(payload: CreateOrderPayload, order: CreateOrderResponse, paidRupees?: number, discount?: AppliedDiscount): OrderReceipt {
  const amountPaise = paidRupees === undefined ? order.amount : rupeesToPaise(paidRupees);
  const itemsPaise = payload.items.reduce((sum, item) => sum + rupeesToPaise(item.total), 0);
  const discountPaise = discount?.discountPaise ?? 0;
  return {
    items: payload.items.map(({ name, quantity, total }) => ({ name, quantity, total })),
    shippingCost: paiseToRupees(Math.max(0, amountPaise + discountPaise - itemsPaise)),
    ...(discount ? { discount: { code: discount.code, amount: paiseToRupees(discountPaise) } } : {}),
    amount: paiseToRupees(amountPaise),
    name: payload.customerInfo.name,
    email: payload.customerInfo.email,
    deliveryAddress: { ...payload.deliveryAddress },
    deliveryPromise: order.deliveryPromise,
  };
}

/**
 * Confirm & Pay (docs/product.md §4, steps 3-5): create the order on the server, open Razorpay
 * Checkout with the spec's options, verify on success, report failures.
 */
export async function startPayment(checkout: CheckoutNavigationState, values: CheckoutFormValues, checkoutKey: string, callbacks: PaymentCallbacks, discount?: AppliedDiscount): Promise<void> {
  if (!(await loadCheckoutScript()) || !window.Razorpay) {
    window.alert(GATEWAY_NOT_LOADED);
    callbacks.onCancelled();
    return;
  }
  const payload = toOrderPayload(checkout, values, discount);
  let order: CreateOrderResponse;
  try {
    order = await createOrder(payload, checkoutKey);
  } catch (failure) {
    const discountRefusal = isApiFailure(failure) && failure.status === 409 ? failure.fields?.discountCode : undefined;
    if (discountRefusal && callbacks.onDiscountRefused) {
      callbacks.onDiscountRefused(discountRefusal);
      return;
    }
    if (isApiFailure(failure) && failure.status === 409 && callbacks.onStockRefused) {
      callbacks.onStockRefused(failure.error);
      return;
    }
    const formErrors = formErrorsOf(failure);
    if (formErrors && callbacks.onFormRefused) {
      callbacks.onFormRefused(formErrors);
      return;
    }
    callbacks.onFailure({ error: isApiFailure(failure) && failure.error ? failure.error : ORDER_CREATION_FAILED }, true);
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
    // Checkout closes when the order's payment window does; its jars are held a little longer.
    timeout: order.paymentWindowSeconds,
    prefill: { name: values.name.trim(), email: values.email.trim(), contact: `+91${values.phone.trim()}` },
    theme: { color: THEME_COLOUR },
    handler: (response) => {
      settled = true;
      callbacks.onVerifying();
      // What the shopper can quote to support if the verification fails after money moved.
      const reference = { orderId: order.orderId, paymentId: response.razorpay_payment_id };
      verifyPayment(response).then(
        (result) => {
          if (result?.success && result.orderId) {
            const receipt = toReceipt(payload, order, result.amount, discount);
            callbacks.onSuccess({ orderId: result.orderId, paymentId: result.paymentId ?? response.razorpay_payment_id, amount: receipt.amount, receipt });
          } else {
            callbacks.onFailure({ ...reference, error: result?.error || VERIFICATION_FAILED }, false);
          }
        },
        (failure: unknown) => callbacks.onFailure({ ...reference, error: isApiFailure(failure) && failure.error ? failure.error : VERIFICATION_FAILED }, false),
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
    callbacks.onFailure({ error: response?.error?.description || PAYMENT_FAILED, orderId: order.orderId, paymentId: response?.error?.metadata?.payment_id }, true);
  });
  rzp.open();
}
