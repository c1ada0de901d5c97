import { RazorpayError } from './errors.js';

export const RECEIPT_MAX_LENGTH = 40;
export const NOTES_MAX_KEYS = 15;
export const NOTE_VALUE_MAX_LENGTH = 256;

function invalid(message: string, field: string): RazorpayError {
  // Same code and field as Razorpay's own answer, so callers branch the same way either way.
  return new RazorpayError('invalid_request', message, { code: 'BAD_REQUEST_ERROR', field, retryable: false });
}

export function assertPaise(amount: unknown, field = 'amount'): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalid(`${field} must be a positive integer number of paise`, field);
  }
}

export function assertReceipt(receipt: unknown): asserts receipt is string {
  if (typeof receipt !== 'string' || receipt.length === 0) throw invalid('receipt is required', 'receipt');
  if (receipt.length > RECEIPT_MAX_LENGTH) {
    throw invalid(`receipt may not be longer than ${RECEIPT_MAX_LENGTH} characters`, 'receipt');
  }
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
