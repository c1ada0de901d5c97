import { formatIndiaDateTimeLong } from '@pickles/shared/india-time';
import { adminDeliveryProblemsPath, shopLink } from '@pickles/shared/shop-paths';
import type { WaitingBooking } from '@pickles/db';
import { adminOrderPageLink } from './owner-daily-summary.js';
import { escapeHtml } from './escape.js';
import type { RenderedEmail } from './shopper.js';

/**
 * The owner's alert: courier bookings not taken for half an hour (the courier's API down or
 * refusing). It says the shop keeps trying and never books twice, and what she can do meanwhile.
 */
export function renderOwnerCourierWaiting(bookings: WaitingBooking[], { shopUrl }: { shopUrl: string }): RenderedEmail {
  const count = bookings.length === 1 ? '1 booking is' : `${bookings.length} bookings are`;
  const subject = `${count} waiting for the courier`;
  const problemsUrl = shopLink(shopUrl, adminDeliveryProblemsPath);
  const explain =
    'The courier has not taken these for half an hour or more. The shop keeps trying each one and never books a parcel twice. To ship today with another courier, record the dispatch by hand on the order\'s page.';
  const line = (b: WaitingBooking) => `${b.orderNumber}  ${b.customerName}, ${b.city}  asked ${formatIndiaDateTimeLong(b.requestedAt)}, ${b.attempts} ${b.attempts === 1 ? 'try' : 'tries'}${b.lastError ? `: ${b.lastError}` : ''}`;
  const text = [`${count} waiting for the courier.`, '', explain, '', ...bookings.map((b) => `${line(b)}\n  ${adminOrderPageLink(shopUrl, b.orderId)}`), '', `Delivery problems: ${problemsUrl}`].join('\n');

  const e = escapeHtml;
  const cell = 'padding:10px 0;border-bottom:1px solid #e5e5e5;vertical-align:top';
  const rows = bookings
    .map(
      (b) => `<tr><td style="${cell}"><a href="${e(adminOrderPageLink(shopUrl, b.orderId))}" style="color:#8b1e1e;font-weight:600">${e(b.orderNumber)}</a> &middot; ${e(b.customerName)}, ${e(b.city)}<br>
<span style="font-size:14px;color:#555">Asked ${e(formatIndiaDateTimeLong(b.requestedAt))}, ${b.attempts} ${b.attempts === 1 ? 'try' : 'tries'}</span>${b.lastError ? `<br><span style="font-size:14px;color:#8b0000">${e(b.lastError)}</span>` : ''}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#1f1f1f;font-size:16px;line-height:1.5">
<div style="max-width:640px;padding:16px 20px;overflow-wrap:anywhere">
<h1 style="font-size:20px;margin:0 0 8px">${e(count)} waiting for the courier</h1>
<p style="margin:0 0 8px">${e(explain)}</p>
<table style="border-collapse:collapse;width:100%;font-size:16px"><tbody>${rows}</tbody></table>
<p style="margin:24px 0"><a href="${e(problemsUrl)}" style="display:inline-block;padding:10px 18px;background:#8b1e1e;color:#fff;text-decoration:none;border-radius:6px;font-weight:600">Open delivery problems</a></p>
</div></body></html>`;
  return { subject, text, html };
}
