import type { IncomingHttpHeaders } from 'node:http';
import { startRawReceiver } from '@pickles/sandbox-kit/testing';
import { createRazorpayClient, RazorpayError, type RazorpayClient } from '@pickles/razorpay-client';
import { DEFAULT_KEY_ID, DEFAULT_KEY_SECRET, DEFAULT_WEBHOOK_SECRET, startSandbox, type RunningSandbox, type SandboxOptions } from './sandbox.js';

/** Helpers for tests that drive the sandbox (its own, and the Razorpay client's). */

export { DEFAULT_KEY_ID, DEFAULT_KEY_SECRET, DEFAULT_WEBHOOK_SECRET };

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  event: string;
  status: number;
}

/**
 * A tiny webhook receiver keeping the exact raw body of every delivery. `answer` picks the HTTP
 * status per delivery (default 200).
 */
export function startReceiver(answer: (nth: number, body: string) => number = () => 200) {
  return startRawReceiver(
    '/api/payment/webhook',
    (rawBody, headers, status): ReceivedWebhook => {
      let event: string;
      try {
        event = (JSON.parse(rawBody) as { event: string }).event;
      } catch {
        event = '(unparsable)';
      }
      return { headers, rawBody, event, status };
    },
    answer,
    { ok: 'ok', notOk: 'nope', isOk: (status) => status < 300 },
  );
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox & { client: RazorpayClient }> {
  const sandbox = await startSandbox({ ...options, knobs: { webhookDelayMs: 0, ...options.knobs } });
  const client = createRazorpayClient({
    keyId: DEFAULT_KEY_ID,
    keySecret: DEFAULT_KEY_SECRET,
    webhookSecret: DEFAULT_WEBHOOK_SECRET,
    apiBaseUrl: sandbox.url,
    timeoutMs: 2_000,
  });
  return Object.assign(sandbox, { client });
}

/** Polls until `check` returns a truthy value (webhooks and late authorisation are asynchronous). */
export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function basicAuth(keyId = DEFAULT_KEY_ID, secret = DEFAULT_KEY_SECRET): string {
  return `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
}

export async function api(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: basicAuth(), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : undefined) as Record<string, any> };
}

export async function sandboxPost(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

/** What a client call rejected with, which must be a RazorpayError (anything else, or no rejection, throws). */
export async function razorpayRejection(promise: Promise<unknown>): Promise<RazorpayError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  if (!(error instanceof RazorpayError)) throw error instanceof Error ? error : new Error(`expected a RazorpayError, got ${String(error)}`);
  return error;
}
