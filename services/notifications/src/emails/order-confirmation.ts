import { formatPaise } from '@pickles/shared';
import { policyPath, shopLink } from '@pickles/shared/shop-paths';
import type { EmailOrder } from '../db/orders.js';
import { expectedDelivery } from './delivery-window.js';
import { escapeHtml } from './escape.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** How shoppers reach the shop (env: SUPPORT_EMAIL, SUPPORT_PHONE, SHOP_URL). */
export interface ShopContact {
  supportEmail: string;
  supportPhone: string;
  shopUrl: string;
}

function addressLine(order: EmailOrder): string {
  const a = order.address;
  return `${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`;
}

/** Escaped, with ranges like "7-10" kept on one line: a phone screen must not split them at the dash. */
const escapeKeepingRanges = (value: string) => escapeHtml(value).replace(/\d+-\d+/g, (range) => `<span style="white-space:nowrap">${range}</span>`);

/** A tel: link dials digits only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

const NEXT_STEPS = [
  'We confirm your order within about 36 hours of payment.',
  'Your pickles are freshly prepared and packed in 7-10 days.',
  'Delivery takes 7-10 days after dispatch, anywhere in India.',
];

/** The refund policy's rule, which shoppers only learn too late if the e-mail does not say it. */
const CLAIMS_HEADING = 'Please film your unboxing';
const claimsRule = (supportEmail: string) =>
  `Record a video while you open the package. If anything is damaged, wrong or missing, send us that unboxing video with your order ID within 24 hours of delivery, at ${supportEmail}. Claims without an unboxing video, or made more than 24 hours after delivery, cannot be accepted.`;

/** The customer's order confirmation: what was bought, what was paid, where it goes, what next. */
export function renderOrderConfirmation(order: EmailOrder, shop: ShopContact): RenderedEmail {
  const subject = `Your Royal Pickles order ${order.orderNumber} is confirmed`;
  // A verified payment always has paid_at; the send time is the same day should it ever be missing.
  const delivery = expectedDelivery(order.paidAt ?? new Date());
  const policies = [
    { label: 'Cancellation & Refunds', url: shopLink(shop.shopUrl, policyPath('refund-policy')) },
    { label: 'Shipping Policy', url: shopLink(shop.shopUrl, policyPath('shipping-policy')) },
  ];
  const lines = order.items.map((item) => `${item.name} x ${item.quantity} = ${formatPaise(item.lineTotalPaise)}`);
  const text = [
    `Namaste ${order.customerName},`,
    '',
    `Thank you for your order! We have received your payment and your order ${order.orderNumber} is confirmed.`,
    '',
    `Expected delivery: ${delivery.text}`,
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
    ...NEXT_STEPS.map((step) => `  - ${step}`),
    '',
    `${CLAIMS_HEADING}:`,
    claimsRule(shop.supportEmail),
    '',
    ...policies.map(({ label, url }) => `${label}: ${url}`),
    '',
    `Questions? Write to us at ${shop.supportEmail} or call ${shop.supportPhone}; we reply within 1-2 business days.`,
    '',
    'With royal regards,',
    'Royal Pickles, Delhi, India',
  ]
    .filter((line, index, all) => !(line === '' && all[index - 1] === ''))
    .join('\n');

  const e = escapeHtml;
  // The table's outer columns line up with the paragraphs around it.
  const first = 'padding:8px 6px 8px 0;text-align:left';
  const middle = 'padding:8px 6px;text-align:center';
  const last = 'padding:8px 0 8px 6px;text-align:right;white-space:nowrap';
  const line = 'border-bottom:1px solid #eee';
  const rows = order.items
    .map((item) => `<tr><td style="${first};${line}">${e(item.name)}</td><td style="${middle};${line}">${item.quantity}</td><td style="${last};${line}">${e(formatPaise(item.lineTotalPaise))}</td></tr>`)
    .join('');
  const total = (label: string, paise: number, strong = false) => {
    const wrap = (value: string) => (strong ? `<strong>${value}</strong>` : value);
    return `<tr><td colspan="2" style="${first}">${wrap(label)}</td><td style="${last}">${wrap(e(formatPaise(paise)))}</td></tr>`;
  };
  const link = 'color:#8b1e1e';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;background:#fdf6ec;font-family:Georgia,serif;color:#3b2416;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px 20px;background:#fff">
<h1 style="color:#8b1e1e;font-size:22px;line-height:1.3;margin:0 0 16px">Your royal order is confirmed</h1>
<p>Namaste ${e(order.customerName)},</p>
<p>Thank you for your order! We have received your payment and your order <strong>${e(order.orderNumber)}</strong> is confirmed.</p>
<p style="margin:20px 0;padding:12px 16px;background:#fdf0d5;border-radius:6px">Expected delivery<br><strong style="font-size:18px">between <span style="white-space:nowrap">${e(delivery.from)}</span> and <span style="white-space:nowrap">${e(delivery.to)}</span></strong></p>
<table style="width:100%;border-collapse:collapse;font-size:15px"><thead><tr><th style="${first}">Item</th><th style="${middle}">Qty</th><th style="${last}">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot>${total('Subtotal', order.subtotalPaise)}${total('Shipping', order.shippingPaise)}${total('Total paid', order.amountPaise, true)}</tfoot></table>
${order.razorpayPaymentId ? `<p style="font-size:14px;overflow-wrap:anywhere">Payment reference: ${e(order.razorpayPaymentId)}</p>` : ''}
<h2 style="font-size:17px;margin:24px 0 8px">Delivering to</h2>
<p style="margin:0;overflow-wrap:anywhere">${e(order.customerName)}<br>${e(addressLine(order))}<br>Phone: +91 ${e(order.customerPhone)}</p>
<h2 style="font-size:17px;margin:24px 0 8px">What happens next</h2>
<ul style="margin:0;padding-left:20px">${NEXT_STEPS.map((step) => `<li>${escapeKeepingRanges(step)}</li>`).join('')}</ul>
<div style="margin:24px 0;padding:12px 16px;border-left:4px solid #8b1e1e;background:#fbeaea">
<h2 style="font-size:17px;margin:0 0 6px;color:#8b1e1e">${e(CLAIMS_HEADING)}</h2>
<p style="margin:0">${e(claimsRule(shop.supportEmail))}</p>
</div>
<p>Our policies: ${policies.map(({ label, url }) => `<a href="${e(url)}" style="${link};white-space:nowrap">${e(label)}</a>`).join(' &middot; ')}</p>
<p>Questions? Write to us at <a href="mailto:${e(shop.supportEmail)}" style="${link}">${e(shop.supportEmail)}</a> or call <a href="${e(telHref(shop.supportPhone))}" style="${link};white-space:nowrap">${e(shop.supportPhone)}</a>; we reply within ${escapeKeepingRanges('1-2')} business days.</p>
<p style="margin-bottom:0">With royal regards,<br>Royal Pickles, Delhi, India</p>
</div></body></html>`;
  return { subject, text, html };
}
