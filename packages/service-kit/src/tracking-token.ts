import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature in a shopper's tracking link (/track?order=RP…&t=…): an HMAC of the order number
 * with TRACKING_LINK_SECRET, so the link opens that one order without the phone or e-mail and
 * cannot be made up for another. Links do not expire: an e-mail from last month must still open.
 */
export function trackingToken(secret: string, orderNumber: string): string {
  return createHmac('sha256', secret).update(`track:${orderNumber}`).digest('base64url').slice(0, 32);
}

export function isValidTrackingToken(secret: string, orderNumber: string, token: string): boolean {
  const expected = Buffer.from(trackingToken(secret, orderNumber));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The local shop's signing key; production refuses it (PUBLISHED_VALUES) and requires its own. */
export const DEMO_TRACKING_LINK_SECRET = 'demo-tracking-link-secret-for-local-shops-only';
