export type {
  RazorpayConfig,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayRefund,
  RazorpayClient,
  RazorpayWebhookEvent,
  RazorpayPaymentLink,
  RazorpayPaymentLinkPayment,
  RazorpayPaymentLinkStatus,
  PaymentLinkInput,
  PaymentLinkEventName,
  PaymentLinkWebhookEvent,
} from './types.js';
export { RazorpayError, type RazorpayErrorKind } from './errors.js';
export { createRazorpayClient, razorpayFromEnv, DEFAULT_API_BASE_URL, DEFAULT_TIMEOUT_MS, type RazorpayEnvironment } from './client.js';
export { parseWebhookEvent, isPaymentLinkEvent, PAYMENT_LINK_EVENTS } from './webhook-event.js';
export { signCheckout, signPaymentLinkCallback, signWebhook } from './signatures.js';
export { normaliseNotes, normalisePaymentLink } from './normalise.js';
export {
  RECEIPT_MAX_LENGTH,
  NOTES_MAX_KEYS,
  NOTE_VALUE_MAX_LENGTH,
  MIN_AMOUNT_PAISE,
  PAYMENT_LINK_REFERENCE_MAX_LENGTH,
  PAYMENT_LINK_DESCRIPTION_MAX_LENGTH,
  PAYMENT_LINK_MIN_EXPIRY_SECONDS,
  paymentLinkExpiryBounds,
} from './validation.js';
