import { randomUUID } from 'node:crypto';
import express from 'express';
import type { Db } from '@pickles/db';
import { createRazorpayClient, type RazorpayClient } from '@pickles/razorpay-client';
import { createSandbox, type Knobs, type Sandbox } from '@pickles/razorpay-sandbox';
import { createLogger, createRedis } from '@pickles/service-kit';
import { createTestDatabase, orderPayload, postJson, startApp, testDb, type RunningApp } from '@pickles/test-kit';
import { createCheckoutApp, type TrackingOptions } from '../src/app.js';
import type { ComplaintLimits } from '../src/routes.js';

const KEYS = { keyId: 'rzp_test_Checkout00000001', keySecret: 'checkout_key_secret_0123', webhookSecret: 'checkout_webhook_secret_0123' };

/** The checkout service over HTTP against real PostgreSQL and the Razorpay sandbox through the official SDK. */
export interface CheckoutHarness {
  db: Db;
  sandbox: Sandbox;
  razorpay: RazorpayClient;
  checkout: RunningApp;
  setKnobs: (knobs: Partial<Knobs>) => void;
  /** Razorpay orders asked for so far, counted as each request arrives at the sandbox (before any latency it is set to add). */
  razorpayOrdersAsked: () => number;
  createOrder: (body: unknown, key?: string) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

/** The one create-order body of the tests (test-kit). */
export { orderPayload };

/** Limits high enough for a test file's own orders and lookups; the rate-limit tests set their own. */
export async function startCheckoutHarness(
  knobs: Partial<Knobs> = {},
  limits: { perClientPerMinute?: number; perEmailPerHour?: number; heldJars?: { perClient?: number; perContact?: number; holdMinutes?: number } } = {},
  tracking: Partial<TrackingOptions> = { perClientPerMinute: 1_000, perOrderPerHour: 1_000, linksPerClientPerMinute: 1_000 },
  complaints: ComplaintLimits = { perClientPerHour: 1_000, perEmailPerDay: 1_000 },
): Promise<CheckoutHarness> {
  const db = testDb();
  const redis = createRedis(process.env.REDIS_URL!, 'checkout-test');
  // No webhook receiver: checkout never takes them.
  const sandbox = createSandbox({ ...KEYS, knobs: { withholdWebhooks: true, ...knobs } });
  // Counts the calls as they arrive: the sandbox's own log records a call only once it is answered.
  let razorpayOrdersAsked = 0;
  const sandboxFront = express();
  sandboxFront.use((req, _res, next) => {
    if (req.method === 'POST' && req.path === '/v1/orders') razorpayOrdersAsked++;
    next();
  });
  sandboxFront.use(sandbox.app);
  const sandboxApp = await startApp(sandboxFront);
  const razorpay = createRazorpayClient({ ...KEYS, apiBaseUrl: sandboxApp.url, timeoutMs: 3_000 });
  const checkout = await startApp(
    createCheckoutApp({
      db,
      razorpay,
      logger: createLogger('checkout-test', 'silent'),
      limits: { redis, prefix: `${process.env.REDIS_PREFIX}:${randomUUID().slice(0, 8)}`, perClientPerMinute: 1_000, perEmailPerHour: 1_000, heldJars: { perClient: 100_000, perContact: 100_000 }, ...limits },
      tracking,
      complaints,
    }),
  );
  return {
    db,
    sandbox,
    razorpay,
    checkout,
    setKnobs: (next) => sandbox.state.setKnobs(next),
    razorpayOrdersAsked: () => razorpayOrdersAsked,
    createOrder: (body, key = randomUUID()) => postJson(`${checkout.url}/api/payment/create-order`, body, { 'idempotency-key': key }),
    close: async () => {
      await checkout.close();
      await sandbox.close();
      await sandboxApp.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}

/** The harness on a database of the file's own, for a file that adds or changes products the run's other files order from; closing it drops the database. */
export async function startCheckoutHarnessOnOwnDatabase(...args: Parameters<typeof startCheckoutHarness>): Promise<CheckoutHarness> {
  const database = await createTestDatabase();
  const shared = process.env.DATABASE_URL;
  process.env.DATABASE_URL = database.url;
  try {
    const h = await startCheckoutHarness(...args);
    return {
      ...h,
      close: async () => {
        await h.close();
        await database.drop();
      },
    };
  } finally {
    process.env.DATABASE_URL = shared;
  }
}
