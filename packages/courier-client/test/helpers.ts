import { DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, DEFAULT_WEBHOOK_TOKEN, startSandbox, type RunningSandbox, type SandboxOptions } from '@pickles/courier-sandbox';
import { createCourierClient, type CourierClient, type CourierConfig } from '../src/index.js';

export { sampleOrder, startWebhookReceiver, waitFor } from '@pickles/courier-sandbox/testing';
export { DEFAULT_WEBHOOK_TOKEN };

export type Setup = { sandbox: RunningSandbox; client: CourierClient; calls: (path: string) => number };

/** The sandbox on a free port and a client pointed at it, as the shop configures it for development. */
export async function startWithClient(options: SandboxOptions = {}, config: Partial<CourierConfig> = {}): Promise<Setup> {
  const sandbox = await startSandbox({ ...options, knobs: { webhookDelayMs: 0, webhookRetryBaseMs: 20, ...options.knobs } });
  const client = createCourierClient({
    apiBaseUrl: sandbox.url,
    email: DEFAULT_API_EMAIL,
    password: DEFAULT_API_PASSWORD,
    webhookToken: DEFAULT_WEBHOOK_TOKEN,
    timeoutMs: 1_000,
    trackingPageUrl: `${sandbox.url}/tracking/`,
    ...config,
  });
  /** How many requests reached the sandbox at this path (without its query). */
  const calls = (path: string) => sandbox.state.requests.filter((request) => request.path.split('?')[0] === `/v1/external${path}`).length;
  return { sandbox, client, calls };
}

/** Moves a shipment along with the sandbox's controls (the courier's side), failing on a refusal. */
export async function courierSteps(sandbox: RunningSandbox, awb: string, ...names: Array<string | [string, string]>): Promise<void> {
  for (const entry of names) {
    const [step, reason] = Array.isArray(entry) ? entry : [entry, undefined];
    const response = await fetch(`${sandbox.url}/sandbox/shipments/${awb}/${step}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(reason ? { reason } : {}) });
    if (response.status !== 200) throw new Error(`${step} refused: ${await response.text()}`);
  }
}

export async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}
