import { addressOneLine } from '@pickles/shared/address';
import { formatPaise } from '@pickles/shared';
import { describePromise, promiseDelivery, UNKNOWN_ZONE } from '@pickles/shared/delivery-promise';
import { policyPath, shopLink } from '@pickles/shared/shop-paths';
import type { EmailOrder } from '../db/orders.js';
import { escapeHtml } from './escape.js';
import { buttonHtml, claimsHtml, claimsRule, CLAIMS_HEADING, contactHtml, contactText, deliveryHtml, escapeKeepingRanges, invoiceLink, LINK_STYLE, shopperHtml, SIGN_OFF, textLines, trackingLink, type RenderedEmail, type ShopContact } from './shopper.js';

export type { RenderedEmail, ShopContact } from './shopper.js';

function addressLine(order: EmailOrder): string {
  return addressOneLine(order.address);
}

const CONFIRMATION_STEP = 'We confirm your order within about 36 hours of payment.';

/** The checkout summary's words for a code's line, so the e-mail's sums read as the shopper saw them. */
const discountLabel = (code: string) => `Discount (${code})`;

/** The customer's order confirmation: what was bought, what was paid, where it goes, what next. */
export function renderOrderConfirmation(order: EmailOrder, shop: ShopContact): RenderedEmail {
  const subject = `Your Royal Pickles order ${order.orderNumber} is confirmed`;
  // The promise the checkout and the success page made, in their words (packages/shared/src/delivery-promise.ts).
  const delivery = describePromise(promiseDelivery(order.deliveryZone ?? UNKNOWN_ZONE, order.createdAt));
  const nextSteps = [CONFIRMATION_STEP, delivery.detail];
  const policies = [
    { label: 'Cancellation & Refunds', url: shopLink(shop.shopUrl, policyPath('refund-policy')) },
    { label: 'Shipping Policy', url: shopLink(shop.shopUrl, policyPath('shipping-policy')) },
  ];
  const lines = order.items.map((item) => `${item.name} x ${item.quantity} = ${formatPaise(item.lineTotalPaise)}`);
  const track = trackingLink(shop, order);
  const invoice = order.invoiceNumber ? { number: order.invoiceNumber, url: invoiceLink(shop, order) } : null;
  const text = textLines([
    `Namaste ${order.customerName},`,
    '',
    `Thank you for your order! We have received your payment and your order ${order.orderNumber} is confirmed.`,
    '',
    delivery.sentence,
    `Track your order: ${track}`,
    '',
    'Your order:',
    ...lines.map((line) => `  ${line}`),
    '',
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    `Shipping: ${formatPaise(order.shippingPaise)}`,
    order.discount ? `${discountLabel(order.discount.code)}: -${formatPaise(order.discount.paise)}` : '',
    `Total paid: ${formatPaise(order.amountPaise)}`,
    order.razorpayPaymentId ? `Payment reference: ${order.razorpayPaymentId}` : '',
    invoice ? `Download your GST tax invoice (${invoice.number}): ${invoice.url}` : '',
    '',
    'Delivering to:',
    `  ${order.customerName}`,
    `  ${addressLine(order)}`,
    `  Phone: +91 ${order.customerPhone}`,
    '',
    'What happens next:',
    ...nextSteps.map((step) => `  - ${step}`),
    '',
    `${CLAIMS_HEADING}:`,
    claimsRule(shop.supportEmail),
    '',
    ...policies.map(({ label, url }) => `${label}: ${url}`),
    '',
    contactText(shop),
    '',
    ...SIGN_OFF,
  ]);

  const e = escapeHtml;
  // The table's outer columns line up with the paragraphs around it.
  const first = 'padding:8px 6px 8px 0;text-align:left';
  const middle = 'padding:8px 6px;text-align:center';
  const last = 'padding:8px 0 8px 6px;text-align:right;white-space:nowrap';
  const line = 'border-bottom:1px solid #eee';
  const rows = order.items
    .map((item) => `<tr><td style="${first};${line}">${e(item.name)}</td><td style="${middle};${line}">${item.quantity}</td><td style="${last};${line}">${e(formatPaise(item.lineTotalPaise))}</td></tr>`)
    .join('');
  const total = (label: string, amount: string, strong = false) => {
    const wrap = (value: string) => (strong ? `<strong>${value}</strong>` : value);
    return `<tr><td colspan="2" style="${first}">${wrap(e(label))}</td><td style="${last}">${wrap(e(amount))}</td></tr>`;
  };
  const discountRow = order.discount ? total(discountLabel(order.discount.code), `-${formatPaise(order.discount.paise)}`) : '';
  const link = LINK_STYLE;
  const html = shopperHtml(subject, 'Your royal order is confirmed', `<p>Namaste ${e(order.customerName)},</p>
<p>Thank you for your order! We have received your payment and your order <strong>${e(order.orderNumber)}</strong> is confirmed.</p>
${deliveryHtml(delivery)}
${buttonHtml(track, 'Track your order')}
<table style="width:100%;border-collapse:collapse;font-size:15px"><thead><tr><th style="${first}">Item</th><th style="${middle}">Qty</th><th style="${last}">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot>${total('Subtotal', formatPaise(order.subtotalPaise))}${total('Shipping', formatPaise(order.shippingPaise))}${discountRow}${total('Total paid', formatPaise(order.amountPaise), true)}</tfoot></table>
${order.razorpayPaymentId ? `<p style="font-size:14px;overflow-wrap:anywhere">Payment reference: ${e(order.razorpayPaymentId)}</p>` : ''}
${invoice ? `<p style="font-size:14px"><a href="${e(invoice.url)}" style="${link}">Download your GST tax invoice</a> <span style="white-space:nowrap">(${e(invoice.number)})</span></p>` : ''}
<h2 style="font-size:17px;margin:24px 0 8px">Delivering to</h2>
<p style="margin:0;overflow-wrap:anywhere">${e(order.customerName)}<br>${e(addressLine(order))}<br>Phone: +91 ${e(order.customerPhone)}</p>
<h2 style="font-size:17px;margin:24px 0 8px">What happens next</h2>
<ul style="margin:0;padding-left:20px">${nextSteps.map((step) => `<li>${escapeKeepingRanges(step)}</li>`).join('')}</ul>
${claimsHtml(shop)}
<p>Our policies: ${policies.map(({ label, url }) => `<a href="${e(url)}" style="${link};white-space:nowrap">${e(label)}</a>`).join(' &middot; ')}</p>
${contactHtml(shop)}`);
  return { subject, text, html };
}
