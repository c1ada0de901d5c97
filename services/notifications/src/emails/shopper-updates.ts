import { formatPaise } from '@pickles/shared';
import { describePromise, promiseFromDispatch, UNKNOWN_ZONE } from '@pickles/shared/delivery-promise';
import type { EmailDispatch, EmailRefund } from '../db/after-payment.js';
import type { EmailOrder } from '../db/orders.js';
import {
  buttonHtml,
  claimsHtml,
  claimsRule,
  CLAIMS_HEADING,
  contactHtml,
  contactText,
  deliveryHtml,
  e,
  escapeKeepingRanges,
  factsHtml,
  itemsHtml,
  LINK_STYLE,
  REFUND_ARRIVAL,
  shopperHtml,
  SIGN_OFF,
  textLines,
  trackingLink,
  type RenderedEmail,
  type ShopContact,
} from './shopper.js';

/**
 * The e-mails a shopper gets after paying (order.changed): dispatched, delivered, cancelled,
 * refund started and refund completed. Each names the order in its subject, has an HTML and a plain
 * text part saying the same, and links to the order's signed tracking page.
 */

const STORAGE_HEADING = 'Keeping your pickles at their best';
const STORAGE_HINT =
  'Always use a clean, dry spoon and close the lid tightly after use. Keep the jar in a cool, dry place away from sunlight, with the pickle covered by its oil.';

const strong = (value: string) => `<strong style="white-space:nowrap">${e(value)}</strong>`;

/**
 * The parts every shopper update shares, around what is particular to it: `text` and `html` come
 * before the link to the order's tracking page, `textAfter` and `htmlAfter` (if any) after it.
 */
function compose(
  order: EmailOrder,
  shop: ShopContact,
  parts: { subject: string; heading: string; text: string[]; html: string; textAfter?: string[]; htmlAfter?: string; trackLabel?: string },
): RenderedEmail {
  const { subject, heading, text, html, textAfter = [], htmlAfter = '', trackLabel = 'See your order' } = parts;
  const track = trackingLink(shop, order);
  return {
    subject,
    text: textLines([`Namaste ${order.customerName},`, '', ...text, '', `${trackLabel}: ${track}`, '', ...textAfter, '', contactText(shop), '', ...SIGN_OFF]),
    html: shopperHtml(subject, heading, [`<p>Namaste ${e(order.customerName)},</p>`, html, buttonHtml(track, trackLabel), htmlAfter, contactHtml(shop)].filter(Boolean).join('\n')),
  };
}

export function renderDispatched(order: EmailOrder, dispatch: EmailDispatch, shop: ShopContact): RenderedEmail {
  const intro = `Good news: your order ${order.orderNumber} has left our kitchen and is on its way to you.`;
  const facts: [string, string][] = [
    ['Courier', dispatch.courierName],
    ['Tracking number (AWB)', dispatch.awb],
  ];
  const items = order.items.map((item) => `${item.name} x ${item.quantity}`);
  // The courier's part of the promise the order was given, counted from this dispatch's day.
  const delivery = describePromise(promiseFromDispatch(order.deliveryZone ?? UNKNOWN_ZONE, dispatch.dispatchedAt));
  return compose(order, shop, {
    subject: `Your Royal Pickles order ${order.orderNumber} is on its way`,
    heading: 'Your order is on its way',
    trackLabel: 'Track your order',
    text: [intro, '', delivery.sentence, delivery.detail, '', ...facts.map(([label, value]) => `${label}: ${value}`)],
    textAfter: [
      dispatch.trackingUrl ? `Track the parcel with ${dispatch.courierName}: ${dispatch.trackingUrl}` : '',
      '',
      'In this parcel:',
      ...items.map((item) => `  ${item}`),
      '',
      `${CLAIMS_HEADING}:`,
      claimsRule(shop.supportEmail),
    ],
    html: [
      `<p>Good news: your order ${strong(order.orderNumber)} has left our kitchen and is on its way to you.</p>`,
      deliveryHtml(delivery),
      factsHtml(facts.map(([label, value]) => [label, `<strong>${e(value)}</strong>`])),
    ].join('\n'),
    htmlAfter: [
      dispatch.trackingUrl ? `<p>Or follow the parcel on <a href="${e(dispatch.trackingUrl)}" style="${LINK_STYLE}">the courier's tracking page</a>.</p>` : '',
      `<h2 style="font-size:17px;margin:24px 0 8px">In this parcel</h2>`,
      itemsHtml(order.items),
      claimsHtml(shop),
    ]
      .filter(Boolean)
      .join('\n'),
  });
}

export function renderDelivered(order: EmailOrder, shop: ShopContact): RenderedEmail {
  return compose(order, shop, {
    subject: `Your Royal Pickles order ${order.orderNumber} has been delivered`,
    heading: 'Your order has been delivered',
    text: [
      `Your order ${order.orderNumber} has been delivered. We hope you enjoy every bite!`,
      '',
      `${CLAIMS_HEADING}:`,
      claimsRule(shop.supportEmail),
      '',
      `${STORAGE_HEADING}:`,
      STORAGE_HINT,
    ],
    html: [
      `<p>Your order ${strong(order.orderNumber)} has been delivered. We hope you enjoy every bite!</p>`,
      claimsHtml(shop),
      `<h2 style="font-size:17px;margin:24px 0 8px">${e(STORAGE_HEADING)}</h2>`,
      `<p>${e(STORAGE_HINT)}</p>`,
    ].join('\n'),
  });
}

/**
 * What the shopper hears about their money: refunded already, on its way, or still to be refunded
 * (the owner usually refunds right after cancelling; the refund's own e-mail follows).
 */
function cancelledRefundLines(order: EmailOrder, underwayPaise: number): string[] {
  if (!order.paidAt) return [];
  if (order.refundedPaise >= order.amountPaise) return [`Your payment of ${formatPaise(order.amountPaise)} has been refunded to the account you paid from.`];
  if (underwayPaise > 0) return [`We have started a refund of ${formatPaise(underwayPaise)}. ${REFUND_ARRIVAL}`, 'We will e-mail you again when the refund is processed.'];
  return [
    `As you had paid ${formatPaise(order.amountPaise)}, your money will be refunded to the account you paid from.`,
    'We will e-mail you as soon as the refund has started; it then reaches your account in 7-10 business days.',
  ];
}

export function renderCancelled(order: EmailOrder, underwayPaise: number, shop: ShopContact): RenderedEmail {
  const refund = cancelledRefundLines(order, underwayPaise);
  const closing = 'If you did not expect this, please get in touch and we will sort it out.';
  return compose(order, shop, {
    subject: `Your Royal Pickles order ${order.orderNumber} has been cancelled`,
    heading: 'Your order has been cancelled',
    text: [`Your order ${order.orderNumber} has been cancelled.`, '', ...refund, '', closing],
    html: [
      `<p>Your order ${strong(order.orderNumber)} has been cancelled.</p>`,
      refund.length ? `<p style="margin:20px 0;padding:12px 16px;background:#fdf0d5;border-radius:6px">${refund.map(escapeKeepingRanges).join(' ')}</p>` : '',
      `<p>${e(closing)}</p>`,
    ].join('\n'),
  });
}

function refundFacts(order: EmailOrder, refund: EmailRefund): [string, string][] {
  return [
    ['Amount', formatPaise(refund.amountPaise)],
    ['Order', order.orderNumber],
    ...(refund.razorpayRefundId ? ([['Refund reference', refund.razorpayRefundId]] as [string, string][]) : []),
  ];
}

/**
 * A refund e-mail: its opening sentence (given the amount and order number, plain or bold), the
 * refund's facts, then its closing paragraph.
 */
function refundEmail(
  order: EmailOrder,
  refund: EmailRefund,
  shop: ShopContact,
  wording: { subject: string; heading: string; opening: (amount: string, orderNumber: string) => string; closing: string[]; closingHtml: string },
): RenderedEmail {
  const amount = formatPaise(refund.amountPaise);
  const facts = refundFacts(order, refund);
  return compose(order, shop, {
    subject: wording.subject,
    heading: wording.heading,
    text: [wording.opening(amount, order.orderNumber), '', ...facts.map(([label, value]) => `${label}: ${value}`), '', ...wording.closing],
    html: [
      `<p>${wording.opening(strong(amount), strong(order.orderNumber))}</p>`,
      factsHtml(facts.map(([label, value]) => [label, e(value)])),
      `<p>${wording.closingHtml}</p>`,
    ].join('\n'),
  });
}

export function renderRefundStarted(order: EmailOrder, refund: EmailRefund, shop: ShopContact): RenderedEmail {
  const trace = 'If it has not arrived by then, your bank can trace it with the refund reference.';
  return refundEmail(order, refund, shop, {
    subject: `Refund of ${formatPaise(refund.amountPaise)} started for your Royal Pickles order ${order.orderNumber}`,
    heading: 'Your refund has started',
    opening: (amount, orderNumber) => `We have started a refund of ${amount} for your order ${orderNumber}.`,
    closing: [REFUND_ARRIVAL, ...(refund.razorpayRefundId ? [trace] : [])],
    closingHtml: `${escapeKeepingRanges(REFUND_ARRIVAL)}${refund.razorpayRefundId ? ` ${e(trace)}` : ''}`,
  });
}

export function renderRefundCompleted(order: EmailOrder, refund: EmailRefund, shop: ShopContact): RenderedEmail {
  const onItsWay = 'The money is on its way to the account you paid from. If you cannot find it in your statement, your bank can trace it with the refund reference.';
  return refundEmail(order, refund, shop, {
    subject: `Refund of ${formatPaise(refund.amountPaise)} processed for your Royal Pickles order ${order.orderNumber}`,
    heading: 'Your refund has been processed',
    opening: (amount, orderNumber) => `Your refund of ${amount} for order ${orderNumber} has been processed.`,
    closing: [onItsWay],
    closingHtml: e(onItsWay),
  });
}
