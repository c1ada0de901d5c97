import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, DEFAULT_WEBHOOK_TOKEN } from '../src/sandbox.js';
import { sampleOrder, startSandboxWithClient, type SandboxWithClient } from '../src/testing.js';

export { sampleOrder, startWebhookReceiver } from '../src/testing.js';
export { DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, DEFAULT_WEBHOOK_TOKEN };

export type TestSandbox = SandboxWithClient;
export const startTestSandbox = startSandboxWithClient;

/** One sandbox for the test file, handed to `use` once started, reset before each test and closed after the last. */
export function sandboxPerFile(use: (sandbox: TestSandbox) => void): void {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    use(sandbox);
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    await control(sandbox.url, '/reset');
  });
}

export interface Answer {
  status: number;
  text: string;
  json: Record<string, any>;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: Record<string, any> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, any>) : {};
  } catch {}
  return { status: response.status, text, json };
}

export async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/external/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_API_EMAIL, password: DEFAULT_API_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A raw call to /v1/external with a fresh token (or the one given). */
export async function api(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const bearer = token ?? (await login(baseUrl));
  return answerOf(
    await fetch(`${baseUrl}/v1/external${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
}

/** A sandbox control (POST /sandbox/...) with a JSON body. */
export async function control(baseUrl: string, path: string, body: unknown = {}): Promise<Answer> {
  return answerOf(await fetch(`${baseUrl}/sandbox${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
}

/** Booked through the client: created, AWB assigned and pickup scheduled. */
export async function bookedShipment(sandbox: TestSandbox, orderRef: string) {
  const booked = await sandbox.client.createShipment(sampleOrder(orderRef));
  const assigned = await sandbox.client.assignAwb({ shipmentId: booked.shipmentId });
  await sandbox.client.schedulePickup({ shipmentId: booked.shipmentId });
  return { ...booked, awb: assigned.awb, courierName: assigned.courierName };
}

/** Moves a shipment along with the sandbox's controls, failing the test on a refusal. */
export async function steps(sandbox: TestSandbox, awb: string, ...names: Array<string | [string, string]>): Promise<void> {
  for (const entry of names) {
    const [step, reason] = Array.isArray(entry) ? entry : [entry, undefined];
    const answer = await control(sandbox.url, `/shipments/${awb}/${step}`, reason ? { reason } : {});
    if (answer.status !== 200) throw new Error(`${step} refused: ${answer.text}`);
  }
}
