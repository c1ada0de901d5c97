import { ATTENTION_TEXT, formatPaise, type AttentionKind } from '@pickles/shared';
import type { PaymentAttentionRow } from '@pickles/db';
import { escapeHtml } from './escape.js';
import type { RenderedEmail } from './order-confirmation.js';

/** The owner's e-mail about money that landed where it should not: what, how much, and what to do. */
export function renderOwnerAttention(item: PaymentAttentionRow): RenderedEmail {
  const what = ATTENTION_TEXT[item.kind as AttentionKind] ?? item.detail ?? item.kind;
  const order = item.order_number ?? 'an unknown order';
  const subject = `Payment needs attention: ${formatPaise(item.amount_paise)} on ${order}`;
  const facts: [string, string][] = [
    ['Order', order],
    ['Razorpay order', item.razorpay_order_id ?? '-'],
    ['Razorpay payment', item.razorpay_payment_id],
    ['Amount', formatPaise(item.amount_paise)],
    ...(item.expected_amount_paise !== null ? ([['Order amount', formatPaise(item.expected_amount_paise)]] as [string, string][]) : []),
  ];
  const text = [
    what,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'The shopper was not sent a confirmation for this payment. It stays listed under "Payments needing attention" in the admin panel until you mark it resolved.',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1f1f1f;max-width:640px">
<h1 style="font-size:18px;color:#8b0000">Payment needs attention</h1>
<p>${e(what)}</p>
<table style="border-collapse:collapse">${facts.map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${e(label)}</th><td>${e(value)}</td></tr>`).join('')}</table>
<p>The shopper was not sent a confirmation for this payment. It stays listed under "Payments needing attention" in the admin panel until you mark it resolved.</p></body></html>`;
  return { subject, text, html };
}
