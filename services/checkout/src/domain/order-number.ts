import { randomInt } from 'node:crypto';
import { indiaDateDigits } from '@pickles/shared/india-time';

// No 0/O or 1/I/L: people read these numbers out on the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * A readable order reference such as "RP261122-7KQ2XD": short enough for Razorpay's 40-character
 * receipt and for the admin panel's 15-character column, dated for people, random enough (31^6 per
 * day) to be unguessable in practice; uniqueness is enforced by the database.
 */
export function newOrderNumber(now = new Date()): string {
  const date = indiaDateDigits(now);
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `RP${date}-${suffix}`;
}
