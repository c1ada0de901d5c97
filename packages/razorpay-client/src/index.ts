export type {
  RazorpayConfig,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayRefund,
  RazorpayClient,
  RazorpayWebhookEvent,
} from './types.js';
export { RazorpayError, type RazorpayErrorKind } from './errors.js';
export { createRazorpayClient, razorpayFromEnv, DEFAULT_API_BASE_URL, DEFAULT_TIMEOUT_MS, type RazorpayEnvironment } from './client.js';
export { parseWebhookEvent } from './webhook-event.js';
export { signCheckout, signWebhook } from './signatures.js';
export { normaliseNotes } from './normalise.js';
export { RECEIPT_MAX_LENGTH, NOTES_MAX_KEYS, NOTE_VALUE_MAX_LENGTH } from './validation.js';
