import { trackingToken } from '@pickles/service-kit';
import { invoicePath, shopLink, trackPath } from '@pickles/shared/shop-paths';
import type { PromiseWords } from '@pickles/shared/delivery-promise';
import { escapeHtml } from './escape.js';

/** What every e-mail renderer returns: the subject and both parts. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** How shoppers reach the shop and their order (env: SUPPORT_EMAIL, SUPPORT_PHONE, SHOP_URL, TRACKING_LINK_SECRET). */
export interface ShopContact {
  supportEmail: string;
  supportPhone: string;
  shopUrl: string;
  /** Signs the tracking links (decision 010); checkout checks them with the same secret. */
  trackingLinkSecret: string;
}

/** What a signed link names: the order and the version of its links (a revoked version opens nothing). */
export interface LinkedOrder {
  orderNumber: string;
  trackingLinkVersion: number;
}

/** The order's tracking page, signed so it opens without the phone or e-mail (/track?order=…&t=…). */
export function trackingLink(shop: ShopContact, order: LinkedOrder): string {
  return shopLink(shop.shopUrl, trackPath(order.orderNumber, trackingToken(shop.trackingLinkSecret, order.orderNumber, order.trackingLinkVersion)));
}

/**
 * The order's GST tax invoice as a PDF (checkout's GET /api/track/invoice), signed like the tracking
 * link: a shopper downloads it without signing in. The route lives on the API, not the SPA, so it is
 * not one of shop-paths' pages.
 */
export function invoiceLink(shop: ShopContact, order: LinkedOrder): string {
  const token = trackingToken(shop.trackingLinkSecret, order.orderNumber, order.trackingLinkVersion);
  return shopLink(shop.shopUrl, invoicePath(order.orderNumber, token));
}

export const e = escapeHtml;

/** Escaped, with ranges like "7-10" kept on one line: a phone screen must not split them at the dash. */
export const escapeKeepingRanges = (value: string) => escapeHtml(value).replace(/\d+-\d+/g, (range) => `<span style="white-space:nowrap">${range}</span>`);

/** A tel: link dials digits only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

/** The refund policy's rule, which shoppers only learn too late if the e-mail does not say it. */
export const CLAIMS_HEADING = 'Please film your unboxing';
export const claimsRule = (supportEmail: string) =>
  `Record a video while you open the package. If anything is damaged, wrong or missing, send us that unboxing video with your order ID within 24 hours of delivery, at ${supportEmail}. Claims without an unboxing video, or made more than 24 hours after delivery, cannot be accepted.`;

/** Policy figure (docs/product.md §9): how long a refund takes to reach the shopper's account. */
export const REFUND_ARRIVAL = 'It reaches the account you paid from in 7-10 business days.';

export const SIGN_OFF = ['With royal regards,', 'Royal Pickles, Delhi, India'];

export const contactText = (shop: ShopContact) => `Questions? Write to us at ${shop.supportEmail} or call ${shop.supportPhone}; we reply within 1-2 business days.`;

export const LINK_STYLE = 'color:#8b1e1e';

/**
 * The delivery promise (packages/shared/src/delivery-promise.ts) in a box, in the words every other
 * place uses: "Expected delivery: between 7 Dec and 12 Dec 2026" and how that is made up. A date never
 * breaks across lines.
 */
export function deliveryHtml(promise: PromiseWords): string {
  const dates = escapeHtml(promise.dates).replace(/\d{1,2} [A-Z][a-z]{2}(?: \d{4})?/g, (day) => `<span style="white-space:nowrap">${day}</span>`);
  return `<p style="margin:20px 0;padding:12px 16px;background:#fdf0d5;border-radius:6px">Expected delivery:<br><strong style="font-size:18px">${dates}</strong><br><span style="font-size:14px">${escapeKeepingRanges(promise.detail)}</span></p>`;
}

export const contactHtml = (shop: ShopContact) =>
  `<p>Questions? Write to us at <a href="mailto:${e(shop.supportEmail)}" style="${LINK_STYLE}">${e(shop.supportEmail)}</a> or call <a href="${e(telHref(shop.supportPhone))}" style="${LINK_STYLE};white-space:nowrap">${e(shop.supportPhone)}</a>; we reply within ${escapeKeepingRanges('1-2')} business days.</p>`;

/** A link that looks like a button and stays a plain link in clients that drop the styles. */
export const buttonHtml = (url: string, label: string) =>
  `<p style="margin:20px 0"><a href="${e(url)}" style="display:inline-block;padding:12px 20px;background:#8b1e1e;color:#ffffff;text-decoration:none;border-radius:6px;font-family:system-ui,sans-serif;font-weight:600">${e(label)}</a></p>`;

/** The unboxing rule as a highlighted box. */
export const claimsHtml = (shop: ShopContact) => `<div style="margin:24px 0;padding:12px 16px;border-left:4px solid #8b1e1e;background:#fbeaea">
<h2 style="font-size:17px;margin:0 0 6px;color:#8b1e1e">${e(CLAIMS_HEADING)}</h2>
<p style="margin:0">${e(claimsRule(shop.supportEmail))}</p>
</div>`;

/** A label and value per row, e.g. courier and AWB; values may be long, so they wrap anywhere. */
export function factsHtml(facts: [label: string, valueHtml: string][]): string {
  const rows = facts
    .map(([label, value]) => `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;white-space:nowrap;font-weight:normal;color:#6b4a36">${e(label)}</th><td style="padding:4px 0;overflow-wrap:anywhere;word-break:break-word">${value}</td></tr>`)
    .join('');
  return `<table style="border-collapse:collapse;margin:16px 0;font-size:16px">${rows}</table>`;
}

/** The items of an order, one per line. */
export function itemsHtml(items: { name: string; quantity: number }[]): string {
  return `<ul style="margin:0;padding-left:20px">${items.map((item) => `<li>${e(item.name)} &times; ${item.quantity}</li>`).join('')}</ul>`;
}

/** The page every shopper e-mail shares: a narrow white card that fills a phone's width. */
export function shopperHtml(subject: string, heading: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;background:#fdf6ec;font-family:Georgia,serif;color:#3b2416;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px 20px;background:#fff">
<h1 style="color:#8b1e1e;font-size:22px;line-height:1.3;margin:0 0 16px">${e(heading)}</h1>
${body}
<p style="margin-bottom:0">${SIGN_OFF.map(e).join('<br>')}</p>
</div></body></html>`;
}

/** Joins text lines, never two blank lines in a row. */
export function textLines(lines: string[]): string {
  return lines.filter((line, index, all) => !(line === '' && all[index - 1] === '')).join('\n');
}
