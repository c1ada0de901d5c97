import http from 'node:http';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { CREATE_ORDER_RETRY_DELAYS_MS, isCreateOrderRetryable } from '../../web/src/features/checkout/api/create-order-retry.js';
import { idempotencyKey, orderPayload, shopperEmail } from './shop.js';
import { quantile, sleep } from './stats.js';

/** What a shopper does, in order; `pay` is the sandbox's checkout (Razorpay's, not the shop's). */
export const STEPS = ['availability', 'create-order', 'pay', 'verify', 'track'] as const;
export type Step = (typeof STEPS)[number];

export interface ShopperFailure {
  shopper: number;
  step: Step;
  status?: number;
  error: string;
}

export interface PaidOrder {
  shopper: number;
  orderNumber: string;
  email: string;
  /** performance.now() when verify-payment answered. */
  verifiedAt: number;
}

/** Every shopper's requests: time per step, failures, the orders paid. */
export class ShopperLog {
  readonly durations = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  readonly failures: ShopperFailure[] = [];
  readonly paid: PaidOrder[] = [];
  /** create-order sent again with the same key after a network error or a 502/503, as the SPA does. */
  createOrderRetries = 0;

  /** Requests the shoppers made (a create-order retried by the client counts once, as the shopper sees it). */
  get requests(): number {
    return STEPS.reduce((sum, step) => sum + this.durations[step].length, 0) + this.failures.length;
  }

  p95(step: Step): number {
    return quantile(this.durations[step], 0.95);
  }
}

const TIMEOUT_MS = 30_000;

class StepFailed extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
    /** The client gave up waiting (the SPA never retries its own timeout). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/**
 * Kept-alive connections, as browsers behind a load balancer reach the gateway. Node's http rather
 * than fetch: at a hundred shoppers a second, fetch cost the bench process as much CPU as the
 * gateway, on a machine the shop shares with it.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', agent, headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(Object.assign(new Error(`no answer within ${TIMEOUT_MS} ms`), { name: 'TimeoutError' })));
    request.on('error', reject);
    request.end(init.body);
  });
}

async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: any }> {
  let response: { status: number; text: string };
  try {
    response = await send(url, init);
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new StepFailed(undefined, timedOut ? `no answer within ${TIMEOUT_MS} ms` : `no answer: ${(error as Error).message}`, timedOut);
  }
  const { status, text } = response;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (status < 200 || status >= 300) throw new StepFailed(status, `HTTP ${status}: ${text.slice(0, 200)}`);
  return { status, body };
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * create-order as the SPA sends it (web/src/features/checkout/api/create-order.ts): the same
 * Idempotency-Key again after a network error or a 502/503, after each of the SPA's pauses.
 */
async function createOrderLikeTheSpa(origin: string, shopper: number, log: ShopperLog) {
  const key = idempotencyKey(shopper);
  const payload = orderPayload(shopper);
  for (let attempt = 0; ; attempt++) {
    try {
      return (await postJson(`${origin}/api/payment/create-order`, payload, { 'idempotency-key': key })).body as { orderId: string; razorpayOrderId: string };
    } catch (error) {
      const failure = error as StepFailed;
      const delay = CREATE_ORDER_RETRY_DELAYS_MS[attempt];
      if (failure.timedOut || !isCreateOrderRetryable(failure.status) || delay === undefined) throw failure;
      log.createOrderRetries++;
      await sleep(delay);
    }
  }
}

/**
 * One shopper through the gateway: looks at the catalogue's availability, creates an order, pays in
 * the sandbox, verifies the payment, opens the tracking link of the e-mail. Stops at the first
 * failure, which is logged. Only create-order is retried, as the SPA retries it.
 */
export async function shop({ origin, sandboxUrl, shopper, log, track = true }: { origin: string; sandboxUrl: string; shopper: number; log: ShopperLog; track?: boolean }): Promise<void> {
  let step: Step = 'availability';
  const timed = async <T>(current: Step, task: () => Promise<T>): Promise<T> => {
    step = current;
    const started = performance.now();
    const result = await task();
    log.durations[current].push(performance.now() - started);
    return result;
  };
  try {
    await timed('availability', () => call(`${origin}/api/catalogue/availability`));
    const order = await timed('create-order', () => createOrderLikeTheSpa(origin, shopper, log));
    const payment = (await timed('pay', () => postJson(`${sandboxUrl}/sandbox/payments`, { order_id: order.razorpayOrderId, status: 'captured' }))).body as Record<string, string>;
    await timed('verify', () =>
      postJson(`${origin}/api/payment/verify-payment`, {
        razorpay_order_id: payment.razorpay_order_id,
        razorpay_payment_id: payment.razorpay_payment_id,
        razorpay_signature: payment.razorpay_signature,
      }),
    );
    log.paid.push({ shopper, orderNumber: order.orderId, email: shopperEmail(shopper), verifiedAt: performance.now() });
    if (track) await timed('track', () => call(`${origin}/api/track?order=${encodeURIComponent(order.orderId)}&t=${trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderId)}`));
  } catch (error) {
    const failure = error instanceof StepFailed ? error : new StepFailed(undefined, (error as Error).message);
    log.failures.push({ shopper, step, status: failure.status, error: failure.message });
  }
}
