import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature in a shopper's tracking link (/track?order=RP…&t=…): an HMAC of the order number
 * and the order's link version with TRACKING_LINK_SECRET, so the link opens that one order without
 * the phone or e-mail and cannot be made up for another. Version 0 signs the order number alone (the
 * links of every e-mail sent before versions existed); raising an order's version revokes its links,
 * and later links say theirs before the signature (`2.<hmac>`). How long a link opens the order is
 * checkout's rule (a few weeks after the order is closed); the form with the phone or e-mail always does.
 */
export function trackingToken(secret: string, orderNumber: string, version = 0): string {
  const mac = createHmac('sha256', secret)
    .update(version === 0 ? `track:${orderNumber}` : `track:${orderNumber}:v${version}`)
    .digest('base64url')
    .slice(0, 32);
  return version === 0 ? mac : `${version}.${mac}`;
}

/** The link version `token` proves for the order (compared in constant time), or undefined when it proves nothing. */
export function trackingTokenVersion(secret: string, orderNumber: string, token: string): number | undefined {
  const dot = token.indexOf('.');
  const version = dot === -1 ? 0 : Number(token.slice(0, dot));
  if (!Number.isSafeInteger(version) || version < 0) return undefined;
  const expected = Buffer.from(trackingToken(secret, orderNumber, version));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? version : undefined;
}

/** The local shop's signing key; production refuses it (PUBLISHED_VALUES) and requires its own. */
export const DEMO_TRACKING_LINK_SECRET = 'demo-tracking-link-secret-for-local-shops-only';
