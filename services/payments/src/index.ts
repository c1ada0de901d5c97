import { createDb } from '@pickles/db';
import { createRazorpayClient } from '@pickles/razorpay-client';
import { createLogger, createRedis, handleShutdown, listen } from '@pickles/service-kit';
import { createPaymentsApp } from './app.js';
import { loadPaymentsEnv } from './env.js';
import { startOutboxRelay } from './events/relay.js';
import { startReconciler } from './reconcile/reconciler.js';

const env = loadPaymentsEnv();
const logger = createLogger('payments', env.LOG_LEVEL);
const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'payments' });
const redis = createRedis(env.REDIS_URL, 'payments');
const razorpay = createRazorpayClient({
  keyId: env.RAZORPAY_KEY_ID,
  keySecret: env.RAZORPAY_KEY_SECRET,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
  apiBaseUrl: env.RAZORPAY_API_BASE_URL,
  timeoutMs: env.RAZORPAY_TIMEOUT_MS,
});
const relay = startOutboxRelay({ db, connection: redis, prefix: env.REDIS_PREFIX, logger, pollMs: env.OUTBOX_POLL_MS });
const reconciler = startReconciler(
  { db, razorpay, logger, relay },
  {
    intervalSeconds: env.RECONCILE_INTERVAL_SECONDS,
    olderThanSeconds: env.RECONCILE_AFTER_SECONDS,
    expireAfterSeconds: env.UNPAID_ORDER_EXPIRY_HOURS * 3600,
  },
);

let isShuttingDown = () => false;
const app = createPaymentsApp({ db, razorpay, logger, relay, redis }, () => isShuttingDown());
const { server, port } = await listen(app, env.PORT);
const shutdown = handleShutdown({
  logger,
  server,
  closers: [
    { name: 'reconciler', close: () => reconciler.stop() },
    { name: 'outbox relay', close: () => relay.stop() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => db.destroy() },
  ],
});
isShuttingDown = shutdown.isShuttingDown;
logger.info({ port }, 'payments listening');
