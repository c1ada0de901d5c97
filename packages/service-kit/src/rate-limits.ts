import type { Request } from 'express';
import { z } from 'zod';
import type { RateLimitRule } from './rate-limit.js';

interface RateLimitSpec {
  /** The service that counts it. */
  service: 'checkout' | 'payments';
  /** The environment variable that sets `points` (read by the owning service's env.ts). */
  setting: string;
  /** Allowed per window for one key, unless the setting says otherwise. */
  points: number;
  perSeconds: number;
  /** Who or what one key is. */
  counts: string;
  /** The caller's answer (429) when over the limit. */
  message: string;
}

/**
 * Every request limit of the shop in one table: the counter's name (also its Redis key and its
 * metric label), what one key is, its window, the setting that sizes it and its default, and what the
 * caller is told. Services take a rule by name (`limitRule`) and add only how a key is read from
 * the request; their env.ts reads the sizes with `rateLimitSettings`. The README's settings table and
 * .env.example are checked against this table (test/docs/rate-limits.test.ts).
 *
 * Not here, because they are not counters of requests: the jars one shopper may hold unpaid
 * (`HELD_JARS_*`, checkout's jar-holds.ts) and the admin login's lockout, which grows with each
 * lockout (admin-orders auth/login-limiter.ts; `LOGIN_MAX_FAILURES` per `LOGIN_WINDOW_SECONDS`).
 */
export const RATE_LIMITS = {
  'create-order:client': {
    service: 'checkout', setting: 'CREATE_ORDER_LIMIT_PER_CLIENT', points: 10, perSeconds: 60, counts: 'a client address',
    message: 'Too many orders from this connection. Please wait a minute and try again.',
  },
  'create-order:email': {
    service: 'checkout', setting: 'CREATE_ORDER_LIMIT_PER_EMAIL', points: 20, perSeconds: 3600, counts: "the order's e-mail address",
    message: 'Too many orders for this e-mail address. Please try again later.',
  },
  // Checking codes is counted per client, so nobody guesses the owner's codes by trying many.
  'discount-check:client': {
    service: 'checkout', setting: 'DISCOUNT_CHECK_LIMIT_PER_CLIENT', points: 20, perSeconds: 60, counts: 'a client address',
    message: 'Too many discount codes tried from this connection. Please wait a minute and try again.',
  },
  // Lookups are counted whether or not they find an order, so a 429 says nothing about the order either.
  'track:client': {
    service: 'checkout', setting: 'TRACK_LIMIT_PER_CLIENT', points: 10, perSeconds: 60, counts: 'a client address',
    message: 'Too many order lookups from this connection. Please wait a minute and try again.',
  },
  'track:order': {
    service: 'checkout', setting: 'TRACK_LIMIT_PER_ORDER', points: 20, perSeconds: 3600, counts: 'an order number, from anywhere',
    message: 'Too many lookups for this order number. Please try again in an hour.',
  },
  'track-link:client': {
    service: 'checkout', setting: 'TRACK_LINK_LIMIT_PER_CLIENT', points: 30, perSeconds: 60, counts: 'a client address',
    message: 'Too many order lookups from this connection. Please wait a minute and try again.',
  },
  // Every complaint sends two e-mails: a client sending many is refused before it costs anything.
  'complaint:client': {
    service: 'checkout', setting: 'COMPLAINT_LIMIT_PER_CLIENT', points: 10, perSeconds: 3600, counts: 'a client address',
    message: 'Too many complaints from this connection. Please try again in an hour.',
  },
  'complaint:email': {
    service: 'checkout', setting: 'COMPLAINT_LIMIT_PER_EMAIL', points: 3, perSeconds: 86_400, counts: "the complaint's e-mail address, from anywhere",
    message: 'Too many complaints for this e-mail address today. Please write to our grievance officer instead.',
  },
  // "Tell me when the next batch is ready": each sign-up e-mails an address to confirm it.
  'notify-me:client': {
    service: 'checkout', setting: 'NOTIFY_ME_LIMIT_PER_CLIENT', points: 10, perSeconds: 3600, counts: 'a client address',
    message: 'Too many sign-ups from this connection. Please try again in an hour.',
  },
  'notify-me:email': {
    service: 'checkout', setting: 'NOTIFY_ME_LIMIT_PER_EMAIL', points: 5, perSeconds: 86_400, counts: 'the e-mail address signed up, from anywhere',
    message: 'Too many sign-ups for this e-mail address today. Please try again tomorrow.',
  },
  'notify-link:client': {
    service: 'checkout', setting: 'TRACK_LINK_LIMIT_PER_CLIENT', points: 30, perSeconds: 60, counts: 'a client address (the links in next-batch e-mails, sized as the tracking links)',
    message: 'Too many links opened from this connection. Please wait a minute and try again.',
  },
  'payment-calls:client': {
    service: 'payments', setting: 'PAYMENT_CALL_LIMIT_PER_CLIENT', points: 30, perSeconds: 60, counts: 'a client address (verify-payment and payment-failed together)',
    message: 'Too many payment requests from this connection. Please wait a minute and try again.',
  },
} as const satisfies Record<string, RateLimitSpec>;

export type RateLimitName = keyof typeof RATE_LIMITS;
type SettingOf<N extends RateLimitName> = (typeof RATE_LIMITS)[N]['setting'];

const positiveWholeNumber = (fallback: number) => z.coerce.number({ error: 'expected a whole number' }).int().min(1).default(fallback);

/** The env schema fields that size the named limits, each defaulting to the table's figure. */
export function rateLimitSettings<N extends RateLimitName>(...names: N[]): { [K in N as SettingOf<K>]: ReturnType<typeof positiveWholeNumber> } {
  return Object.fromEntries(names.map((name) => [RATE_LIMITS[name].setting, positiveWholeNumber(RATE_LIMITS[name].points)])) as never;
}

/** The named rule, counting `points` (the setting's value; the table's default when not given) per key. */
export function limitRule(name: RateLimitName, key: (req: Request) => string | undefined, points: number = RATE_LIMITS[name].points): RateLimitRule {
  const { perSeconds, message } = RATE_LIMITS[name];
  return { name, points, perSeconds, key, message };
}
