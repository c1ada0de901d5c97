import { readFileSync } from 'node:fs';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { ApiError, badRequest, sendApiError, serverError } from './api-errors.js';
import type { SandboxState } from './core.js';

const SCRIPT_TEMPLATE = readFileSync(new URL('./checkout/checkout.js', import.meta.url), 'utf8');

/** The shop's page is on another origin: checkout.js and its calls must be usable cross-origin. */
const cors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
};

/** The sandbox's URL as browsers reach it: SANDBOX_PUBLIC_URL, or else the Host this request came to. */
export function publicUrlOf(state: SandboxState, req: Request): string {
  return (state.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`).replace(/\/+$/, '');
}

/** GET /v1/checkout.js: the stand-in for https://checkout.razorpay.com/v1/checkout.js (no auth, like the real one). */
export function checkoutScriptHandler(state: SandboxState): RequestHandler[] {
  return [
    cors,
    (req, res) => {
      const publicUrl = publicUrlOf(state, req);
      // JSON.stringify, then escape "<" so nothing in the config can close a script context.
      const config = JSON.stringify({ publicUrl, sandboxKeyId: state.config.keyId }).replace(/</g, '\\u003c');
      res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.send(SCRIPT_TEMPLATE.replace('__SANDBOX_CONFIG__', config));
    },
  ];
}

const payBodySchema = z.object({
  key_id: z.string(),
  order_id: z.string(),
  method: z.enum(['card', 'upi']),
  card_number: z.string().max(40).optional(),
  vpa: z.string().max(300).optional(),
  bank_choice: z.enum(['success', 'failure']).optional(),
  email: z.string().max(200).optional(),
  contact: z.string().max(40).optional(),
  description: z.string().max(100_000).optional(),
  notes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

function checkKey(state: SandboxState, keyId: unknown): void {
  if (keyId !== state.config.keyId) {
    // A key from another account or mode: its orders do not exist there (protocol §10.3).
    throw badRequest('The id provided does not exist');
  }
}

/**
 * What checkout.js calls (CORS): read an order before showing it, and make a payment attempt on it.
 * Answers use Razorpay's error envelope so the script can pass errors straight to payment.failed.
 */
export function checkoutRouter(state: SandboxState): Router {
  const router = Router();
  router.use(cors);
  router.use(express.json({ limit: '200kb' }));

  router.get('/orders/:id', (req, res) => {
    checkKey(state, req.query.key_id);
    const order = state.getOrder(req.params.id);
    res.json({ id: order.id, amount: order.amount, amount_due: order.amount_due, currency: order.currency, status: order.status });
  });

  router.post('/payments', (req, res) => {
    const parsed = payBodySchema.safeParse(req.body);
    if (!parsed.success) throw badRequest('Invalid payment request');
    const body = parsed.data;
    checkKey(state, body.key_id);
    const order = state.getOrder(body.order_id);
    if (state.knobs.mockBankPage && body.method === 'card' && body.bank_choice === undefined && order.status !== 'paid') {
      // Ask the browser to show the mock bank page first; no payment exists yet.
      res.json({ bank_page: true });
      return;
    }
    const result = state.attemptPayment({
      orderId: body.order_id,
      instrument: body.method === 'card' ? { method: 'card', cardNumber: body.card_number ?? '' } : { method: 'upi', vpa: body.vpa ?? '' },
      ...(body.bank_choice ? { bankChoice: body.bank_choice } : {}),
      ...(body.email ? { email: body.email } : {}),
      ...(body.contact ? { contact: body.contact } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.notes ? { notes: Object.fromEntries(Object.entries(body.notes).map(([k, v]) => [k, String(v)])) } : {}),
    });
    if (result.error) {
      res.status(400).json({ error: result.error });
      return;
    }
    res.json({
      status: result.payment.status,
      razorpay_payment_id: result.payment.id,
      razorpay_order_id: result.order.id,
      razorpay_signature: result.signature,
      deliver_callback: !state.knobs.dropBrowserCallback,
      callback_delay_ms: state.knobs.callbackDelayMs,
    });
  });

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof ApiError) sendApiError(res, error);
    else if ((error as { type?: string })?.type === 'entity.parse.failed') sendApiError(res, badRequest('The request body is not valid JSON'));
    else sendApiError(res, serverError());
  };
  router.use(onError);
  return router;
}
