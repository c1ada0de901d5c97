import { RazorpayError } from './errors.js';
import type { PaymentLinkInput } from './types.js';

export const RECEIPT_MAX_LENGTH = 40;
export const NOTES_MAX_KEYS = 15;
export const NOTE_VALUE_MAX_LENGTH = 256;
/** Razorpay refuses amounts under ₹1. */
export const MIN_AMOUNT_PAISE = 100;
export const PAYMENT_LINK_REFERENCE_MAX_LENGTH = 40;
export const PAYMENT_LINK_DESCRIPTION_MAX_LENGTH = 2048;
export const PAYMENT_LINK_MIN_EXPIRY_SECONDS = 15 * 60;
const PAYMENT_LINK_MAX_EXPIRY_MONTHS = 6;

/**
 * The window a link's expire_by must fall in, in Unix seconds, seen from `nowSeconds`: at least 15
 * minutes and at most 6 calendar months ahead (the sandbox applies the same bounds as Razorpay).
 */
export function paymentLinkExpiryBounds(nowSeconds: number): { earliest: number; latest: number } {
  const latest = new Date(nowSeconds * 1000);
  latest.setUTCMonth(latest.getUTCMonth() + PAYMENT_LINK_MAX_EXPIRY_MONTHS);
  return { earliest: nowSeconds + PAYMENT_LINK_MIN_EXPIRY_SECONDS, latest: Math.floor(latest.getTime() / 1000) };
}

function invalid(message: string, field: string): RazorpayError {
  // Same code and field as Razorpay's own answer, so callers branch the same way either way.
  return new RazorpayError('invalid_request', message, { code: 'BAD_REQUEST_ERROR', field, retryable: false });
}

export function assertPaise(amount: unknown, field = 'amount'): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalid(`${field} must be a positive integer number of paise`, field);
  }
}

/** A shop reference of 1 to `max` characters (a receipt, a link's reference_id). */
function assertReference(value: unknown, field: string, max: number): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${field} is required`, field);
  if (value.length > max) throw invalid(`${field} may not be longer than ${max} characters`, field);
}

export function assertReceipt(receipt: unknown): asserts receipt is string {
  assertReference(receipt, 'receipt', RECEIPT_MAX_LENGTH);
}

export function assertNotes(notes: unknown): asserts notes is Record<string, string> | undefined {
  if (notes === undefined) return;
  if (typeof notes !== 'object' || notes === null || Array.isArray(notes)) throw invalid('notes must be an object', 'notes');
  const entries = Object.entries(notes);
  if (entries.length > NOTES_MAX_KEYS) throw invalid(`notes may have at most ${NOTES_MAX_KEYS} keys`, 'notes');
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw invalid(`notes.${key} must be a string`, 'notes');
    if (value.length > NOTE_VALUE_MAX_LENGTH) {
      throw invalid(`notes.${key} may not be longer than ${NOTE_VALUE_MAX_LENGTH} characters`, 'notes');
    }
  }
}

export function assertId(id: unknown, field: string): asserts id is string {
  // Only emptiness (and no path tricks): Razorpay itself answers malformed ids.
  if (typeof id !== 'string' || id.trim() === '') throw invalid(`${field} is required`, field);
  if (!/^[A-Za-z0-9_]+$/.test(id)) throw invalid(`${field} is not a valid id`, field);
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

export function assertIdempotencyKey(key: unknown): asserts key is string | undefined {
  if (key === undefined) return;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw invalid('idempotencyKey must be at least 10 characters of A-Z a-z 0-9 _ -', 'idempotencyKey');
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTACT = /^\+?[0-9]{8,15}$/;

/**
 * Everything createPaymentLink sends, checked before any request; field names are Razorpay's
 * (`amount`, `reference_id`, `customer.email`, `expire_by` ...) so callers branch the same way on
 * a local refusal and on Razorpay's.
 */
export function assertPaymentLinkInput(input: PaymentLinkInput, nowSeconds: number): void {
  if (typeof input !== 'object' || input === null) throw invalid('payment link input is required', 'amount');
  assertPaise(input.amountPaise, 'amount');
  if (input.amountPaise < MIN_AMOUNT_PAISE) throw invalid(`amount must be at least ${MIN_AMOUNT_PAISE} paise`, 'amount');
  assertReference(input.referenceId, 'reference_id', PAYMENT_LINK_REFERENCE_MAX_LENGTH);
  if (input.description !== undefined) {
    if (typeof input.description !== 'string') throw invalid('description must be a string', 'description');
    if (input.description.length > PAYMENT_LINK_DESCRIPTION_MAX_LENGTH) {
      throw invalid(`description may not be longer than ${PAYMENT_LINK_DESCRIPTION_MAX_LENGTH} characters`, 'description');
    }
  }
  if (input.customer !== undefined) {
    const { customer } = input;
    if (typeof customer !== 'object' || customer === null || Array.isArray(customer)) throw invalid('customer must be an object', 'customer');
    const unknown = Object.keys(customer).filter((key) => !['name', 'email', 'contact'].includes(key));
    if (unknown.length > 0) throw invalid(`customer.${unknown[0]} is not a customer field`, `customer.${unknown[0]}`);
    if (customer.name !== undefined && (typeof customer.name !== 'string' || customer.name.trim() === '' || customer.name.length > 255)) {
      throw invalid('customer.name must be 1 to 255 characters', 'customer.name');
    }
    if (customer.email !== undefined && (typeof customer.email !== 'string' || !EMAIL.test(customer.email) || customer.email.length > 254)) {
      throw invalid('customer.email must be an e-mail address', 'customer.email');
    }
    if (customer.contact !== undefined && (typeof customer.contact !== 'string' || !CONTACT.test(customer.contact))) {
      throw invalid('customer.contact must be a phone number of 8 to 15 digits, optionally starting with +', 'customer.contact');
    }
  }
  if (input.callbackUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = typeof input.callbackUrl === 'string' ? new URL(input.callbackUrl) : undefined;
    } catch {}
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw invalid('callbackUrl must be an http(s) URL', 'callback_url');
  }
  if (input.expireBy !== undefined) {
    if (!(input.expireBy instanceof Date) || Number.isNaN(input.expireBy.getTime())) throw invalid('expireBy must be a Date', 'expire_by');
    const expireBy = Math.floor(input.expireBy.getTime() / 1000);
    const { earliest, latest } = paymentLinkExpiryBounds(nowSeconds);
    if (expireBy < earliest) throw invalid('expireBy must be at least 15 minutes ahead', 'expire_by');
    if (expireBy > latest) throw invalid('expireBy may be at most 6 months ahead', 'expire_by');
  }
  assertNotes(input.notes);
}
