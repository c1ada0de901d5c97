import { formatCourierTime } from '@pickles/courier-client';
import { DEFAULT_KNOBS, type Knobs } from './knobs.js';
import { statusLabel, type Shipment } from './model.js';
import type { CourierState } from './state.js';
import { FAIL_REASONS, FAIL_REASON_IDS, STEPS, stepsFrom, type Phase } from './steps.js';

const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const india = (at: Date | null | undefined) => (at ? `${formatCourierTime(at, 'scan')} IST` : '');

/** Badge colours by phase: dark text on light fills, readable in sunlight on a phone. */
const TONE: Record<Phase, string> = {
  new: 'grey',
  'awb-assigned': 'grey',
  'pickup-scheduled': 'blue',
  'picked-up': 'blue',
  'in-transit': 'blue',
  'out-for-delivery': 'amber',
  delivered: 'green',
  undelivered: 'red',
  'rto-initiated': 'red',
  'rto-delivered': 'grey',
  cancelled: 'grey',
};

/** Still going to the shopper: an expected delivery means something. */
const isOnTheWay = (phase: Phase) => !['delivered', 'rto-initiated', 'rto-delivered', 'cancelled'].includes(phase);

const STYLE = `
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1b;background:#f6f5f2}
main{max-width:1120px;margin:0 auto;padding:16px}
h1{font-size:24px;margin:4px 0 8px}
h2{font-size:19px;margin:28px 0 10px}
code{font-size:13px;background:#ecebe6;padding:1px 4px;border-radius:4px;overflow-wrap:anywhere}
p{margin:6px 0}
.alert{background:#fdecea;border:1px solid #b3261e;color:#5f1410;padding:10px 12px;border-radius:6px}
.bar{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.bar form{margin:0}
button,select,input{font:inherit}
button{background:#1f4e79;color:#fff;border:0;border-radius:6px;padding:8px 12px;min-height:40px;cursor:pointer}
button.quiet{background:#fff;color:#1f4e79;border:1px solid #1f4e79}
button.danger{background:#8c1d18}
select,input[type=text],input[type=number]{border:1px solid #8a8a8a;border-radius:6px;padding:7px 8px;min-height:40px;background:#fff;max-width:100%}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,340px),1fr));gap:12px}
.card{background:#fff;border:1px solid #d6d4cc;border-radius:8px;padding:12px 14px;min-width:0}
.card header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:6px}
.awb{font:600 16px/1.3 ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700;letter-spacing:.02em}
.grey{background:#e4e4e4;color:#2b2b2b}.blue{background:#dbe9f7;color:#0d3a63}.amber{background:#fbe7c0;color:#5a3b00}
.green{background:#d6efd8;color:#174d1c}.red{background:#f8d9d6;color:#6b1510}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:10px 0;font-size:14px}
dt{color:#555}dd{margin:0;overflow-wrap:anywhere}
.steps{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.steps form{display:flex;flex-wrap:wrap;gap:6px;margin:0}
fieldset{border:1px solid #d6d4cc;border-radius:8px;background:#fff;margin:0 0 12px;padding:10px 14px;min-width:0}
legend{font-weight:700;padding:0 4px}
.knobs{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,250px),1fr));gap:10px 16px}
.knobs label{display:flex;flex-direction:column;gap:3px;font-size:14px}
.knobs label.check{flex-direction:row;align-items:center;gap:8px}
.knobs input[type=checkbox]{width:20px;height:20px}
.scroll{overflow-x:auto;background:#fff;border:1px solid #d6d4cc;border-radius:8px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border-bottom:1px solid #e2e0d8;padding:6px 8px;text-align:left;vertical-align:top;white-space:nowrap}
th{background:#efeee9}
.muted{color:#555}
@media (max-width:700px){
.scroll{overflow:visible;background:none;border:0}
.scroll thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.scroll tr{display:flex;flex-wrap:wrap;gap:0 14px;background:#fff;border:1px solid #d6d4cc;border-radius:8px;margin:0 0 6px;padding:6px 10px}
.scroll td{display:block;border:0;padding:1px 0;white-space:normal;overflow-wrap:anywhere}
.scroll td:empty{display:none}
.scroll td::before{content:attr(data-label) ": ";color:#555}
}
`;

/** The buttons a shipment's phase allows; "Fail attempt" with the reason to give. */
function stepForms(shipment: Shipment): string {
  const steps = stepsFrom(shipment.phase);
  if (!shipment.awb || steps.length === 0) return '';
  const awb = escapeHtml(shipment.awb);
  const forms = steps.map((step) => {
    const action = `/sandbox/shipments/${encodeURIComponent(shipment.awb!)}/${step}`;
    if (step === 'fail') {
      const options = FAIL_REASON_IDS.map((id) => `<option value="${id}">${escapeHtml(FAIL_REASONS[id])}</option>`).join('');
      return `<form method="post" action="${action}"><label class="muted" for="reason-${awb}">Reason</label><select id="reason-${awb}" name="reason">${options}</select><button type="submit" class="danger" aria-label="Fail attempt for ${awb}">Fail attempt</button></form>`;
    }
    const tone = step === 'rto' ? ' class="danger"' : '';
    return `<form method="post" action="${action}"><button type="submit"${tone} aria-label="${escapeHtml(STEPS[step].title)} ${awb}">${escapeHtml(STEPS[step].title)}</button></form>`;
  });
  return `<div class="steps">${forms.join('')}</div>`;
}

function shipmentCard(shipment: Shipment, publicUrl: string): string {
  const latest = shipment.scans.at(-1);
  const rows: Array<[string, string]> = [
    ['Order', escapeHtml(shipment.channelOrderId)],
    ['Courier order', escapeHtml(shipment.orderId)],
    ['Courier', escapeHtml(shipment.courier?.name ?? 'not assigned')],
    ['To', escapeHtml(`${shipment.customer.city} ${shipment.customer.pincode}`)],
  ];
  if (shipment.attempts > 0) rows.push(['Attempts', escapeHtml(`${shipment.attempts} failed, last: ${shipment.ndr?.reason ?? ''}`)]);
  if (shipment.ndr?.deferredDate) rows.push(['Re-attempt on', escapeHtml(shipment.ndr.deferredDate)]);
  if (shipment.etd && isOnTheWay(shipment.phase)) rows.push(['Expected', escapeHtml(india(shipment.etd))]);
  if (latest) rows.push(['Last scan', `${escapeHtml(india(latest.at))}<br><span class="muted">${escapeHtml(latest.activity)}</span>`]);
  const title = shipment.awb ? `AWB ${escapeHtml(shipment.awb)}` : `Shipment ${shipment.id}`;
  const tracking = shipment.awb ? `<p><a href="${escapeHtml(publicUrl)}/tracking/${encodeURIComponent(shipment.awb)}">Tracking page</a></p>` : '';
  return `<article class="card" id="shipment-${shipment.id}" aria-label="${title}">
<header><span class="awb">${title}</span><span class="badge ${TONE[shipment.phase]}">${escapeHtml(statusLabel(shipment))}</span></header>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>
${stepForms(shipment)}${tracking}
</article>`;
}

const KNOB_GROUPS: Array<[string, Array<keyof Knobs>]> = [
  ['Webhooks', ['webhookUrl', 'webhookDelayMs', 'webhookJitterMs', 'duplicateWebhooks', 'withholdWebhooks', 'reorderWebhooks', 'webhookLossRate', 'dropNextWebhooks', 'webhookTimeoutMs', 'webhookMaxAttempts', 'webhookRetryBaseMs']],
  ['API', ['apiFailure', 'apiFailureCount', 'apiFailurePath', 'apiLatencyMs', 'apiTimeoutHoldMs']],
  ['Tokens, returns and pincodes', ['tokenTtlSeconds', 'autoRtoAfterAttempts', 'unserviceablePincodes']],
];
const ENUMS: Partial<Record<keyof Knobs, readonly string[]>> = {
  reorderWebhooks: ['none', 'reverse', 'shuffle'],
  apiFailure: ['none', 'unavailable', 'refused', 'timeout', 'lost_response', 'rate_limited'],
};

function knobField(name: keyof Knobs, value: unknown): string {
  const id = `knob-${name}`;
  if (typeof DEFAULT_KNOBS[name] === 'boolean') {
    return `<label class="check" for="${id}"><input type="hidden" name="${name}" value="false"><input type="checkbox" id="${id}" name="${name}" value="true"${value ? ' checked' : ''}>${name}</label>`;
  }
  const choices = ENUMS[name];
  if (choices) {
    const options = choices.map((choice) => `<option${choice === value ? ' selected' : ''}>${choice}</option>`).join('');
    return `<label for="${id}">${name}<select id="${id}" name="${name}">${options}</select></label>`;
  }
  if (typeof DEFAULT_KNOBS[name] === 'number' || name === 'apiFailureCount') {
    const step = name === 'webhookLossRate' ? '0.05' : '1';
    return `<label for="${id}">${name}<input type="number" id="${id}" name="${name}" step="${step}" min="0" value="${escapeHtml(value ?? '')}"></label>`;
  }
  const shown = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return `<label for="${id}">${name}<input type="text" id="${id}" name="${name}" value="${escapeHtml(shown)}"></label>`;
}

/** A table; on a phone each row becomes a card of "label: value" lines (the labels are the headers). */
function table(caption: string, headers: string[], rows: unknown[][]): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.length
    ? rows.map((row) => `<tr>${row.map((cell, index) => `<td data-label="${escapeHtml(headers[index])}">${escapeHtml(cell)}</td>`).join('')}</tr>`).join('')
    : `<tr><td colspan="${headers.length}">None yet</td></tr>`;
  return `<div class="scroll" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The lists show the newest few; the rest is in /sandbox/state. */
const LIST_LIMIT = 20;
const newest = <T>(items: readonly T[]) => [...items].reverse().slice(0, LIST_LIMIT);
const more = (count: number) => (count > LIST_LIMIT ? `<p class="muted">The ${LIST_LIMIT} newest of ${count}; every one is in <a href="/sandbox/state">/sandbox/state</a>.</p>` : '');

/** GET /sandbox: the courier's shipments with buttons to move each along, the knobs, and every webhook sent. */
export function renderDashboard(state: CourierState, publicUrl: string, error?: string): string {
  const shipments = [...state.shipments.values()].reverse();
  const webhookUrl = state.knobs.webhookUrl ?? state.config.webhookUrl;
  const cards = shipments.length
    ? `<div class="cards">${shipments.map((shipment) => shipmentCard(shipment, publicUrl)).join('')}</div>`
    : '<p>No shipments yet: book one through the API (<code>POST /v1/external/orders/create/adhoc</code>, then assign an AWB and schedule the pickup).</p>';
  const knobs = KNOB_GROUPS.map(([legend, names]) => `<fieldset><legend>${legend}</legend><div class="knobs">${names.map((name) => knobField(name, state.knobs[name])).join('')}</div></fieldset>`).join('');
  const withheld = state.webhooks.withheldCount;
  const webhooks =
    table(
      'Webhooks',
      ['AWB', 'Status', 'State', 'Tries', 'Created', 'Id'],
      newest(state.webhooks.records).map((r) => [r.awb, r.status, r.state, r.deliveries, india(new Date(r.createdAt)), r.id]),
    ) + more(state.webhooks.records.length);
  const deliveries =
    table(
      'Webhook delivery attempts',
      ['AWB', 'Status', 'Try', 'Copy', 'HTTP', 'Error', 'ms', 'At'],
      newest(state.webhooks.deliveries).map((d) => [d.awb, d.status, d.attempt, d.duplicate ? 'duplicate' : '', d.statusCode ?? '', d.error ?? '', d.durationMs, india(new Date(d.at))]),
    ) + more(state.webhooks.deliveries.length);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Courier sandbox</title><style>${STYLE}</style></head>
<body><main>
<h1>Courier sandbox</h1>
<p>A local Shiprocket: the API at <code>/v1/external</code> for <code>${escapeHtml(state.config.email)}</code>. Tracking webhooks go to
<code>${escapeHtml(webhookUrl ?? 'nowhere (not set: recorded, not sent)')}</code>${state.config.webhookToken ? ' with the x-api-key token' : ''}.
State lives in memory. JSON: <a href="/sandbox/state">/sandbox/state</a>. Reload to refresh.</p>
${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="bar">
<form method="post" action="/sandbox/webhooks/release"><button type="submit" class="quiet"${withheld ? '' : ' disabled'}>Release ${withheld} withheld webhook${withheld === 1 ? '' : 's'}</button></form>
<form method="post" action="/sandbox/tokens/expire"><button type="submit" class="quiet">Expire API tokens</button></form>
<form method="post" action="/sandbox/reset"><button type="submit" class="danger">Reset everything</button></form>
</div>
<h2>Shipments (${shipments.length})</h2>
${cards}
<h2>Knobs</h2>
<form method="post" action="/sandbox/knobs">${knobs}<button type="submit">Save knobs</button></form>
<h2>Webhooks</h2>
${webhooks}
<h2>Webhook delivery attempts</h2>
${deliveries}
</main></body></html>`;
}

/** GET /tracking/:awb: the public tracking page a track_url leads to. */
export function renderTrackingPage(shipment: Shipment | undefined, awb: string): string {
  const body = shipment
    ? `<h1>${escapeHtml(shipment.courier?.name ?? 'Courier')}: AWB ${escapeHtml(awb)}</h1>
<p><span class="badge ${TONE[shipment.phase]}">${escapeHtml(statusLabel(shipment))}</span>${shipment.etd && isOnTheWay(shipment.phase) ? ` Expected by ${escapeHtml(india(shipment.etd))}` : ''}</p>
${table('Scans', ['When', 'Status', 'Activity', 'Where'], [...shipment.scans].reverse().map((scan) => [india(scan.at), scan.label, scan.activity, scan.location]))}`
    : `<h1>AWB ${escapeHtml(awb)}</h1><p>No shipment with this AWB.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tracking ${escapeHtml(awb)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
