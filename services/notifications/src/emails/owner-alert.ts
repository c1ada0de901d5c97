import { formatPaise } from '@pickles/shared';
import type { EmailOrder } from '../db/orders.js';
import { escapeHtml } from './escape.js';
import type { RenderedEmail } from './order-confirmation.js';

/** The owner's new-order alert: enough to start packing without opening the panel. */
export function renderOwnerAlert(order: EmailOrder): RenderedEmail {
  const subject = `New paid order ${order.orderNumber}: ${formatPaise(order.amountPaise)}`;
  const items = order.items.map((item) => `${item.name} (Qty: ${item.quantity})`).join(', ');
  const a = order.address;
  const text = [
    `A new order has been paid.`,
    '',
    `Order: ${order.orderNumber}`,
    `Payment: ${order.razorpayPaymentId ?? '-'}`,
    `Amount: ${formatPaise(order.amountPaise)}`,
    `Items: ${items}`,
    `Customer: ${order.customerName}, ${order.customerEmail}, +91 ${order.customerPhone}`,
    `Ship to: ${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`,
    '',
    'Open the admin panel to move it along.',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head><body style="font-family:system-ui,sans-serif">
<h1 style="font-size:18px">New paid order ${e(order.orderNumber)}</h1>
<p><strong>Amount:</strong> ${e(formatPaise(order.amountPaise))}<br><strong>Payment:</strong> ${e(order.razorpayPaymentId ?? '-')}<br><strong>Items:</strong> ${e(items)}</p>
<p><strong>Customer:</strong> ${e(order.customerName)}, ${e(order.customerEmail)}, +91 ${e(order.customerPhone)}<br>
<strong>Ship to:</strong> ${e(`${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`)}</p>
<p>Open the admin panel to move it along.</p></body></html>`;
  return { subject, text, html };
}
