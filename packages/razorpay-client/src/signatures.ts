import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of `order_id|payment_id` with the key secret (protocol §5). */
export function signCheckout(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Lowercase hex HMAC-SHA256 of the exact raw body bytes with the webhook secret (protocol §5). */
export function signWebhook(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/**
 * Lowercase hex HMAC-SHA256 with the key secret of `payment_link_id|reference_id|status|payment_id`:
 * the `razorpay_signature` Razorpay adds to a paid link's redirect to callback_url, as the SDK's
 * validatePaymentVerification computes it for a payment link.
 */
export function signPaymentLinkCallback(
  input: { paymentLinkId: string; referenceId: string; status: string; paymentId: string },
  keySecret: string,
): string {
  return createHmac('sha256', keySecret).update(`${input.paymentLinkId}|${input.referenceId}|${input.status}|${input.paymentId}`).digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Constant-time comparison of two hex digests. Length and format are checked first: they are not
 * secret (every valid signature is 64 hex chars), and timingSafeEqual throws on unequal lengths.
 */
export function hexDigestsEqual(expectedHex: string, givenHex: string): boolean {
  if (!HEX_SHA256.test(givenHex) || !HEX_SHA256.test(expectedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex.toLowerCase(), 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}

export function verifyCheckoutSignature(orderId: string, paymentId: string, signature: unknown, keySecret: string): boolean {
  if (typeof signature !== 'string' || !orderId || !paymentId || !keySecret) return false;
  return hexDigestsEqual(signCheckout(orderId, paymentId, keySecret), signature);
}

export function verifyWebhookSignature(rawBody: Buffer | string, signature: unknown, webhookSecret: string): boolean {
  if (typeof signature !== 'string' || !webhookSecret) return false;
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return false;
  return hexDigestsEqual(signWebhook(rawBody, webhookSecret), signature);
}

export function verifyPaymentLinkCallback(
  input: { paymentLinkId: unknown; referenceId: unknown; status: unknown; paymentId: unknown; signature: unknown },
  keySecret: string,
): boolean {
  const { paymentLinkId, referenceId, status, paymentId, signature } = input;
  if (typeof signature !== 'string' || !keySecret) return false;
  // The reference may be empty (a link made without one); the ids and the status may not.
  if (typeof paymentLinkId !== 'string' || typeof referenceId !== 'string' || typeof status !== 'string' || typeof paymentId !== 'string') return false;
  if (!paymentLinkId || !status || !paymentId) return false;
  return hexDigestsEqual(signPaymentLinkCallback({ paymentLinkId, referenceId, status, paymentId }, keySecret), signature);
}
