import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from './types.js';

/** Razorpay serialises empty notes as `[]`; the shop always sees an object. */
export function normaliseNotes(notes: unknown): Record<string, string> {
  if (typeof notes !== 'object' || notes === null || Array.isArray(notes)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(notes)) out[key] = typeof value === 'string' ? value : String(value);
  return out;
}

export function normaliseOrder(raw: unknown): RazorpayOrder {
  const order = raw as RazorpayOrder & { notes: unknown };
  return { ...order, receipt: order.receipt ?? null, notes: normaliseNotes(order.notes) };
}

export function normalisePayment(raw: unknown): RazorpayPayment {
  const payment = raw as RazorpayPayment & { notes: unknown };
  return { ...payment, notes: normaliseNotes(payment.notes) };
}

export function normaliseRefund(raw: unknown): RazorpayRefund {
  const refund = raw as RazorpayRefund & { notes?: unknown };
  return refund.notes === undefined ? refund : ({ ...refund, notes: normaliseNotes(refund.notes) } as RazorpayRefund);
}
