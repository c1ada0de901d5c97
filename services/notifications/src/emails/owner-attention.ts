import { ATTENTION_TEXT, formatPaise, type AttentionKind } from '@pickles/shared';
import { ADMIN_PATH, adminOrderPath, shopLink } from '@pickles/shared/shop-paths';
import type { PaymentAttentionRow } from '@pickles/db';
import { escapeHtml } from './escape.js';
import type { RenderedEmail } from './shopper.js';

/** The owner's e-mail about money that landed where it should not: what, how much, and what to do. */
export function renderOwnerAttention(item: PaymentAttentionRow, shopUrl: string): RenderedEmail {
  const what = ATTENTION_TEXT[item.kind as AttentionKind] ?? item.detail ?? item.kind;
  const order = item.order_number ?? 'an unknown order';
  const subject = `Payment needs attention: ${formatPaise(item.amount_paise)} on ${order}`;
  // The order when there is one; otherwise the panel, which lists every payment needing attention.
  const adminUrl = shopLink(shopUrl, item.order_number ? adminOrderPath(item.order_number) : ADMIN_PATH);
  const facts: [string, string][] = [
    ['Order', order],
    ['Razorpay order', item.razorpay_order_id ?? '-'],
    ['Razorpay payment', item.razorpay_payment_id],
    ['Amount', formatPaise(item.amount_paise)],
    ...(item.expected_amount_paise !== null ? ([['Order amount', formatPaise(item.expected_amount_paise)]] as [string, string][]) : []),
  ];
  const listed = 'The shopper was not sent a confirmation for this payment. It stays listed under "Payments needing attention" in the admin panel until you mark it resolved.';
  const text = [what, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', listed, '', `Admin panel: ${adminUrl}`].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#1f1f1f;font-size:16px;line-height:1.5">
<div style="max-width:640px;padding:16px 20px">
<h1 style="font-size:20px;margin:0 0 12px;color:#8b0000">Payment needs attention</h1>
<p>${e(what)}</p>
<table style="border-collapse:collapse;overflow-wrap:anywhere;font-size:15px">${facts.map(([label, value]) => `<tr><th style="text-align:left;vertical-align:top;padding:2px 12px 2px 0;white-space:nowrap">${e(label)}</th><td>${e(value)}</td></tr>`).join('')}</table>
<p>${e(listed)}</p>
<p style="margin:24px 0"><a href="${e(adminUrl)}" style="display:inline-block;padding:10px 18px;background:#8b0000;color:#fff;text-decoration:none;border-radius:6px;font-weight:600">${item.order_number ? 'Open in the admin panel' : 'Open the admin panel'}</a></p>
</div></body></html>`;
  return { subject, text, html };
}
