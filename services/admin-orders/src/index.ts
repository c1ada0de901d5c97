import { randomBytes } from 'node:crypto';
import { createDb } from '@pickles/db';
import { razorpayFromEnv } from '@pickles/razorpay-client';
import { createRedis, DEMO_ADMIN_PASSWORD, refuseToStart, runService, type ServiceContext } from '@pickles/service-kit';
import { INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION } from '@pickles/shared/seller-profile';
import { envSchema, type Env } from './env.js';
import { buildApp } from './app.js';
import { ensureAdmin, listAdminHashes } from './db/admins.js';
import { verifyPassword } from './domain/password.js';
import { publishedPasswordProblems } from './domain/published-passwords.js';
import { startRetention } from './domain/personal-data.js';
import { courierFromEnv } from './clients/courier.js';
import { startCourierWorker } from './courier/worker.js';
import { startOutboxRelay } from '@pickles/outbox-relay';

/** The owner's payment links (decision 032), when the Razorpay keys are set; without them the routes answer 503. */
function paymentLinksFromEnv(env: Env) {
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET } = env;
  if (!RAZORPAY_KEY_ID || !RAZORPAY_KEY_SECRET) return undefined;
  // admin-orders takes no Razorpay webhooks: the client's webhook secret is never used here.
  const razorpay = razorpayFromEnv({ ...env, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: env.RAZORPAY_WEBHOOK_SECRET ?? RAZORPAY_KEY_SECRET, RAZORPAY_TIMEOUT_MS: env.RAZORPAY_TIMEOUT_MS ?? 10_000 });
  return { razorpay, shopUrl: env.SHOP_URL, expiryHours: env.PAYMENT_LINK_EXPIRY_HOURS };
}

async function start({ env, logger, isShuttingDown }: ServiceContext<Env>) {
  if (env.NODE_ENV === 'production' && env.ADMIN_PASSWORD_HASH && (await verifyPassword(DEMO_ADMIN_PASSWORD, env.ADMIN_PASSWORD_HASH))) {
    refuseToStart(['Invalid environment variable ADMIN_PASSWORD_HASH (the demo password): choose a password of your own (npm run admin:hash)']);
  }
  const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'admin-orders', onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost') });
  const redis = createRedis(env.REDIS_URL, 'admin-orders');
  let jwtSecret = env.JWT_SECRET;
  if (!jwtSecret) {
    // Outside production only (env.ts insists there): tokens die with this process and other replicas refuse them.
    jwtSecret = randomBytes(48).toString('base64');
    logger.warn('JWT_SECRET is not set; using a random key for this process');
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD_HASH) {
    const outcome = await ensureAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD_HASH);
    if (outcome === 'applied') logger.warn({ username: env.ADMIN_USERNAME }, 'admin password from ADMIN_PASSWORD_HASH applied: it differs from the one applied before; earlier sessions of this admin ended');
    else logger.info({ username: env.ADMIN_USERNAME, outcome }, 'admin from configuration');
  }
  if (env.NODE_ENV === 'production') {
    // After the configured admin's hash was applied: the demo's admin, renamed to the owner, passes.
    const problems = await publishedPasswordProblems(await listAdminHashes(db));
    if (problems.length) {
      await db.destroy();
      refuseToStart(problems);
    }
  }
  if (!env.RAZORPAY_KEY_ID) logger.warn('no Razorpay keys (RAZORPAY_KEY_ID unset): New order and Send a payment link answer 503');
  const courier = courierFromEnv(env);
  if (!courier) logger.info('no courier configured (COURIER_EMAIL unset): Ship is hidden, dispatches are recorded by hand');
  const app = buildApp({
    courier,
    db,
    redis,
    logger,
    jwtSecret,
    jwtTtlSeconds: env.JWT_TTL_SECONDS,
    redisPrefix: env.REDIS_PREFIX,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginWindowSeconds: env.LOGIN_WINDOW_SECONDS,
    isShuttingDown,
    paymentLinks: paymentLinksFromEnv(env),
  });
  // The owner's actions write events (status e-mails, refunds, complaints' answers); this process
  // publishes them as they commit, so they do not wait on payments being up (decision 030).
  const relay = startOutboxRelay({ db, databaseUrl: env.DATABASE_URL, connection: redis, prefix: env.REDIS_PREFIX, logger, pollMs: env.OUTBOX_POLL_MS });
  const retention = startRetention(db, env.UNPAID_PERSONAL_DATA_DAYS, env.RETENTION_INTERVAL_MINUTES, (error) => logger.warn({ err: error }, 'personal data retention pass failed'));
  const courierWorker = courier && startCourierWorker({ db, courier, logger }, { intervalMs: env.COURIER_WORKER_INTERVAL_SECONDS * 1000, pollAfterHours: env.COURIER_POLL_AFTER_HOURS });
  return {
    app,
    closers: [
      { name: 'outbox relay', close: () => relay.stop() },
      { name: 'retention', close: () => retention.stop() },
      ...(courierWorker ? [{ name: 'courier worker', close: () => courierWorker.stop() }] : []),
      { name: 'postgres', close: () => db.destroy() },
      { name: 'redis', close: () => redis.quit() },
    ],
  };
}

await runService('admin-orders', envSchema, start, { requiredInProduction: ['ADMIN_USERNAME', 'ADMIN_PASSWORD_HASH', ...INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION] });
