import type { RazorpayOrder, RazorpayPayment, RazorpayPaymentLink, RazorpayPaymentLinkPayment, RazorpayRefund } from './types.js';

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

/** `payments: null` (nothing paid yet) becomes [], a missing `order_id` null, a missing reference ''. */
export function normalisePaymentLink(raw: unknown): RazorpayPaymentLink {
  const link = raw as RazorpayPaymentLink & { notes: unknown; payments: unknown; order_id?: unknown; reference_id?: unknown };
  return {
    ...link,
    reference_id: typeof link.reference_id === 'string' ? link.reference_id : '',
    order_id: typeof link.order_id === 'string' && link.order_id !== '' ? link.order_id : null,
    payments: Array.isArray(link.payments) ? (link.payments as RazorpayPaymentLinkPayment[]) : [],
    notes: normaliseNotes(link.notes),
  };
}
