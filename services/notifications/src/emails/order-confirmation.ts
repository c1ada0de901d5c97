import { formatPaise } from '@pickles/shared';
import type { EmailOrder } from '../db/orders.js';
import { escapeHtml } from './escape.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function addressLine(order: EmailOrder): string {
  const a = order.address;
  return `${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`;
}

/** The customer's order confirmation: what was bought, what was paid, where it goes, what next. */
export function renderOrderConfirmation(order: EmailOrder, supportEmail: string): RenderedEmail {
  const subject = `Your Royal Pickles order ${order.orderNumber} is confirmed`;
  const lines = order.items.map((item) => `${item.name} x ${item.quantity} = ${formatPaise(item.lineTotalPaise)}`);
  const text = [
    `Namaste ${order.customerName},`,
    '',
    `Thank you for your order! We have received your payment and your order ${order.orderNumber} is confirmed.`,
    '',
    'Your order:',
    ...lines.map((line) => `  ${line}`),
    '',
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    `Shipping: ${formatPaise(order.shippingPaise)}`,
    `Total paid: ${formatPaise(order.amountPaise)}`,
    order.razorpayPaymentId ? `Payment reference: ${order.razorpayPaymentId}` : '',
    '',
    'Delivering to:',
    `  ${order.customerName}`,
    `  ${addressLine(order)}`,
    `  Phone: +91 ${order.customerPhone}`,
    '',
    'What happens next:',
    '  - We confirm your order within about 36 hours of payment.',
    '  - Your pickles are freshly prepared and packed in 7-10 days.',
    '  - Delivery takes 7-10 days after dispatch, anywhere in India.',
    '',
    `Questions? Write to us at ${supportEmail}; we reply within 1-2 business days.`,
    '',
    'With royal regards,',
    'Royal Pickles, Delhi, India',
  ]
    .filter((line, index, all) => !(line === '' && all[index - 1] === ''))
    .join('\n');

  const e = escapeHtml;
  const rows = order.items
    .map(
      (item) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #eee">${e(item.name)}</td><td style="padding:6px 8px;border-bottom:1px solid #eee;text-align:center">${item.quantity}</td><td style="padding:6px 8px;border-bottom:1px solid #eee;text-align:right">${e(formatPaise(item.lineTotalPaise))}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;background:#fdf6ec;font-family:Georgia,serif;color:#3b2416">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#fff">
<h1 style="color:#8b1e1e;font-size:22px">Your royal order is confirmed</h1>
<p>Namaste ${e(order.customerName)},</p>
<p>Thank you for your order! We have received your payment and your order <strong>${e(order.orderNumber)}</strong> is confirmed.</p>
<table style="width:100%;border-collapse:collapse;font-size:14px"><thead><tr><th style="text-align:left;padding:6px 8px">Item</th><th style="padding:6px 8px">Qty</th><th style="text-align:right;padding:6px 8px">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td colspan="2" style="padding:6px 8px">Subtotal</td><td style="padding:6px 8px;text-align:right">${e(formatPaise(order.subtotalPaise))}</td></tr>
<tr><td colspan="2" style="padding:6px 8px">Shipping</td><td style="padding:6px 8px;text-align:right">${e(formatPaise(order.shippingPaise))}</td></tr>
<tr><td colspan="2" style="padding:6px 8px"><strong>Total paid</strong></td><td style="padding:6px 8px;text-align:right"><strong>${e(formatPaise(order.amountPaise))}</strong></td></tr></tfoot></table>
${order.razorpayPaymentId ? `<p style="font-size:13px">Payment reference: ${e(order.razorpayPaymentId)}</p>` : ''}
<h2 style="font-size:16px">Delivering to</h2>
<p>${e(order.customerName)}<br>${e(addressLine(order))}<br>Phone: +91 ${e(order.customerPhone)}</p>
<h2 style="font-size:16px">What happens next</h2>
<ul><li>We confirm your order within about 36 hours of payment.</li><li>Your pickles are freshly prepared and packed in 7-10 days.</li><li>Delivery takes 7-10 days after dispatch, anywhere in India.</li></ul>
<p>Questions? Write to us at <a href="mailto:${e(supportEmail)}">${e(supportEmail)}</a>; we reply within 1-2 business days.</p>
<p>With royal regards,<br>Royal Pickles, Delhi, India</p>
</div></body></html>`;
  return { subject, text, html };
}
