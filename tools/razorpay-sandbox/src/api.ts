import { timingSafeEqual } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { ApiError, AUTH_FAILED_BODY, badRequest, sendApiError, serverError, urlNotFound } from './api-errors.js';
import { bodyOf, currencyOf, integerAmount, listPage, rejectExtraFields, validateNotes } from './api-input.js';
import { publicUrlOf } from './checkout-routes.js';
import type { SandboxState } from './core.js';
import { parsePaymentLinkCreate, parsePaymentLinkEdit } from './payment-link-input.js';
import { nowSeconds } from './ids.js';

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HTTP Basic with the sandbox's key pair; anything else gets §1's 401 body. */
function basicAuth(state: SandboxState): RequestHandler {
  return (req, res, next) => {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const ok =
      colon > 0 && safeEqual(decoded.slice(0, colon), state.config.keyId) && safeEqual(decoded.slice(colon + 1), state.config.keySecret);
    if (!ok) {
      res.status(401).json(AUTH_FAILED_BODY);
      return;
    }
    next();
  };
}

/**
 * The apiLatencyMs knob (a slow Razorpay: every call waits first), then the apiFailure knob: a 500
 * SERVER_ERROR; a held connection dropped without an answer; or the request processed as usual with
 * its answer lost (the connection is dropped instead of ending).
 */
function failureInjection(state: SandboxState, held: Set<Response>): RequestHandler {
  return (_req, res, next) => {
    const latency = state.knobs.apiLatencyMs;
    if (latency === 0) {
      injectFailure(state, held, res, next);
      return;
    }
    held.add(res);
    state.later(latency, () => {
      held.delete(res);
      if (!res.destroyed) injectFailure(state, held, res, next);
    });
  };
}

function injectFailure(state: SandboxState, held: Set<Response>, res: Response, next: () => void): void {
  const failure = state.takeApiFailure();
  if (failure === 'server_error') {
    sendApiError(res, serverError());
    return;
  }
  if (failure === 'timeout') {
    held.add(res);
    state.later(state.knobs.apiTimeoutHoldMs, () => {
      held.delete(res);
      res.socket?.destroy();
    });
    return;
  }
  if (failure === 'lost_response') {
    res.end = function lostResponse(this: Response) {
      this.socket?.destroy();
      return this;
    } as Response['end'];
  }
  next();
}

function requestLog(state: SandboxState): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl;
    res.on('finish', () => {
      state.logger.info({ method: req.method, path, statusCode: res.statusCode }, 'api call');
      state.logRequest({
        at: new Date().toISOString(),
        method: req.method,
        path,
        statusCode: res.statusCode,
        userAgent: req.headers['user-agent'] ?? null,
      });
    });
    next();
  };
}

const ORDER_FIELDS = ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount', 'payment', 'payment_capture'] as const;

function parseOrderBody(body: Record<string, unknown>) {
  rejectExtraFields(body, ORDER_FIELDS);
  const amount = integerAmount(body.amount);
  if (amount < 100) throw badRequest('The amount must be at least INR 1.00', { field: 'amount' });
  const currency = currencyOf(body.currency);
  let receipt: string | null = null;
  if (body.receipt !== undefined && body.receipt !== null) {
    if (typeof body.receipt !== 'string') throw badRequest('The receipt must be a string.', { field: 'receipt' });
    if (body.receipt.length > 40) throw badRequest('The receipt may not be greater than 40 characters.', { field: 'receipt' });
    receipt = body.receipt;
  }
  const notes = validateNotes(body.notes);
  if (body.partial_payment !== undefined && typeof body.partial_payment !== 'boolean') {
    throw badRequest('The partial payment field must be true or false.', { field: 'partial_payment' });
  }
  if (body.first_payment_min_amount !== undefined && body.partial_payment !== true) {
    throw badRequest('first_payment_min_amount is/are not required and should not be sent', { reason: 'extra_field_sent', field: 'first_payment_min_amount' });
  }
  let capture: 'automatic' | 'manual' | undefined;
  if (body.payment !== undefined) {
    const payment = body.payment as { capture?: unknown } | null;
    if (typeof payment !== 'object' || payment === null || (payment.capture !== 'automatic' && payment.capture !== 'manual')) {
      throw badRequest('The payment.capture must be automatic or manual.', { field: 'payment.capture' });
    }
    capture = payment.capture;
  } else if (body.payment_capture !== undefined) {
    // Legacy flag; its exact meaning today is unconfirmed (§2). The sandbox reads false as manual.
    capture = body.payment_capture === false || body.payment_capture === 0 || body.payment_capture === '0' ? 'manual' : 'automatic';
  }
  return { amount, currency, receipt, notes, ...(capture ? { capture } : {}) };
}

function collection<T>(items: T[]) {
  return { entity: 'collection', count: items.length, items };
}

/** The /v1 REST API, authenticated like Razorpay's. */
export function apiRouter(state: SandboxState, held: Set<Response>): Router {
  const router = Router();
  router.use(requestLog(state));
  router.use(basicAuth(state));
  router.use(failureInjection(state, held));
  router.use(express.json({ limit: '100kb' }));

  router.post('/orders', (req, res) => {
    res.json(state.createOrder(parseOrderBody(bodyOf(req))));
  });

  router.get('/orders', (req, res) => {
    const receipt = typeof req.query.receipt === 'string' ? req.query.receipt : undefined;
    const orders = [...state.orders.values()].filter((o) => receipt === undefined || o.receipt === receipt);
    res.json(collection(listPage(orders, req.query)));
  });

  router.get('/orders/:id', (req, res) => {
    res.json(state.getOrder(req.params.id));
  });

  router.get('/orders/:id/payments', (req, res) => {
    const order = state.getOrder(req.params.id);
    res.json(collection(state.paymentsOf(order.id)));
  });

  router.get('/payments/:id', (req, res) => {
    res.json(state.getPayment(req.params.id));
  });

  router.post('/payments/:id/capture', (req, res) => {
    const body = bodyOf(req);
    rejectExtraFields(body, ['amount', 'currency']);
    res.json(state.capturePayment(req.params.id, body));
  });

  router.post('/payments/:id/refund', (req, res) => {
    const body = bodyOf(req);
    rejectExtraFields(body, ['amount', 'speed', 'notes', 'receipt']);
    const key = req.headers['x-refund-idempotency'];
    if (key !== undefined && (typeof key !== 'string' || !/^[A-Za-z0-9_-]{10,}$/.test(key))) {
      throw badRequest('The X-Refund-Idempotency header must be at least 10 characters of A-Z, a-z, 0-9, _ or -', { field: 'X-Refund-Idempotency' });
    }
    const parsed: { amount?: number; speed?: 'normal' | 'optimum'; notes?: Record<string, string>; receipt?: string } = {};
    if (body.amount !== undefined) parsed.amount = integerAmount(body.amount);
    if (body.speed !== undefined) {
      if (body.speed !== 'normal' && body.speed !== 'optimum') throw badRequest('The selected speed is invalid.', { field: 'speed' });
      parsed.speed = body.speed;
    }
    const notes = validateNotes(body.notes);
    if (!Array.isArray(notes)) parsed.notes = notes;
    if (body.receipt !== undefined) {
      if (typeof body.receipt !== 'string' || body.receipt.length > 40) throw badRequest('The receipt may not be greater than 40 characters.', { field: 'receipt' });
      parsed.receipt = body.receipt;
    }
    res.json(state.refundPayment(req.params.id, parsed, key));
  });

  router.get('/payments/:id/refunds', (req, res) => {
    res.json(collection(state.refundsOf(req.params.id)));
  });

  router.get('/payments/:id/refunds/:refundId', (req, res) => {
    res.json(state.getRefund(req.params.refundId, req.params.id));
  });

  router.get('/refunds/:id', (req, res) => {
    res.json(state.getRefund(req.params.id));
  });

  router.post('/payment_links', (req, res) => {
    const draft = parsePaymentLinkCreate(bodyOf(req), nowSeconds());
    res.json(state.paymentLinks.create(draft, publicUrlOf(state, req)));
  });

  router.get('/payment_links', (req, res) => {
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    const referenceId = text(req.query.reference_id);
    const paymentId = text(req.query.payment_id);
    const links = state.paymentLinks.list({ ...(referenceId ? { referenceId } : {}), ...(paymentId ? { paymentId } : {}) });
    // Razorpay answers this list as {payment_links: [...]}, not as a collection.
    res.json({ payment_links: listPage(links, req.query) });
  });

  router.get('/payment_links/:id', (req, res) => {
    res.json(state.paymentLinks.get(req.params.id));
  });

  router.patch('/payment_links/:id', (req, res) => {
    const patch = parsePaymentLinkEdit(bodyOf(req), nowSeconds());
    res.json(state.paymentLinks.edit(req.params.id, patch));
  });

  router.post('/payment_links/:id/cancel', (req, res) => {
    res.json(state.paymentLinks.cancel(req.params.id));
  });

  router.use((_req, _res, next) => next(urlNotFound()));

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof ApiError) {
      sendApiError(res, error);
      return;
    }
    if ((error as { type?: string })?.type === 'entity.parse.failed') {
      sendApiError(res, badRequest('The request body is not valid JSON'));
      return;
    }
    sendApiError(res, serverError());
  };
  router.use(onError);
  return router;
}
