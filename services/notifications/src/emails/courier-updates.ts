import { formatIndiaDayShort, indiaDayOf } from '@pickles/shared';
import type { EmailCourierEvent } from '../db/courier-events.js';
import type { EmailOrder } from '../db/orders.js';
import { buttonHtml, contactHtml, contactText, e, factsHtml, shopperHtml, SIGN_OFF, telHref, textLines, trackingLink, LINK_STYLE, type RenderedEmail, type ShopContact } from './shopper.js';

/**
 * The e-mails that follow the courier's events (decision 025): out for delivery, and a failed
 * delivery attempt with what the shopper can do about it. Each names the order in its subject and
 * links to the order's tracking page, like the other shopper updates.
 */

const strong = (value: string) => `<strong style="white-space:nowrap">${e(value)}</strong>`;

function facts(event: EmailCourierEvent): [string, string][] {
  return [...(event.courierName ? ([['Courier', event.courierName]] as [string, string][]) : []), ['Tracking number (AWB)', event.awb]];
}

export function renderOutForDelivery(order: EmailOrder, event: EmailCourierEvent, shop: ShopContact): RenderedEmail {
  const subject = `Your Royal Pickles order ${order.orderNumber} is out for delivery`;
  const track = trackingLink(shop, order);
  const intro = `Your order ${order.orderNumber} is out for delivery today. Please keep your phone at hand: the delivery agent may call before arriving.`;
  return {
    subject,
    text: textLines([`Namaste ${order.customerName},`, '', intro, '', ...facts(event).map(([label, value]) => `${label}: ${value}`), '', `Track your order: ${track}`, '', contactText(shop), '', ...SIGN_OFF]),
    html: shopperHtml(
      subject,
      'Your order is out for delivery',
      [
        `<p>Namaste ${e(order.customerName)},</p>`,
        `<p>Your order ${strong(order.orderNumber)} is out for delivery today. Please keep your phone at hand: the delivery agent may call before arriving.</p>`,
        factsHtml(facts(event).map(([label, value]) => [label, `<strong>${e(value)}</strong>`])),
        buttonHtml(track, 'Track your order'),
        contactHtml(shop),
      ].join('\n'),
    ),
  };
}

/** What the shopper can do after a failed attempt; the owner has 24 hours to answer the courier. */
function whatToDo(shop: ShopContact): string[] {
  return [
    'The courier will try again. To make sure the next attempt succeeds:',
    '- keep your phone switched on and reachable, and someone at the address to receive the parcel;',
    `- if your phone number or address needs correcting, or you want delivery on another day, call us at ${shop.supportPhone} or write to ${shop.supportEmail} within 24 hours.`,
    'After repeated failed attempts the courier returns the parcel to us.',
  ];
}

export function renderDeliveryFailed(order: EmailOrder, event: EmailCourierEvent, shop: ShopContact): RenderedEmail {
  const subject = `We could not deliver your Royal Pickles order ${order.orderNumber}`;
  const track = trackingLink(shop, order);
  const reason = event.reason ?? 'the courier did not say why';
  const day = formatIndiaDayShort(indiaDayOf(event.occurredAt), true);
  const intro = `The courier tried to deliver your order ${order.orderNumber} on ${day} but could not: ${reason}.`;
  const [lead, keep, correct, returned] = whatToDo(shop);
  return {
    subject,
    text: textLines([`Namaste ${order.customerName},`, '', intro, '', lead!, keep!, correct!, returned!, '', ...facts(event).map(([label, value]) => `${label}: ${value}`), '', `Track your order: ${track}`, '', contactText(shop), '', ...SIGN_OFF]),
    html: shopperHtml(
      subject,
      'We could not deliver your order',
      [
        `<p>Namaste ${e(order.customerName)},</p>`,
        `<p>The courier tried to deliver your order ${strong(order.orderNumber)} on ${strong(day)} but could not: <strong>${e(reason)}.</strong></p>`,
        `<div style="margin:20px 0;padding:12px 16px;background:#fdf0d5;border-radius:6px">`,
        `<p style="margin:0 0 8px">${e(lead!)}</p>`,
        `<ul style="margin:0;padding-left:20px">`,
        `<li>keep your phone switched on and reachable, and someone at the address to receive the parcel;</li>`,
        `<li>if your phone number or address needs correcting, or you want delivery on another day, call us at <a href="${e(telHref(shop.supportPhone))}" style="${LINK_STYLE};white-space:nowrap">${e(shop.supportPhone)}</a> or write to <a href="mailto:${e(shop.supportEmail)}" style="${LINK_STYLE}">${e(shop.supportEmail)}</a> within 24 hours.</li>`,
        `</ul>`,
        `<p style="margin:8px 0 0">${e(returned!)}</p>`,
        `</div>`,
        factsHtml(facts(event).map(([label, value]) => [label, `<strong>${e(value)}</strong>`])),
        buttonHtml(track, 'Track your order'),
        contactHtml(shop),
      ].join('\n'),
    ),
  };
}
