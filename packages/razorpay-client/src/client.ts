import Razorpay from 'razorpay';
import { RazorpayError, toRazorpayError, transportError, type CallKind } from './errors.js';
import { normaliseOrder, normalisePayment, normalisePaymentLink, normaliseRefund } from './normalise.js';
import { verifyCheckoutSignature, verifyPaymentLinkCallback, verifyWebhookSignature } from './signatures.js';
import type { PaymentLinkInput, RazorpayClient, RazorpayConfig, RazorpayOrder, RazorpayPayment, RazorpayPaymentLink, RazorpayRefund } from './types.js';
import { assertId, assertIdempotencyKey, assertNotes, assertPaise, assertPaymentLinkInput, assertReceipt } from './validation.js';

export const DEFAULT_API_BASE_URL = 'https://api.razorpay.com';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Extra attempts for calls that are safe to repeat. */
export const MAX_RETRIES = 2;
const BACKOFF_MS = [150, 400];

/**
 * Every order asks Razorpay to capture its payments itself, whatever the account setting, for as
 * long as a late authorisation can arrive (3 days, in minutes): an order becomes paid only on a
 * captured payment, and the shop never has to capture one that nobody is waiting for.
 */
export const AUTOMATIC_CAPTURE = {
  capture: 'automatic',
  capture_options: { automatic_expiry_period: 3 * 24 * 60, manual_expiry_period: 3 * 24 * 60, refund_speed: 'normal' },
} as const;

/** The slice of axios we touch; the SDK does not export its types for the instance. */
interface AxiosLike {
  defaults: { baseURL?: string; timeout?: number; maxRedirects?: number };
  interceptors: { response: { use(onOk: undefined, onError: (error: unknown) => unknown): number } };
  post(url: string, data?: unknown, config?: { headers?: Record<string, string> }): Promise<{ data: unknown }>;
}

/** The SDK calls we use, typed loosely: its own .d.ts types are wider than the entities we promise. */
interface SdkInstance {
  api: { rq: AxiosLike };
  orders: {
    create(params: Record<string, unknown>): Promise<unknown>;
    fetch(id: string): Promise<unknown>;
    fetchPayments(id: string): Promise<unknown>;
    all(params: Record<string, unknown>): Promise<unknown>;
  };
  payments: {
    fetch(id: string): Promise<unknown>;
    capture(id: string, amount: number, currency: string): Promise<unknown>;
    refund(id: string, params: Record<string, unknown>): Promise<unknown>;
  };
  refunds: {
    fetch(id: string): Promise<unknown>;
  };
  paymentLink: {
    create(params: Record<string, unknown>): Promise<unknown>;
    fetch(id: string): Promise<unknown>;
    cancel(id: string): Promise<unknown>;
    all(params: Record<string, unknown>): Promise<unknown>;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Builds the SDK instance and points it at `apiBaseUrl`. Exported for the test that fails when an
 * SDK upgrade moves the internals this relies on.
 */
export function createSdk(config: Pick<RazorpayConfig, 'keyId' | 'keySecret' | 'apiBaseUrl' | 'timeoutMs'>): SdkInstance {
  const sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret }) as unknown as SdkInstance;
  const rq = sdk.api?.rq;
  if (!rq?.defaults || !rq.interceptors) {
    // Fail loudly at start-up rather than silently calling the live API from a sandboxed setup.
    throw new Error('razorpay SDK internals changed: instance.api.rq (axios) not found; check the pinned SDK version');
  }
  // The SDK hard-codes https://api.razorpay.com and has no option for another host. `api.rq` is its
  // internal axios instance (razorpay 2.9.4+, pinned at 2.9.8 in package.json); this is the ONE
  // place the host is set, and tools/razorpay-sandbox/test/sdk-client.test.ts fails if an
  // upgrade breaks it.
  rq.defaults.baseURL = (config.apiBaseUrl ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '');
  rq.defaults.timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Razorpay's API answers JSON and never redirects. With redirects allowed, axios sends every call
  // through follow-redirects' wrapper of Node's http (about a tenth of a create-order's CPU in
  // checkout's profile); with none it calls Node's http directly.
  rq.defaults.maxRedirects = 0;
  // With no HTTP response (timeout, refused connection) the SDK's normalizeError crashes on
  // err.response.status and the promise rejects with a bare TypeError, losing whether it was a
  // timeout. Here, before the SDK's catch, we turn such errors into a RazorpayError whose
  // `response` getter throws that same error, so the SDK's crash re-throws our error instead.
  rq.interceptors.response.use(undefined, (error: unknown) => {
    if (typeof error === 'object' && error !== null && !(error as { response?: unknown }).response) {
      const mapped = transportError(error);
      Object.defineProperty(mapped, 'response', {
        enumerable: false,
        get() {
          throw mapped;
        },
      });
      return Promise.reject(mapped);
    }
    return Promise.reject(error);
  });
  return sdk;
}

/** Calls `fn`; the SDK can throw synchronously, so that is caught and mapped too. */
async function call<T>(fn: () => Promise<unknown>, kind: CallKind): Promise<T> {
  try {
    return (await fn()) as T;
  } catch (error) {
    throw toRazorpayError(error, kind);
  }
}

/** For reads (and other repeatable calls): up to MAX_RETRIES more tries on network, timeout and 5xx. */
async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof RazorpayError) || !error.retryable || attempt >= MAX_RETRIES) throw error;
      await sleep(BACKOFF_MS[attempt] ?? 500);
    }
  }
}

interface Collection<T> {
  items?: T[];
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The body of POST /v1/payment_links for what the shop asks. */
function paymentLinkParams(input: PaymentLinkInput): Record<string, unknown> {
  const params: Record<string, unknown> = {
    amount: input.amountPaise,
    currency: 'INR',
    accept_partial: false,
    reference_id: input.referenceId,
    // The shop sends its own e-mail with the link; Razorpay's SMS and e-mail would be a second copy.
    notify: { sms: false, email: false },
    reminder_enable: false,
  };
  if (input.description !== undefined) params.description = input.description;
  if (input.customer && Object.keys(input.customer).length > 0) params.customer = input.customer;
  if (input.callbackUrl !== undefined) {
    params.callback_url = input.callbackUrl;
    params.callback_method = 'get';
  }
  if (input.expireBy !== undefined) params.expire_by = Math.floor(input.expireBy.getTime() / 1000);
  if (input.notes && Object.keys(input.notes).length > 0) params.notes = input.notes;
  return params;
}

/**
 * A refusal that may mean "this reference_id is taken". Razorpay's only documented signal is the
 * description text, which we never read; the field (reference_id, or none at all) narrows it, and
 * the caller then looks the reference up before believing it.
 */
function mayBeTakenReference(error: RazorpayError): boolean {
  return error.kind === 'invalid_request' && error.statusCode === 400 && (error.field === 'reference_id' || error.field === undefined || error.field === null);
}

export function createRazorpayClient(config: RazorpayConfig): RazorpayClient {
  if (!config.keyId || !config.keySecret) throw new Error('Razorpay keyId and keySecret are required');
  if (!config.webhookSecret) throw new Error('Razorpay webhookSecret is required');
  const sdk = createSdk(config);

  async function findOrderByReceipt(receipt: string, amountPaise: number): Promise<RazorpayOrder | undefined> {
    const list = await call<Collection<unknown>>(() => sdk.orders.all({ receipt, count: 10 }), 'other');
    return (list.items ?? []).map(normaliseOrder).find((o) => o.receipt === receipt && o.amount === amountPaise);
  }

  async function findPaymentLinkByReference(referenceId: string): Promise<RazorpayPaymentLink | undefined> {
    const list = await call<{ payment_links?: unknown[] }>(() => sdk.paymentLink.all({ reference_id: referenceId }), 'other');
    return (list.payment_links ?? []).map(normalisePaymentLink).find((link) => link.reference_id === referenceId);
  }

  /** The link already made with this reference, when it is the one asked for; otherwise a conflict. */
  function sameLinkOrConflict(existing: RazorpayPaymentLink, input: PaymentLinkInput): RazorpayPaymentLink {
    if (existing.amount === input.amountPaise && existing.currency === 'INR') return existing;
    throw new RazorpayError('conflict', `Payment link ${existing.id} already has reference ${input.referenceId} for another amount`, {
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
      field: 'reference_id',
      retryable: false,
    });
  }

  const client: RazorpayClient = {
    keyId: config.keyId,

    async createOrder({ amountPaise, receipt, notes }) {
      assertPaise(amountPaise, 'amount');
      assertReceipt(receipt);
      assertNotes(notes);
      const params: Record<string, unknown> = { amount: amountPaise, currency: 'INR', receipt, payment: AUTOMATIC_CAPTURE };
      if (notes && Object.keys(notes).length > 0) params.notes = notes;
      // orders.create is not idempotent: a create that timed out or got a 5xx may still have made
      // an order. Before each retry, look the receipt up and return that order if it exists. A
      // stray extra unpaid order is harmless (it is never shown to a customer); a lost one is not.
      for (let attempt = 0; ; attempt++) {
        try {
          return normaliseOrder(await call(() => sdk.orders.create(params), 'other'));
        } catch (error) {
          if (!(error instanceof RazorpayError) || !error.retryable || attempt >= MAX_RETRIES) throw error;
          await sleep(BACKOFF_MS[attempt] ?? 500);
          const existing = await findOrderByReceipt(receipt, amountPaise).catch(() => undefined);
          if (existing) return existing;
        }
      }
    },

    async fetchOrder(orderId) {
      assertId(orderId, 'orderId');
      return withRetries(async () => normaliseOrder(await call(() => sdk.orders.fetch(orderId), 'fetch-by-id')));
    },

    async fetchOrderPayments(orderId) {
      assertId(orderId, 'orderId');
      return withRetries(async () => {
        const list = await call<Collection<unknown>>(() => sdk.orders.fetchPayments(orderId), 'fetch-by-id');
        return (list.items ?? []).map(normalisePayment);
      });
    },

    async fetchPayment(paymentId) {
      assertId(paymentId, 'paymentId');
      return withRetries(async () => normalisePayment(await call(() => sdk.payments.fetch(paymentId), 'fetch-by-id')));
    },

    async capturePayment(paymentId, amountPaise) {
      assertId(paymentId, 'paymentId');
      assertPaise(amountPaise, 'amount');
      // A capture that got no answer may have happened: check before trying again, because a
      // second capture of a captured payment is an error.
      for (let attempt = 0; ; attempt++) {
        try {
          return normalisePayment(await call(() => sdk.payments.capture(paymentId, amountPaise, 'INR'), 'other'));
        } catch (error) {
          if (!(error instanceof RazorpayError) || !error.retryable || attempt >= MAX_RETRIES) throw error;
          await sleep(BACKOFF_MS[attempt] ?? 500);
          const current = await client.fetchPayment(paymentId).catch(() => undefined);
          if (current?.status === 'captured' || current?.status === 'refunded') return current;
        }
      }
    },

    async refundPayment(paymentId, input = {}) {
      assertId(paymentId, 'paymentId');
      if (input.amountPaise !== undefined) assertPaise(input.amountPaise, 'amount');
      assertNotes(input.notes);
      assertIdempotencyKey(input.idempotencyKey);
      const body: Record<string, unknown> = {};
      if (input.amountPaise !== undefined) body.amount = input.amountPaise;
      if (input.notes && Object.keys(input.notes).length > 0) body.notes = input.notes;
      const { idempotencyKey } = input;
      if (idempotencyKey === undefined) {
        // Without a key a repeat could refund twice: one attempt only.
        return normaliseRefund(await call(() => sdk.payments.refund(paymentId, body), 'other'));
      }
      // The SDK's refund() cannot send extra headers (it allow-lists two), so this one call goes
      // through the same axios instance directly, with the same base URL, auth and timeout. The
      // same key and body make a retry safe; 409 means the first request is still running.
      return withRetries(async () => {
        const response = await call<{ data: unknown }>(
          () =>
            sdk.api.rq.post(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, body, {
              headers: { 'X-Refund-Idempotency': idempotencyKey, 'Content-Type': 'application/json' },
            }),
          'other',
        );
        return normaliseRefund(response.data);
      });
    },

    async fetchRefund(refundId) {
      assertId(refundId, 'refundId');
      // GET /v1/refunds/:id: where a refund is now (pending, processed, failed), when its webhook was lost.
      return withRetries(async () => normaliseRefund(await call(() => sdk.refunds.fetch(refundId), 'fetch-by-id')));
    },

    async createPaymentLink(input) {
      assertPaymentLinkInput(input, nowSeconds());
      const params = paymentLinkParams(input);
      // Like orders.create, a create that got no answer may have made the link. Unlike orders, a
      // link's reference_id is unique at Razorpay, so a repeat is refused rather than doubled: in
      // both cases the link found under the reference is the answer.
      for (let attempt = 0; ; attempt++) {
        try {
          return normalisePaymentLink(await call(() => sdk.paymentLink.create(params), 'other'));
        } catch (error) {
          if (!(error instanceof RazorpayError)) throw error;
          if (mayBeTakenReference(error)) {
            const existing = await findPaymentLinkByReference(input.referenceId);
            if (existing) return sameLinkOrConflict(existing, input);
            throw error;
          }
          if (!error.retryable || attempt >= MAX_RETRIES) throw error;
          await sleep(BACKOFF_MS[attempt] ?? 500);
          const existing = await findPaymentLinkByReference(input.referenceId).catch(() => undefined);
          if (existing) return sameLinkOrConflict(existing, input);
        }
      }
    },

    async fetchPaymentLink(paymentLinkId) {
      assertId(paymentLinkId, 'paymentLinkId');
      return withRetries(async () => normalisePaymentLink(await call(() => sdk.paymentLink.fetch(paymentLinkId), 'fetch-by-id')));
    },

    async cancelPaymentLink(paymentLinkId) {
      assertId(paymentLinkId, 'paymentLinkId');
      for (let attempt = 0; ; attempt++) {
        try {
          return normalisePaymentLink(await call(() => sdk.paymentLink.cancel(paymentLinkId), 'other'));
        } catch (error) {
          if (!(error instanceof RazorpayError)) throw error;
          if (error.kind === 'invalid_request') {
            // Refused: an unknown id (not_found from the fetch), a link cancelled already (by an
            // earlier try whose answer was lost: done, so return it), or one paid or expired.
            const current = await client.fetchPaymentLink(paymentLinkId).catch((fetchError: unknown) => {
              throw fetchError instanceof RazorpayError && fetchError.kind === 'not_found' ? fetchError : error;
            });
            if (current.status === 'cancelled') return current;
            throw error;
          }
          if (!error.retryable || attempt >= MAX_RETRIES) throw error;
          await sleep(BACKOFF_MS[attempt] ?? 500);
          const current = await client.fetchPaymentLink(paymentLinkId).catch(() => undefined);
          if (current?.status === 'cancelled') return current;
        }
      }
    },

    isValidPaymentLinkCallback(input) {
      return verifyPaymentLinkCallback(input, config.keySecret);
    },

    isValidCheckoutSignature({ orderId, paymentId, signature }) {
      return verifyCheckoutSignature(orderId, paymentId, signature, config.keySecret);
    },

    isValidWebhookSignature(rawBody, signature) {
      return verifyWebhookSignature(rawBody, signature, config.webhookSecret);
    },
  };
  return client;
}

export type { RazorpayOrder, RazorpayPayment, RazorpayPaymentLink, RazorpayRefund };

/** The RAZORPAY_* variables as every process validates them (service-kit's razorpayEnvSchema). */
export interface RazorpayEnvironment {
  RAZORPAY_KEY_ID: string;
  RAZORPAY_KEY_SECRET: string;
  RAZORPAY_WEBHOOK_SECRET: string;
  RAZORPAY_API_BASE_URL?: string;
  RAZORPAY_TIMEOUT_MS: number;
}

/** The one place a process turns its RAZORPAY_* variables into a client. */
export function razorpayFromEnv(env: RazorpayEnvironment): RazorpayClient {
  return createRazorpayClient({
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    apiBaseUrl: env.RAZORPAY_API_BASE_URL,
    timeoutMs: env.RAZORPAY_TIMEOUT_MS,
  });
}
