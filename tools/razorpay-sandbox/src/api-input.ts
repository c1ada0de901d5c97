import type { Request } from 'express';
import { badRequest } from './api-errors.js';
import type { Notes } from './types.js';

/** Input checks the /v1 routes share, with Razorpay's error texts (protocol §1). */

export function rejectExtraFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length > 0) {
    throw badRequest(`${extra.join(', ')} is/are not required and should not be sent`, { reason: 'extra_field_sent', field: extra[0] ?? null });
  }
}

export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function integerAmount(value: unknown, field = 'amount'): number {
  if (value === undefined || value === null || value === '') throw badRequest(`${field}: is required.`, { field });
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest(`The ${field} must be an integer.`, { field });
  return amount;
}

/** Required, three capital letters. */
export function currencyOf(value: unknown): string {
  if (value === undefined || value === null || value === '') throw badRequest('currency: is required.', { field: 'currency' });
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) throw badRequest('The selected currency is invalid.', { field: 'currency' });
  return value;
}

export function validateNotes(value: unknown): Notes {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    throw badRequest('The notes must be an object of key-value pairs.', { field: 'notes' });
  }
  if (typeof value !== 'object') throw badRequest('The notes must be an object of key-value pairs.', { field: 'notes' });
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15) throw badRequest('The notes may not have more than 15 items.', { field: 'notes' });
  const notes: Record<string, string> = {};
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      throw badRequest(`The notes.${key} must be a string.`, { field: 'notes' });
    }
    const text = String(raw);
    if (text.length > 256) throw badRequest(`The notes.${key} may not be greater than 256 characters.`, { field: 'notes' });
    notes[key] = text;
  }
  return entries.length === 0 ? [] : notes;
}

function intParam(value: unknown, fallback: number, field: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw badRequest(`The ${field} must be an integer.`, { field });
  return n;
}

/**
 * The paging every list takes (`count` ≤ 100, default 10; `skip`; `from`/`to` in Unix seconds on
 * created_at), applied to items kept oldest first: the answer is newest first.
 */
export function listPage<T extends { created_at: number }>(items: Iterable<T>, query: Request['query']): T[] {
  const count = Math.min(intParam(query.count, 10, 'count'), 100);
  const skip = intParam(query.skip, 0, 'skip');
  const from = intParam(query.from, 0, 'from');
  const to = intParam(query.to, Number.MAX_SAFE_INTEGER, 'to');
  return [...items]
    .filter((item) => item.created_at >= from && item.created_at <= to)
    .reverse()
    .slice(skip, skip + count);
}
