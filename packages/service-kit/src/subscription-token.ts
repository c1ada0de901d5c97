import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens in the links of the "next batch" e-mails (decision 029): `<subscriber id>.<HMAC>`, the
 * HMAC of the purpose and the id with TRACKING_LINK_SECRET (checkout checks what notifications
 * signs). A confirm link cannot unsubscribe nor the other way round, one subscriber's link names no
 * other, and nothing secret is stored. A link stops working when its row is gone (erasure).
 */
export type SubscriptionLinkPurpose = 'confirm' | 'unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, purpose: SubscriptionLinkPurpose, subscriberId: string): string {
  return createHmac('sha256', secret).update(`batch-subscriber:${purpose}:${subscriberId}`).digest('base64url').slice(0, 32);
}

export function subscriptionToken(secret: string, purpose: SubscriptionLinkPurpose, subscriberId: string): string {
  return `${subscriberId}.${mac(secret, purpose, subscriberId)}`;
}

/** The subscriber `token` proves for `purpose` (compared in constant time), or undefined. */
export function subscriberOfToken(secret: string, purpose: SubscriptionLinkPurpose, token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 100) return undefined;
  const dot = token.indexOf('.');
  const subscriberId = token.slice(0, dot).toLowerCase();
  if (dot === -1 || !UUID.test(subscriberId)) return undefined;
  const expected = Buffer.from(subscriptionToken(secret, purpose, subscriberId));
  const given = Buffer.from(`${subscriberId}${token.slice(dot)}`);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subscriberId : undefined;
}
