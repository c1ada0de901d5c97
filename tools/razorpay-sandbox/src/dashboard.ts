import type { SandboxState } from './core.js';
import { escapeHtml } from './html.js';

/** A cell that is markup already (a link, a button), not text. */
interface Markup {
  html: string;
}
const isMarkup = (cell: unknown): cell is Markup => typeof cell === 'object' && cell !== null && 'html' in cell;

function table(caption: string, headers: string[], rows: unknown[][]): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.length
    ? rows.map((row) => `<tr>${row.map((cell) => `<td>${isMarkup(cell) ? cell.html : escapeHtml(cell)}</td>`).join('')}</tr>`).join('')
    : `<tr><td colspan="${headers.length}">None yet</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const time = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** GET /sandbox: what happened, for a person (JSON of the same at /sandbox/state). */
export function renderDashboard(state: SandboxState): string {
  const newestFirst = <T>(items: T[]) => [...items].reverse();
  const orders = table(
    'Orders',
    ['Id', 'Receipt', 'Amount', 'Paid', 'Status', 'Attempts', 'Created (UTC)'],
    newestFirst([...state.orders.values()]).map((o) => [o.id, o.receipt, rupees(o.amount), rupees(o.amount_paid), o.status, o.attempts, time(o.created_at)]),
  );
  const payments = table(
    'Payments',
    ['Id', 'Order', 'Amount', 'Method', 'Status', 'Refunded', 'Error', 'Created (UTC)'],
    newestFirst([...state.payments.values()]).map((p) => [
      p.id,
      p.order_id,
      rupees(p.amount),
      p.method === 'card' ? `card ${p.card?.last4 ?? ''}` : `upi ${p.vpa ?? ''}`,
      p.status,
      p.amount_refunded ? rupees(p.amount_refunded) : '',
      p.error_reason ?? '',
      time(p.created_at),
    ]),
  );
  const refunds = table(
    'Refunds',
    ['Id', 'Payment', 'Amount', 'Status'],
    newestFirst([...state.refunds.values()]).map((r) => [r.id, r.payment_id, rupees(r.amount), r.status]),
  );
  const links = table(
    'Payment links',
    ['Id', 'Reference', 'Amount', 'Status', 'Order', 'Expires (UTC)', 'Page', ''],
    newestFirst([...state.paymentLinks.links.values()]).map((l) => [
      l.id,
      l.reference_id,
      rupees(l.amount),
      l.status,
      l.order_id ?? '',
      time(l.expire_by),
      { html: `<a href="${escapeHtml(l.short_url)}">${escapeHtml(l.short_url)}</a>` },
      l.status === 'created' || l.status === 'partially_paid'
        ? { html: `<form method="post" action="/sandbox/payment-links/${escapeHtml(l.id)}/expire"><button type="submit">Expire now</button></form>` }
        : '',
    ]),
  );
  const events = table(
    'Webhook events',
    ['Event id', 'Event', 'Status', 'Deliveries', 'Created (UTC)'],
    newestFirst(state.webhooks.events).map((e) => [e.id, e.event, e.status, e.deliveries, time(e.created_at)]),
  );
  const deliveries = table(
    'Webhook delivery attempts',
    ['At', 'Event id', 'Event', 'Attempt', 'Duplicate', 'HTTP', 'Error', 'ms'],
    newestFirst(state.webhooks.deliveries).map((d) => [d.at, d.eventId, d.event, d.attempt, d.duplicate ? 'yes' : '', d.statusCode ?? '', d.error ?? '', d.durationMs]),
  );
  const webhookUrl = state.knobs.webhookUrl ?? state.config.webhookUrl ?? '(not set: webhooks are recorded, not sent)';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay sandbox</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1b1b}
table{border-collapse:collapse;margin:0 0 28px;width:100%}
caption{text-align:left;font-weight:700;font-size:16px;margin-bottom:6px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f2f2f2}
pre{background:#f6f6f6;padding:10px;overflow:auto}
</style></head>
<body>
<h1>Razorpay sandbox</h1>
<p>Key id <code>${escapeHtml(state.config.keyId)}</code>. Webhooks go to <code>${escapeHtml(webhookUrl)}</code>.
State lives in memory only. JSON: <a href="/sandbox/state">/sandbox/state</a>. Reload the page to refresh.</p>
<h2>Knobs</h2>
<pre>${escapeHtml(JSON.stringify(state.knobs, null, 2))}</pre>
<p>Change with <code>curl -X POST -H 'Content-Type: application/json' -d '{"duplicateWebhooks":true}' …/sandbox/knobs</code>;
<code>POST /sandbox/reset</code> clears everything; <code>POST /sandbox/webhooks/release</code> sends withheld webhooks;
<code>POST /sandbox/payment-links/:id/expire</code> expires an open link now (as its button below does).</p>
${orders}${payments}${refunds}${links}${events}${deliveries}
</body></html>`;
}
