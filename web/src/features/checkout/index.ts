export { CheckoutForm } from './components/checkout-form.js';
export { OrderSummary } from './components/order-summary.js';
export { pincodeErrors, usePincodeLookup, type PincodeLookup } from './hooks/use-pincode-lookup.js';
export { ConfirmModal } from './components/confirm-modal.js';
export { ProcessingOverlay } from './components/processing-overlay.js';
export { EMPTY_FORM, FORM_STORAGE_KEY, readStoredForm, storeForm, type CheckoutFormValues } from './form-storage.js';
export { loadCheckoutScript } from './razorpay/load-checkout-script.js';
export { startPayment, toOrderPayload, toReceipt } from './start-payment.js';
export { createCheckoutKeys } from './checkout-key.js';
