import { finishSandbox, listenSandbox, sandboxApp, stateControls, type Listening, type SandboxStartOptions, type StatefulSandbox } from '@pickles/sandbox-kit';
import { createLogger, InvalidError, NotFoundError } from '@pickles/service-kit';
import express, { type Response } from 'express';
import { z } from 'zod';
import { apiRouter } from './api.js';
import { ApiError } from './api-errors.js';
import type { FailureReason } from './cards.js';
import { FAILURES } from './cards.js';
import { checkoutRouter, checkoutScriptHandler } from './checkout-routes.js';
import { paymentLinkPageRouter } from './payment-link-page.js';
import { SandboxState, type SandboxConfig } from './core.js';
import { renderDashboard } from './dashboard.js';
import type { Knobs } from './knobs.js';
import type { PaymentLinkEntity } from './types.js';

export { SandboxState } from './core.js';
export type { PaymentResult, SandboxConfig } from './core.js';
export { DEFAULT_KNOBS, knobsSchema, type Knobs } from './knobs.js';
export type * from './types.js';

export const DEFAULT_KEY_ID = 'rzp_test_Sandbox0000000001';
export const DEFAULT_KEY_SECRET = 'sandbox_key_secret_change_me';
export const DEFAULT_WEBHOOK_SECRET = 'sandbox_webhook_secret_change_me';
export const DEFAULT_BUSINESS_NAME = 'Royal Pickles';

export interface SandboxOptions extends SandboxStartOptions<Knobs> {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where webhooks are POSTed; unset = recorded only (or set the webhookUrl knob later). */
  webhookUrl?: string;
  /** The sandbox's URL as browsers reach it (checkout.js, links' short_url); unset = taken from the Host of the request. */
  publicUrl?: string;
  /** The business name on the payment link page; default Royal Pickles. */
  businessName?: string;
}

/** close() cancels its timers (webhook retries, late authorisations) and drops held connections. */
export type Sandbox = StatefulSandbox<SandboxState>;

const failureReasons = Object.keys(FAILURES) as [FailureReason, ...FailureReason[]];

/** POST /sandbox/payments; camelCase aliases accepted for the multi-word ids. */
const testPaymentSchema = z
  .object({
    order_id: z.string().min(1).optional(),
    /** Pays a link instead of an order: its order is made as the hosted page would make it. */
    payment_link_id: z.string().min(1).optional(),
    status: z.enum(['captured', 'authorized', 'failed']),
    method: z.enum(['card', 'upi']).default('card'),
    card_number: z.string().optional(),
    vpa: z.string().optional(),
    failure_reason: z.enum(failureReasons).optional(),
    late_authorisation: z.boolean().optional(),
    email: z.string().optional(),
    contact: z.string().optional(),
    notes: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((body) => (body.order_id === undefined) !== (body.payment_link_id === undefined), { message: 'give either order_id or payment_link_id' });

function aliasKeys(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const aliases: Record<string, string> = { orderId: 'order_id', paymentLinkId: 'payment_link_id', cardNumber: 'card_number', failureReason: 'failure_reason', lateAuthorisation: 'late_authorisation' };
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [aliases[key] ?? key, value]));
}

function zodMessage(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

/** Builds the sandbox (never listens): Razorpay's /v1 API, checkout.js, webhooks and test controls. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const logger = options.logger ?? createLogger('razorpay-sandbox', 'silent');
  const config: SandboxConfig = {
    keyId: options.keyId ?? DEFAULT_KEY_ID,
    keySecret: options.keySecret ?? DEFAULT_KEY_SECRET,
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl,
    publicUrl: options.publicUrl,
    accountId: 'acc_Sandbox0000001',
    businessName: options.businessName ?? DEFAULT_BUSINESS_NAME,
  };
  const state = new SandboxState(config, options.knobs ?? {}, logger);
  const held = new Set<Response>();

  const app = sandboxApp('razorpay-sandbox');

  // Before the authenticated router: the real checkout.js is public.
  app.get('/v1/checkout.js', ...checkoutScriptHandler(state));
  app.options('/v1/checkout.js', ...checkoutScriptHandler(state));
  app.use('/v1', apiRouter(state, held));
  app.use('/sandbox/checkout', checkoutRouter(state));
  app.use(paymentLinkPageRouter(state));

  const controls = express.Router();
  controls.use(express.json({ limit: '100kb' }));
  controls.get('/', (_req, res) => {
    res.type('html').send(renderDashboard(state));
  });
  stateControls(controls, state, held, (_req, res, json) => res.json(json), 'No such webhook event');
  controls.post('/knobs', (req, res) => {
    try {
      res.json(state.setKnobs(req.body ?? {}));
    } catch (error) {
      if (error instanceof z.ZodError) throw new InvalidError(`Invalid knobs: ${zodMessage(error)}`);
      throw error;
    }
  });
  controls.post('/payments', (req, res) => {
    const parsed = testPaymentSchema.safeParse(aliasKeys(req.body));
    if (!parsed.success) throw new InvalidError(`Invalid test payment: ${zodMessage(parsed.error)}`);
    const body = parsed.data;
    const instrument =
      body.method === 'upi'
        ? { method: 'upi' as const, vpa: body.vpa ?? (body.status === 'failed' ? 'failure@razorpay' : 'success@razorpay') }
        : { method: 'card' as const, cardNumber: body.card_number ?? '4100280000001007' };
    try {
      const link = body.payment_link_id === undefined ? undefined : state.paymentLinks.get(body.payment_link_id);
      const orderId = link ? state.paymentLinks.orderFor(link) : body.order_id!;
      const result = state.attemptPayment({
        orderId,
        instrument,
        forceOutcome: body.status,
        ...(body.failure_reason ? { failureReason: body.failure_reason } : {}),
        ...(body.late_authorisation !== undefined ? { lateAuthorisation: body.late_authorisation } : {}),
        ...(body.email ? { email: body.email } : {}),
        ...(body.contact ? { contact: body.contact } : {}),
        ...(body.notes ? { notes: body.notes } : {}),
      });
      res.json({
        payment: result.payment,
        order: result.order,
        razorpay_payment_id: result.payment.id,
        razorpay_order_id: result.order.id,
        ...(result.signature ? { razorpay_signature: result.signature } : {}),
        ...(result.error ? { error: result.error } : {}),
        ...(result.lateAuthorisationAt ? { late_authorisation_at: result.lateAuthorisationAt } : {}),
        ...(link ? paidLinkAnswer(state, link, result.payment.id) : {}),
      });
    } catch (error) {
      if (error instanceof ApiError) throw new InvalidError(error.body.description);
      throw error;
    }
  });
  controls.post('/refunds/:id/:outcome', (req, res) => {
    const outcome = ({ process: 'processed', fail: 'failed' } as const)[req.params.outcome as 'process' | 'fail'];
    if (!outcome) throw new NotFoundError('Use /sandbox/refunds/:id/process or /sandbox/refunds/:id/fail');
    try {
      res.json(state.settleRefund(req.params.id, outcome));
    } catch (error) {
      if (error instanceof ApiError) throw new InvalidError(error.body.description);
      throw error;
    }
  });
  controls.get('/payment-links', (_req, res) => {
    res.json({ payment_links: state.paymentLinks.list({}) });
  });
  controls.post('/payment-links/:id/expire', (req, res) => {
    try {
      const link = state.paymentLinks.expireNow(req.params.id);
      // The dashboard's button is a plain form: send the person back to the dashboard.
      if (req.accepts(['json', 'html']) === 'html') res.redirect(303, '/sandbox');
      else res.json(link);
    } catch (error) {
      if (error instanceof ApiError) throw new InvalidError(error.body.description);
      throw error;
    }
  });
  return finishSandbox(app, controls, state, held, logger);
}

/** For a test payment on a link: the link now, and the redirect query its callback_url would get (when paid). */
function paidLinkAnswer(state: SandboxState, link: PaymentLinkEntity, paymentId: string) {
  const callback = state.paymentLinks.callbackFor(link, paymentId, state.config.keySecret);
  return { payment_link: link, ...(callback ? { payment_link_callback: callback } : {}) };
}

export type RunningSandbox = Listening<Sandbox>;

/** For tests: createSandbox + listen on 127.0.0.1 (port 0 = any free one); close() stops both. */
export function startSandbox(options: SandboxOptions & { port?: number } = {}): Promise<RunningSandbox> {
  return listenSandbox(createSandbox(options), options.port);
}
