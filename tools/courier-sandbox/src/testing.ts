import type { IncomingHttpHeaders } from 'node:http';
import { startRawReceiver } from '@pickles/sandbox-kit/testing';
import { createCourierClient, type CourierClient, type CourierConfig, type ShipmentOrder } from '@pickles/courier-client';
import { DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, DEFAULT_WEBHOOK_TOKEN } from './env.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './sandbox.js';

/** Helpers for tests that drive the sandbox (its own, and the courier client's). */

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  json: Record<string, any>;
  status: number;
}

/** A webhook receiver keeping every delivery's raw body; `answer` picks the HTTP status of the nth (default 200). */
export function startWebhookReceiver(answer: (nth: number, body: string) => number = () => 200) {
  return startRawReceiver(
    '/api/courier/webhook',
    (rawBody, headers, status): ReceivedWebhook => {
      let json: Record<string, any> = {};
      try {
        json = JSON.parse(rawBody) as Record<string, any>;
      } catch {}
      return { headers, rawBody, json, status };
    },
    answer,
    { ok: 'ok', notOk: 'not ok', isOk: (status) => status === 200 },
  );
}

/** An order as the shop books it: two jars to Bengaluru from the sandbox's Delhi pickup address. */
export function sampleOrder(orderRef: string, overrides: Partial<ShipmentOrder> = {}): ShipmentOrder {
  return {
    orderRef,
    orderDate: new Date('2026-11-28T08:35:00Z'),
    pickupLocation: 'Primary',
    customer: {
      name: 'Meera Iyer',
      email: 'meera@example.in',
      phone: '9876543210',
      address: 'Flat 4C, 80 Feet Road',
      address2: 'Koramangala 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560034',
    },
    items: [
      { name: 'Royal Chicken Pickle 500 g', sku: 'RP-CHICKEN-500', units: 2, unitPricePaise: 64_900, hsn: '1602' },
      { name: 'Mutton Kofta Pickle 250 g', sku: 'RP-KOFTA-250', units: 1, unitPricePaise: 44_950 },
    ],
    parcel: { lengthCm: 20, breadthCm: 15, heightCm: 12, weightKg: 1.6 },
    ...overrides,
  };
}

export type SandboxWithClient = RunningSandbox & {
  client: CourierClient;
  /** How many API requests reached the sandbox at this path (under /v1/external, without the query). */
  calls: (path: string) => number;
};

/** The sandbox on a free port (webhooks at once, quick retries) and a courier client pointed at it, as the shop configures it for development. */
export async function startSandboxWithClient(options: SandboxOptions = {}, config: Partial<CourierConfig> = {}): Promise<SandboxWithClient> {
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
  const calls = (path: string) => sandbox.state.requests.filter((request) => request.path.split('?')[0] === `/v1/external${path}`).length;
  return Object.assign(sandbox, { client, calls });
}
