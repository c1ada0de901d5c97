import { finishSandbox, listenSandbox, sandboxApp, stateControls, type Listening, type SandboxStartOptions, type StatefulSandbox } from '@pickles/sandbox-kit';
import { ConflictError, createLogger, InvalidError, NotFoundError } from '@pickles/service-kit';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { apiRouter, publicUrlOf } from './api.js';
import { renderDashboard, renderTrackingPage } from './dashboard.js';
import { DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, DEFAULT_WEBHOOK_TOKEN } from './env.js';
import { knobsFromForm, type Knobs } from './knobs.js';
import { renderLabels, renderManifest } from './pdfs.js';
import { ControlError, CourierState, type SandboxConfig } from './state.js';
import { FAIL_REASON_IDS, isStep } from './steps.js';

export { CourierState, ControlError } from './state.js';
export { PICKUP_LOCATION } from './model.js';
export type { SandboxConfig } from './state.js';
export type { Shipment, Scan } from './model.js';
export { DEFAULT_KNOBS, knobsSchema, type Knobs } from './knobs.js';
export { FAIL_REASONS, FAIL_REASON_IDS, STEPS, STEP_IDS, type FailReason, type Step, type Phase } from './steps.js';
export { SANDBOX_COURIERS } from './rates.js';
export { orderSends, type WebhookRecord, type DeliveryRecord } from './webhooks.js';
export { DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, DEFAULT_WEBHOOK_TOKEN };

export interface SandboxOptions extends SandboxStartOptions<Knobs> {
  email?: string;
  password?: string;
  /** Where tracking webhooks are POSTed; unset = recorded only (or set the webhookUrl knob later). */
  webhookUrl?: string;
  /** Sent as x-api-key; default the sandbox's demo token. */
  webhookToken?: string;
  /** The sandbox's URL as browsers reach it; unset = the Host of each request. */
  publicUrl?: string;
}

/** close() cancels its timers (webhooks, retries) and drops held connections. */
export type Sandbox = StatefulSandbox<CourierState>;

const stepBodySchema = z.object({ reason: z.enum(FAIL_REASON_IDS).optional() }).strict();

const zodMessage = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');

/** Builds the sandbox (never listens): Shiprocket's API, its webhooks, label and manifest files, tracking pages, the dashboard. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const logger = options.logger ?? createLogger('courier-sandbox', 'silent');
  const config: SandboxConfig = {
    email: options.email ?? DEFAULT_API_EMAIL,
    password: options.password ?? DEFAULT_API_PASSWORD,
    webhookUrl: options.webhookUrl,
    webhookToken: options.webhookToken ?? DEFAULT_WEBHOOK_TOKEN,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
  };
  const state = new CourierState(config, options.knobs ?? {}, logger);
  const held = new Set<Response>();

  const app = sandboxApp('courier-sandbox');
  app.use('/v1/external', apiRouter(state, held));

  app.get('/files/:kind/:file', async (req, res) => {
    const match = /^([a-f0-9]{24})\.pdf$/.exec(req.params.file);
    const stored = match ? state.files.get(match[1]!) : undefined;
    const kind = ({ labels: 'label', manifests: 'manifest' } as const)[req.params.kind as 'labels' | 'manifests'];
    if (!stored || stored.kind !== kind) throw new NotFoundError('No such file');
    const shipments = stored.shipmentIds.map((id) => state.shipments.get(id)).filter((shipment) => shipment !== undefined);
    const pdf = kind === 'label' ? await renderLabels(shipments) : await renderManifest(shipments, stored.createdAt);
    res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${kind}-${match![1]}.pdf"`);
    res.send(pdf);
  });

  app.get('/tracking/:awb', (req, res) => {
    const shipment = state.findAwb(req.params.awb);
    res.status(shipment ? 200 : 404).type('html').send(renderTrackingPage(shipment, req.params.awb));
  });

  const controls = express.Router();
  controls.use(express.json({ limit: '100kb' }));
  controls.use(express.urlencoded({ extended: false, limit: '100kb' }));
  const isForm = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));
  /** A form (the dashboard) goes back to the dashboard, with the error shown; JSON callers get JSON. */
  const answer = (req: Request, res: Response, json: unknown, anchor = '') => {
    if (isForm(req)) res.redirect(303, `/sandbox${anchor}`);
    else res.json(json);
  };
  const controlError = (req: Request, res: Response, error: unknown) => {
    const message = error instanceof z.ZodError ? zodMessage(error) : error instanceof Error ? error.message : String(error);
    if (isForm(req)) {
      res.redirect(303, `/sandbox?error=${encodeURIComponent(message)}`);
      return;
    }
    if (error instanceof ControlError) throw error.status === 404 ? new NotFoundError(message) : new ConflictError(message);
    throw new InvalidError(message);
  };

  controls.get('/', (req, res) => {
    const error = typeof req.query.error === 'string' ? req.query.error.slice(0, 300) : undefined;
    res.type('html').send(renderDashboard(state, publicUrlOf(state, req), error));
  });
  stateControls(controls, state, held, answer, 'No such webhook');
  controls.post('/knobs', (req, res) => {
    try {
      const knobs = state.setKnobs(isForm(req) ? knobsFromForm(req.body as Record<string, unknown>) : (req.body ?? {}));
      answer(req, res, knobs);
    } catch (error) {
      controlError(req, res, error);
    }
  });
  controls.post('/tokens/expire', (req, res) => {
    answer(req, res, { expired: state.expireTokens() });
  });
  controls.post('/shipments/:awb/:step', (req, res) => {
    const { awb, step } = req.params;
    try {
      if (!isStep(step)) throw new ControlError(404, `No step "${step}": use one of pick-up, in-transit, out-for-delivery, deliver, fail, rto, rto-deliver`);
      const body = stepBodySchema.parse(isForm(req) ? { ...(req.body?.reason ? { reason: req.body.reason } : {}) } : (req.body ?? {}));
      const { shipment, webhooks } = state.step(awb, step, body.reason);
      answer(req, res, { shipment: { id: shipment.id, awb: shipment.awb, status: webhooks.at(-1)?.status, attempts: shipment.attempts }, webhooks: webhooks.map((w) => ({ id: w.id, status: w.status, state: w.state })) }, `#shipment-${shipment.id}`);
    } catch (error) {
      controlError(req, res, error);
    }
  });
  return finishSandbox(app, controls, state, held, logger);
}

export type RunningSandbox = Listening<Sandbox>;

/** For tests: createSandbox + listen on 127.0.0.1 (port 0 = any free one); close() stops both. */
export function startSandbox(options: SandboxOptions & { port?: number } = {}): Promise<RunningSandbox> {
  return listenSandbox(createSandbox(options), options.port);
}
