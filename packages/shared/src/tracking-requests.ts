import { z } from 'zod';
import { EMAIL_PATTERN, normalisePhoneInput, plainString } from './validation.js';

/** The tracking page's and POST /api/track's messages (decision 010). */
export const TRACKING_MESSAGES = {
  orderNumber: 'Enter the order number from your confirmation e-mail',
  contact: 'Enter the 10-digit phone number or the e-mail address you used at checkout',
  /** Every lookup that finds nothing, whatever the reason: it must not tell which part was wrong. */
  notFound: 'We could not find an order with those details. Check the order number and the phone number or e-mail you used at checkout.',
} as const;

/** How the shopper proved the order is theirs: the checkout e-mail (any case) or the 10-digit phone. */
export type TrackingContact = { kind: 'email'; email: string } | { kind: 'phone'; phone: string };

/**
 * Reads the "Phone number or e-mail" field: anything with an @ is an e-mail address (compared in
 * lower case); otherwise the phone is normalised as the checkout form does ('+91 98765 43210' is
 * 9876543210). Undefined when it is neither.
 */
export function parseTrackingContact(raw: string): TrackingContact | undefined {
  const value = raw.trim();
  if (value.includes('@')) return EMAIL_PATTERN.test(value) ? { kind: 'email', email: value.toLowerCase() } : undefined;
  // Only digits and the separators people type in a phone number: 'RP12-34' is not a phone.
  if (!/^[\d\s()+-]+$/.test(value)) return undefined;
  const phone = normalisePhoneInput(value);
  return /^[6-9]\d{9}$/.test(phone) && value.replace(/\D/g, '').endsWith(phone) ? { kind: 'phone', phone } : undefined;
}

/** Order numbers as printed ('RP261122-7KQ2XD'); shoppers may type them in lower case. */
const orderNumber = plainString(TRACKING_MESSAGES.orderNumber, 40)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{3,39}$/, { error: TRACKING_MESSAGES.orderNumber });

/** POST /api/track: the order number and the phone or e-mail used at checkout. */
export const trackOrderRequestSchema = z.object({
  orderNumber,
  contact: plainString(TRACKING_MESSAGES.contact, 200)
    .trim()
    .refine((value) => parseTrackingContact(value) !== undefined, { error: TRACKING_MESSAGES.contact }),
});
export type TrackOrderRequest = z.input<typeof trackOrderRequestSchema>;

/** GET /api/track?order=…&t=…: the signed link of the e-mails. Anything else is "not found". */
export const trackLinkQuerySchema = z.object({
  order: orderNumber,
  // The signature, after its link version when that is not 0 ('2.<signature>').
  t: z.string().regex(/^(\d{1,6}\.)?[A-Za-z0-9_-]{16,64}$/),
});
