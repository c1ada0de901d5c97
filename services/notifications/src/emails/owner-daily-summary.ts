import { formatPaise } from '@pickles/shared';
import { adminComplaintsPath, shopLink } from '@pickles/shared/shop-paths';
import type { WaitingOrder } from '../db/waiting-orders.js';
import { escapeHtml } from './escape.js';
import type { RenderedEmail } from './shopper.js';

/** The admin's page of one order (web: /admin/orders/:id, decision 010). */
export const adminOrderPageLink = (shopUrl: string, orderId: string) => shopLink(shopUrl, `/admin/orders/${encodeURIComponent(orderId)}`);

/** Preparing takes 7-10 days (policy figures): an order waiting longer is late, and shown so. */
const LATE_AFTER_DAYS = 10;

/**
 * The owner's morning list of paid orders still without a dispatch record, oldest first: how long
 * each has waited, what it is worth, where it goes, and a link to its page in the admin.
 */
export function renderOwnerDailySummary(
  { orders, total, complaints }: { orders: (WaitingOrder & { paidOn: string; daysWaiting: number })[]; total: number; complaints?: { open: number; late: number } },
  { day, shopUrl }: { day: string; shopUrl: string },
): RenderedEmail {
  const counted = `${total} paid ${total === 1 ? 'order is' : 'orders are'} waiting to be dispatched`;
  const subject = `${total} paid ${total === 1 ? 'order' : 'orders'} to dispatch (${day})`;
  const ago = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`);
  const more = total > orders.length ? `... and ${total - orders.length} more; the admin panel has them all.` : '';
  const adminUrl = shopLink(shopUrl, '/admin');
  // Open complaints ride along: their deadlines (48 hours, one month) are the law's, not the shop's.
  const complaintsUrl = shopLink(shopUrl, adminComplaintsPath);
  const openComplaints = complaints?.open
    ? `${complaints.open} open ${complaints.open === 1 ? 'complaint' : 'complaints'}${complaints.late ? `, ${complaints.late} past a deadline` : ''}.`
    : '';
  const text = [
    `Good morning! ${counted}, oldest first:`,
    '',
    ...orders.map((o) => `${o.orderNumber}  ${formatPaise(o.amountPaise)}  paid ${o.paidOn}, ${ago(o.daysWaiting)}  ${o.city}\n  ${adminOrderPageLink(shopUrl, o.id)}`),
    ...(more ? ['', more] : []),
    '',
    'Record each dispatch on its order page; the shopper is e-mailed the courier and tracking number.',
    `Admin panel: ${adminUrl}`,
    ...(openComplaints ? ['', `${openComplaints} Complaints: ${complaintsUrl}`] : []),
  ].join('\n');

  const e = escapeHtml;
  // One row per order, two lines in it, so a phone shows everything without scrolling sideways.
  const cell = 'padding:10px 0;border-bottom:1px solid #e5e5e5;vertical-align:top';
  const rows = orders
    .map((o) => {
      const late = o.daysWaiting > LATE_AFTER_DAYS;
      return `<tr>
<td style="${cell}"><a href="${e(adminOrderPageLink(shopUrl, o.id))}" style="color:#8b1e1e;font-weight:600">${e(o.orderNumber)}</a><br>
<span style="font-size:14px;color:#555">Paid ${e(o.paidOn)}, <span style="white-space:nowrap${late ? ';color:#8b0000;font-weight:600' : ''}">${e(ago(o.daysWaiting))}</span> &middot; ${e(o.city)}</span></td>
<td style="${cell};padding-left:12px;text-align:right;white-space:nowrap;font-weight:600">${e(formatPaise(o.amountPaise))}</td>
</tr>`;
    })
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#1f1f1f;font-size:16px;line-height:1.5">
<div style="max-width:640px;padding:16px 20px;overflow-wrap:anywhere">
<h1 style="font-size:20px;margin:0 0 8px">${e(counted)}</h1>
<p style="margin:0 0 8px">Oldest first, as of ${e(day)}. Open an order to record its dispatch; the shopper is e-mailed the courier and tracking number.</p>
<table style="border-collapse:collapse;width:100%;font-size:16px"><tbody>${rows}</tbody></table>
${more ? `<p>${e(more)}</p>` : ''}
<p style="margin:24px 0"><a href="${e(adminUrl)}" style="display:inline-block;padding:10px 18px;background:#8b1e1e;color:#fff;text-decoration:none;border-radius:6px;font-weight:600">Open the admin panel</a></p>
${openComplaints ? `<p${complaints?.late ? ' style="color:#8b0000;font-weight:600"' : ''}>${e(openComplaints)} <a href="${e(complaintsUrl)}" style="color:#8b1e1e">See the complaints</a></p>` : ''}
</div></body></html>`;
  return { subject, text, html };
}
