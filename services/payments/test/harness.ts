import type { Db } from '@pickles/db';
import { createRazorpayClient, type RazorpayClient } from '@pickles/razorpay-client';
import { createSandbox, type Knobs, type Sandbox } from '@pickles/razorpay-sandbox';
import { createLogger, createRedis } from '@pickles/service-kit';
import { insertOrder, postJson, startApp, testDb, type RunningApp } from '@pickles/test-kit';
import { createPaymentsApp } from '../src/app.js';
import { reconcileOnce } from '../src/reconcile/reconciler.js';
import { privateDatabase } from './private-database.js';

export const KEYS = { keyId: 'rzp_test_Payments00000001', keySecret: 'payments_key_secret_0123', webhookSecret: 'payments_webhook_secret_0123' };
const logger = createLogger('payments-test', 'silent');

/**
 * The payments service over HTTP against real PostgreSQL and the Razorpay sandbox (its webhooks
 * sent to the service). Orders are written as checkout writes them, each with a real sandbox order.
 * The outbox is only read here; publishing it is the relay's test (test/integration).
 */
export interface PaymentsHarness {
  db: Db;
  sandbox: Sandbox;
  razorpay: RazorpayClient;
  payments: RunningApp;
  setKnobs: (knobs: Partial<Knobs>) => void;
  createOrder: () => Promise<{ id: string; orderNumber: string; razorpayOrderId: string; amountPaise: number }>;
  pay: (razorpayOrderId: string, outcome?: 'captured' | 'authorized' | 'failed') => { paymentId: string; signature?: string };
  verify: (body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) => Promise<{ status: number; body: any }>;
  reportFailure: (body: unknown) => Promise<{ status: number; body: any }>;
  order: (orderNumber: string) => Promise<{ id: string; status: string; payment_status: string; razorpay_payment_id: string | null; next_reconcile_at: Date | string | null }>;
  reconcile: () => ReturnType<typeof reconcileOnce>;
  /** Another connection pool to the harness's database, as a second replica has (the caller destroys it). */
  anotherPool: () => Db;
  close: () => Promise<void>;
}

/** `ownDatabase`: a database of the test file's own (privateDatabase) instead of the run's shared one; dropped with the harness. */
export async function startPaymentsHarness(knobs: Partial<Knobs> = {}, limits: { perClientPerMinute?: number } = {}, options: { ownDatabase?: boolean } = {}): Promise<PaymentsHarness> {
  const database = options.ownDatabase ? await privateDatabase() : undefined;
  const db = database ? database.db() : testDb();
  const sandbox = createSandbox({ ...KEYS, knobs: { webhookDelayMs: 0, webhookRetryBaseMs: 50, ...knobs } });
  const sandboxApp = await startApp(sandbox.app);
  const razorpay = createRazorpayClient({ ...KEYS, apiBaseUrl: sandboxApp.url, timeoutMs: 3_000 });
  const relay = { nudge: () => {} };
  const redis = createRedis(process.env.REDIS_URL!, 'payments-test');
  const payments = await startApp(createPaymentsApp({ db, razorpay, logger, relay, redis, limits: { prefix: `${process.env.REDIS_PREFIX}:${KEYS.keyId}:${Date.now()}`, perClientPerMinute: limits.perClientPerMinute ?? 1_000 } }));
  sandbox.state.setKnobs({ webhookUrl: `${payments.url}/api/payment/webhook` });
  return {
    db,
    sandbox,
    razorpay,
    payments,
    setKnobs: (next) => sandbox.state.setKnobs(next),
    createOrder: async () => {
      const seeded = await insertOrder(db, { status: 'created', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null });
      const razorpayOrder = await razorpay.createOrder({ amountPaise: seeded.amountPaise, receipt: seeded.orderNumber });
      await db.updateTable('orders').set({ razorpay_order_id: razorpayOrder.id }).where('id', '=', seeded.id).execute();
      return { id: seeded.id, orderNumber: seeded.orderNumber, razorpayOrderId: razorpayOrder.id, amountPaise: seeded.amountPaise };
    },
    pay: (razorpayOrderId, outcome = 'captured') => {
      const result = sandbox.state.attemptPayment({ orderId: razorpayOrderId, instrument: { method: 'card', cardNumber: '4100280000001007' }, forceOutcome: outcome });
      return { paymentId: result.payment.id, signature: result.signature };
    },
    verify: (body) => postJson(`${payments.url}/api/payment/verify-payment`, body),
    reportFailure: (body) => postJson(`${payments.url}/api/payment/payment-failed`, body),
    order: (orderNumber) =>
      db
        .selectFrom('orders')
        .select(['id', 'status', 'payment_status', 'razorpay_payment_id', 'next_reconcile_at'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow(),
    reconcile: () => reconcileOnce({ db, razorpay, logger, relay }, { olderThanSeconds: 0, expireAfterSeconds: 4 * 86_400, batchSize: 500 }),
    anotherPool: () => (database ? database.db() : testDb()),
    close: async () => {
      await payments.close();
      await sandbox.close();
      await sandboxApp.close();
      redis.disconnect();
      await db.destroy();
      await database?.drop();
    },
  };
}
