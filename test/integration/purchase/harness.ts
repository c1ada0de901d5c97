import { randomUUID } from 'node:crypto';
import { Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { sql, type Db } from '@pickles/db';
import { createRazorpayClient, type RazorpayClient } from '@pickles/razorpay-client';
import { createSandbox, type Knobs, type Sandbox } from '@pickles/razorpay-sandbox';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { createLogger, createRedis } from '@pickles/service-kit';
import { eventually, orderPayload, postJson, startApp, testDb, untilShopQuiet, type RunningApp } from '@pickles/test-kit';
import { QUEUES } from '@pickles/shared';
import { createCheckoutApp } from '@pickles/checkout/app';
import { createPaymentsApp } from '@pickles/payments/app';
import { startOutboxRelay, type OutboxRelay } from '@pickles/outbox-relay';
import { expireUnpaidOnce, reconcileOnce, type ReconcileResult } from '@pickles/payments/reconciler';
import { createMailer } from '@pickles/notifications/mailer';
import { createNotificationsWorker } from '@pickles/notifications/worker';
import { sweepOnce, type SweepOptions } from '@pickles/notifications/sweeper';
import { oneFileStorefront, ownerToken, startAdminOrders, startGateway } from '../gateway-stack.js';

const KEYS = { keyId: 'rzp_test_Harness00000001', keySecret: 'harness_key_secret_0123', webhookSecret: 'harness_webhook_secret_0123' };
export const OWNER_EMAIL = 'owner@royalpickles.in';

/**
 * The purchase path in one process, with real parts: PostgreSQL, Redis (BullMQ), the Razorpay
 * sandbox over HTTP through the official SDK, the checkout and payments apps over HTTP, the outbox
 * relay, the notifications worker and an SMTP mail catcher. Each test file gets its own queue prefix.
 */
export interface PurchaseHarness {
  db: Db;
  redis: Redis;
  prefix: string;
  sandbox: Sandbox;
  sandboxApp: RunningApp;
  razorpay: RazorpayClient;
  checkout: RunningApp;
  payments: RunningApp;
  relay: OutboxRelay;
  /** Swaps the relay the payments app nudges after a commit (to simulate Redis outages). */
  useRelay: (relay: OutboxRelay) => void;
  worker: Worker;
  mail: RunningMailCatcher;
  setKnobs: (knobs: Partial<Knobs>) => void;
  /** Runs `run` with the sandbox's knobs set to `on`, and sets `off` after it, however it ends. */
  withKnobs: <T>(on: Partial<Knobs>, off: Partial<Knobs>, run: () => Promise<T>) => Promise<T>;
  createOrder: (quantity?: number, email?: string) => Promise<{ orderNumber: string; razorpayOrderId: string; amountPaise: number }>;
  pay: (razorpayOrderId: string, status?: 'captured' | 'failed') => Promise<{ paymentId: string; signature?: string }>;
  verify: (body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) => Promise<{ status: number; body: any }>;
  /** A shopper's order placed through checkout (Meera Iyer, Bengaluru, Karnataka) and paid in the sandbox; resolves once it is paid and its work is done (drained). */
  paidOrder: () => Promise<{ id: string; orderNumber: string; amountPaise: number; paymentId: string; paidAt: Date }>;
  order: (orderNumber: string) => Promise<{ id: string; status: string; payment_status: string; razorpay_payment_id: string | null; paid_at: Date | null }>;
  emailsFor: (orderNumber: string) => { to: string[]; subject: string; text: string; html: string }[];
  outboxFor: (orderId: string) => Promise<number>;
  /** One reconciler pass over every order awaiting payment, then one of the expiry job (after `expireAfterSeconds`, default 4 days), their counts added up. */
  reconcile: (options?: { expireAfterSeconds?: number }) => ReturnType<typeof reconcileOnce>;
  /**
   * Resolves once nothing else will happen on its own: no webhook being sent or retried, no due
   * outbox row unpublished, no notification job waiting, running or waiting to retry. Use it instead
   * of a fixed sleep before asserting that something did NOT happen (a second e-mail, say).
   */
  drained: (timeoutMs?: number) => Promise<void>;
  /** The notifications queue, as the relay and the sweeper see it. */
  queue: Queue;
  /** One pass of the notifications sweeper. */
  sweep: (options: SweepOptions) => ReturnType<typeof sweepOnce>;
  startWorker: () => Worker;
  close: () => Promise<void>;
}

export const silentLogger = createLogger('purchase-test', 'silent');

/** The counts of two passes (the reconciler's and the expiry job's) added up. */
function sumPasses(first: ReconcileResult, second: ReconcileResult): ReconcileResult {
  const sum = { ...first };
  for (const key of Object.keys(sum) as (keyof ReconcileResult)[]) sum[key] += second[key];
  return sum;
}

/** The one create-order body of the tests (test-kit). */
export { orderPayload };

export async function startPurchaseHarness(options: { knobs?: Partial<Knobs>; relayPollMs?: number; retryBaseMs?: number; retryMaxMs?: number } = {}): Promise<PurchaseHarness> {
  const db = testDb();
  const redis = createRedis(process.env.REDIS_URL!, 'purchase-test');
  const prefix = `${process.env.REDIS_PREFIX}-${randomUUID().slice(0, 8)}`;
  const sandbox = createSandbox({ ...KEYS, knobs: { webhookDelayMs: 0, webhookRetryBaseMs: 50, callbackDelayMs: 0, ...options.knobs } });
  const sandboxApp = await startApp(sandbox.app);
  const razorpay = createRazorpayClient({ ...KEYS, apiBaseUrl: sandboxApp.url, timeoutMs: 3_000 });
  const relay = startOutboxRelay({ db, connection: redis, prefix, logger: silentLogger, pollMs: options.relayPollMs ?? 100 });
  const limits = { prefix, perClientPerMinute: 1_000 };
  const checkout = await startApp(createCheckoutApp({ db, razorpay, logger: silentLogger, limits: { ...limits, redis, perEmailPerHour: 1_000, heldJars: { perClient: 100_000, perContact: 100_000 } } }));
  let currentRelay = relay;
  const payments = await startApp(createPaymentsApp({ db, razorpay, logger: silentLogger, relay: { nudge: () => currentRelay.nudge() }, redis, limits }));
  sandbox.state.setKnobs({ webhookUrl: `${payments.url}/api/payment/webhook` });
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  const mailer = createMailer(`smtp://127.0.0.1:${mail.smtpPort}`, 'Royal Pickles <orders@royalpickles.in>');
  const workers: Worker[] = [];
  const startWorker = () => {
    const worker = createNotificationsWorker({
      connection: redis,
      prefix,
      concurrency: 5,
      retryBaseMs: options.retryBaseMs ?? 100,
      retryMaxMs: options.retryMaxMs,
      lockMs: 1_000,
      deps: { db, mailer, logger: silentLogger, ownerEmail: OWNER_EMAIL, supportEmail: 'support@royalpickles.in', mailDomain: 'royalpickles.in', sendLeaseMs: 2_000 },
    });
    workers.push(worker);
    return worker;
  };
  const worker = startWorker();
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix });
  queue.on('error', () => {});
  const shopParts = { db, queue, webhooksIdle: () => sandbox.state.webhooks.idle };

  const harness: PurchaseHarness = {
    db,
    redis,
    prefix,
    sandbox,
    sandboxApp,
    razorpay,
    checkout,
    payments,
    relay,
    useRelay: (next) => {
      currentRelay = next;
    },
    worker,
    mail,
    setKnobs: (knobs) => sandbox.state.setKnobs(knobs),
    withKnobs: async (on, off, run) => {
      sandbox.state.setKnobs(on);
      try {
        return await run();
      } finally {
        sandbox.state.setKnobs(off);
      }
    },
    createOrder: async (quantity = 2, email) => {
      const response = await postJson(`${checkout.url}/api/payment/create-order`, orderPayload(quantity, email), { 'idempotency-key': randomUUID() });
      if (response.status !== 201) throw new Error(`create-order answered ${response.status}: ${JSON.stringify(response.body)}`);
      return { orderNumber: response.body.orderId, razorpayOrderId: response.body.razorpayOrderId, amountPaise: response.body.amount };
    },
    pay: async (razorpayOrderId, status = 'captured') => {
      const result = sandbox.state.attemptPayment({ orderId: razorpayOrderId, instrument: { method: 'card', cardNumber: '4100280000001007' }, forceOutcome: status });
      return { paymentId: result.payment.id, signature: result.signature };
    },
    verify: (body) => postJson(`${payments.url}/api/payment/verify-payment`, body),
    paidOrder: async () => {
      const created = await harness.createOrder();
      const payment = await harness.pay(created.razorpayOrderId);
      const order = await eventually(async () => {
        const row = await harness.order(created.orderNumber);
        return row.payment_status === 'paid' ? row : undefined;
      });
      await harness.drained();
      return { id: order.id, orderNumber: created.orderNumber, amountPaise: created.amountPaise, paymentId: payment.paymentId, paidAt: order.paid_at! };
    },
    order: async (orderNumber) =>
      db
        .selectFrom('orders')
        .select(['id', 'status', 'payment_status', 'razorpay_payment_id', 'paid_at'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow() as Promise<{ id: string; status: string; payment_status: string; razorpay_payment_id: string | null; paid_at: Date | null }>,
    emailsFor: (orderNumber) => mail.store.list().filter((message) => message.subject.includes(orderNumber)),
    outboxFor: async (orderId) => {
      const rows = await db.selectFrom('outbox_events').select('id').where(sql<string>`payload->'data'->>'orderId'`, '=', orderId).execute();
      return rows.length;
    },
    reconcile: async (options = {}) => {
      const deps = { db, razorpay, logger: silentLogger, relay };
      const window = { expireAfterSeconds: options.expireAfterSeconds ?? 4 * 86_400, batchSize: 500 };
      return sumPasses(await reconcileOnce(deps, { olderThanSeconds: 0, ...window }), await expireUnpaidOnce(deps, window));
    },
    startWorker,
    queue,
    sweep: (sweepOptions) => sweepOnce({ db, queue, logger: silentLogger }, sweepOptions),
    drained: (timeoutMs = 10_000) => untilShopQuiet(shopParts, timeoutMs),
    close: async () => {
      await queue.close();
      await Promise.all(workers.map((w) => w.close()));
      await relay.stop();
      await currentRelay.stop();
      await checkout.close();
      await payments.close();
      await sandbox.close();
      await sandboxApp.close();
      await mail.close();
      redis.disconnect();
      await db.destroy();
    },
  };
  return harness;
}

/** The purchase path and admin-orders behind the gateway, the owner logged in: a whole-shop test file's stack; `close` closes all three. */
export async function startShopBehindGateway(name: string): Promise<{ h: PurchaseHarness; gateway: RunningApp; token: string; close: () => Promise<void> }> {
  const h = await startPurchaseHarness();
  const admin = await startAdminOrders({ db: h.db, redis: h.redis, logger: silentLogger, redisPrefix: `${h.prefix}:admin`, loginMaxFailures: 100 });
  const gateway = await startGateway({ checkout: h.checkout.url, payments: h.payments.url, adminOrders: admin.url }, oneFileStorefront(name), silentLogger);
  const token = await ownerToken(gateway, h.db);
  const close = async () => {
    await gateway.close();
    await admin.close();
    await h.close();
  };
  return { h, gateway, token, close };
}
