import { addressOneLine } from '@pickles/shared/address';
import { formatPaise } from '@pickles/shared';
import { adminOrderPath, shopLink } from '@pickles/shared/shop-paths';
import type { EmailOrder } from '../db/orders.js';
import { escapeHtml } from './escape.js';
import type { RenderedEmail } from './shopper.js';

/** The owner's new-order alert: enough to start packing without opening the panel, and a link for when they do. */
export function renderOwnerAlert(order: EmailOrder, shopUrl: string): RenderedEmail {
  const subject = `New paid order ${order.orderNumber}: ${formatPaise(order.amountPaise)}`;
  const items = order.items.map((item) => `${item.name} (Qty: ${item.quantity})`).join(', ');
  const a = order.address;
  // The panel's search covers order ids (order numbers), not database ids.
  const adminUrl = shopLink(shopUrl, adminOrderPath(order.orderNumber));
  const text = [
    `A new order has been paid.`,
    '',
    `Order: ${order.orderNumber}`,
    `Payment: ${order.razorpayPaymentId ?? '-'}`,
    `Amount: ${formatPaise(order.amountPaise)}`,
    `Items: ${items}`,
    `Customer: ${order.customerName}, ${order.customerEmail}, +91 ${order.customerPhone}`,
    `Ship to: ${addressOneLine(a)}`,
    '',
    `Open it in the admin panel to move it along: ${adminUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#1f1f1f;font-size:16px;line-height:1.5">
<div style="max-width:640px;padding:16px 20px;overflow-wrap:anywhere">
<h1 style="font-size:20px;margin:0 0 12px">New paid order <span style="white-space:nowrap">${e(order.orderNumber)}</span></h1>
<p><strong>Amount:</strong> ${e(formatPaise(order.amountPaise))}<br><strong>Payment:</strong> ${e(order.razorpayPaymentId ?? '-')}<br><strong>Items:</strong> ${e(items)}</p>
<p><strong>Customer:</strong> ${e(order.customerName)}, ${e(order.customerEmail)}, +91 ${e(order.customerPhone)}<br>
<strong>Ship to:</strong> ${e(addressOneLine(a))}</p>
<p style="margin:24px 0"><a href="${e(adminUrl)}" style="display:inline-block;padding:10px 18px;background:#8b1e1e;color:#fff;text-decoration:none;border-radius:6px;font-weight:600">Open in the admin panel</a></p>
</div></body></html>`;
  return { subject, text, html };
}
