import { DEFAULT_WEBHOOK_TOKEN, type RunningSandbox, type SandboxOptions } from '@pickles/courier-sandbox';
import { startSandboxWithClient } from '@pickles/courier-sandbox/testing';
import type { CourierClient, CourierConfig } from '../src/index.js';

export { sampleOrder, startWebhookReceiver } from '@pickles/courier-sandbox/testing';
export { DEFAULT_WEBHOOK_TOKEN };

export type Setup = { sandbox: RunningSandbox; client: CourierClient; calls: (path: string) => number };

/** The sandbox on a free port and a client pointed at it, as the shop configures it for development. */
export async function startWithClient(options: SandboxOptions = {}, config: Partial<CourierConfig> = {}): Promise<Setup> {
  const sandbox = await startSandboxWithClient(options, config);
  return { sandbox, client: sandbox.client, calls: sandbox.calls };
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
