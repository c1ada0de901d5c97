import { readFileSync } from 'node:fs';
import { formatPaise } from '@pickles/shared';
import { Router, type ErrorRequestHandler } from 'express';
import { ApiError, sendApiError, serverError } from './api-errors.js';
import type { SandboxState } from './core.js';
import { escapeHtml } from './html.js';
import type { PaymentLinkEntity } from './types.js';

const PAGE_SCRIPT = readFileSync(new URL('./checkout/payment-link.js', import.meta.url), 'utf8');
const BRAND = '#1f3a68';

/** India time, as Razorpay's page shows it to Indian shoppers. */
const indiaTime = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const when = (seconds: number) => `${indiaTime.format(new Date(seconds * 1000))} IST`;

const CSS = `*{box-sizing:border-box}
body{margin:0;background:#eef1f6;color:#1b1b1b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:560px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);overflow:hidden}
.head{background:${BRAND};color:#fff;padding:18px 20px}
.ribbon{display:inline-block;padding:2px 8px;border-radius:3px;background:#fff3cd;color:#6b4e00;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.04em}
.head h1{margin:10px 0 0;font-size:22px;line-height:1.25;overflow-wrap:anywhere}
.head p{margin:2px 0 0}
.body{padding:20px}
.label{margin:0;font-size:13px;color:#555;text-transform:uppercase;letter-spacing:.04em}
.amount{margin:0;font-size:32px;font-weight:700;line-height:1.2}
dl{margin:8px 0 0}
dt{margin-top:14px;font-size:13px;color:#555;text-transform:uppercase;letter-spacing:.04em}
dd{margin:0;overflow-wrap:anywhere}
.pay{display:block;width:100%;margin-top:24px;padding:14px;border:0;border-radius:8px;background:${BRAND};color:#fff;font:inherit;font-weight:700;cursor:pointer}
.pay[disabled]{opacity:.6;cursor:progress}
.error{margin:12px 0 0;padding:8px 12px;border-radius:6px;background:#fdecea;color:#8a1c12}
.error:empty{display:none}
.state{margin-top:24px;padding:14px 16px;border-radius:8px}
.state h2{margin:0 0 4px;font-size:19px}
.state p{margin:0;overflow-wrap:anywhere}
.paid{background:#e7f5ec;color:#14532d}
.closed{background:#f1f2f4;color:#30343b}
footer{padding:0 20px 16px;color:#595959;font-size:13px;text-align:center}
@media (min-width:640px){main{padding:40px 16px}dl{display:grid;grid-template-columns:9.5rem minmax(0,1fr);gap:10px 16px}dt{margin:0;padding-top:2px}}`;

function layout(title: string, content: string, liveKey: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body><main><div class="card">${content}
<footer>${liveKey ? '' : 'Razorpay sandbox: test payments only, no money moves.'}</footer></div></main></body></html>`;
}

function header(state: SandboxState, subtitle: string): string {
  const ribbon = state.config.keyId.startsWith('rzp_live_') ? '' : '<span class="ribbon">Test Mode</span>';
  return `<header class="head">${ribbon}<h1>${escapeHtml(state.config.businessName)}</h1><p>${escapeHtml(subtitle)}</p></header>`;
}

function statusBlock(link: PaymentLinkEntity, businessName: string): string {
  const business = escapeHtml(businessName);
  switch (link.status) {
    case 'paid': {
      const payment = link.payments?.[0];
      return `<div class="state paid" role="status"><h2>Payment received</h2><p>${escapeHtml(formatPaise(link.amount_paid))} paid${
        payment ? ` on ${escapeHtml(when(payment.created_at))}. Payment ID ${escapeHtml(payment.payment_id)}` : ''
      }.</p></div>`;
    }
    case 'expired':
      return `<div class="state closed" role="status"><h2>This payment link has expired</h2><p>It expired on ${escapeHtml(when(link.expired_at))} and takes no payment. Ask ${business} for a new link.</p></div>`;
    case 'cancelled':
      return `<div class="state closed" role="status"><h2>This payment link has been cancelled</h2><p>It was cancelled on ${escapeHtml(when(link.cancelled_at))} and takes no payment. Ask ${business} for a new link.</p></div>`;
    default:
      return `<button type="button" class="pay" id="rzp-plink-pay">Pay ${escapeHtml(formatPaise(link.amount))}</button><p class="error" id="rzp-plink-error" role="alert"></p>`;
  }
}

/** The hosted page behind a link's short_url: what is asked, from whom, and a Pay button while the link is open. */
export function renderPaymentLinkPage(state: SandboxState, code: string, link: PaymentLinkEntity): string {
  const { customer } = link;
  const billedTo = [customer.name, customer.email, customer.contact].filter((part): part is string => Boolean(part));
  const rows: Array<[string, string]> = [];
  if (link.description) rows.push(['Payment for', escapeHtml(link.description)]);
  if (link.reference_id) rows.push(['Reference', escapeHtml(link.reference_id)]);
  if (billedTo.length > 0) rows.push(['Billed to', billedTo.map(escapeHtml).join('<br>')]);
  if (link.status === 'created' || link.status === 'partially_paid') rows.push(['Link expires', escapeHtml(when(link.expire_by))]);
  const details = rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('');
  const open = link.status === 'created' || link.status === 'partially_paid';
  // The page's script reads its URLs from JSON ("<" escaped so nothing closes the script element).
  const config = JSON.stringify({ payUrl: `/i/${code}/pay`, completeUrl: `/i/${code}/complete` }).replace(/</g, '\\u003c');
  const scripts = open
    ? `<script type="application/json" id="rzp-plink-config">${config}</script><script src="/v1/checkout.js"></script><script src="/i/payment-link.js"></script>`
    : '';
  const amountLabel = link.status === 'paid' ? 'Amount paid' : 'Amount payable';
  const content = `${header(state, 'Payment request')}
<section class="body"><p class="label">${amountLabel}</p><p class="amount" data-testid="plink-amount">${escapeHtml(formatPaise(link.amount))}</p>
<dl>${details}</dl>${statusBlock(link, state.config.businessName)}</section>${scripts}`;
  return layout(`${open ? 'Pay' : 'Payment link'} ${formatPaise(link.amount)}: ${state.config.businessName}`, content, state.config.keyId.startsWith('rzp_live_'));
}

function notFoundPage(state: SandboxState): string {
  const content = `${header(state, 'Payment request')}<section class="body"><div class="state closed" role="status"><h2>This payment link does not exist</h2><p>Check the link you were sent.</p></div></section>`;
  return layout('Payment link not found', content, state.config.keyId.startsWith('rzp_live_'));
}

/**
 * The link's hosted page (no auth, like rzp.io): GET /i/:code shows it; its Pay button asks
 * POST /i/:code/pay for the link's order and opens the sandbox's checkout.js on it, so the cards,
 * declines and knobs are checkout's; after a successful payment the browser goes to
 * GET /i/:code/complete, which sends it on to callback_url with Razorpay's signed query.
 */
export function paymentLinkPageRouter(state: SandboxState): Router {
  const router = Router();

  router.get('/i/payment-link.js', (_req, res) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.send(PAGE_SCRIPT);
  });

  router.get('/i/:code', (req, res) => {
    const link = state.paymentLinks.byShortCode(req.params.code);
    res.setHeader('Cache-Control', 'no-store');
    if (!link) {
      res.status(404).type('html').send(notFoundPage(state));
      return;
    }
    res.type('html').send(renderPaymentLinkPage(state, req.params.code, link));
  });

  router.post('/i/:code/pay', (req, res) => {
    const link = state.paymentLinks.byShortCode(req.params.code);
    if (!link) {
      res.status(404).json({ error: { code: 'BAD_REQUEST_ERROR', description: 'This payment link does not exist' } });
      return;
    }
    const orderId = state.paymentLinks.orderFor(link);
    const prefill = Object.fromEntries(Object.entries(link.customer).filter(([, value]) => Boolean(value)));
    res.json({
      key_id: state.config.keyId,
      order_id: orderId,
      amount: link.amount,
      currency: link.currency,
      name: state.config.businessName,
      // Checkout shows at most 255 characters of a description.
      description: link.description.slice(0, 255),
      prefill,
    });
  });

  router.get('/i/:code/complete', (req, res) => {
    const link = state.paymentLinks.byShortCode(req.params.code);
    const paymentId = typeof req.query.razorpay_payment_id === 'string' ? req.query.razorpay_payment_id : '';
    const callback = link ? state.paymentLinks.callbackFor(link, paymentId, state.config.keySecret) : undefined;
    if (!link || !callback || !link.callback_url) {
      // Not (or not yet) paid by that payment, or no callback: the page itself says where the link is.
      res.redirect(303, `/i/${encodeURIComponent(req.params.code)}`);
      return;
    }
    const target = new URL(link.callback_url);
    for (const [name, value] of Object.entries(callback)) target.searchParams.set(name, value);
    res.redirect(302, target.toString());
  });

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof ApiError) sendApiError(res, error);
    else sendApiError(res, serverError());
  };
  router.use(onError);
  return router;
}
