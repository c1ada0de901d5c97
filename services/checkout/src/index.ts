import { createDb, ensureStockRows } from '@pickles/db';
import { STOCKED_PRODUCTS } from '@pickles/shared/stock';
import { razorpayFromEnv } from '@pickles/razorpay-client';
import { createRedis, runService, stockHoldMinutes } from '@pickles/service-kit';
import { startOutboxRelay } from '@pickles/outbox-relay';
import { createCheckoutApp } from './app.js';
import { checkoutEnvSchema } from './env.js';

await runService(
  'checkout',
  checkoutEnvSchema,
  async ({ env, logger, isShuttingDown }) => {
    const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'checkout', onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost') });
    // A product added to the catalogue gets its stock row (as the catalogue says) before anyone can
    // order it. PostgreSQL down at start-up: the shop still starts, and such a product stays off
    // sale (create-order refuses a product without a row) until the next start.
    await ensureStockRows(db, STOCKED_PRODUCTS).catch((error: unknown) => logger.warn({ err: error }, 'could not create the stock rows of new catalogue products'));
    // Only rate limits use it: each create-order's two counts travel in one write.
    const redis = createRedis(env.REDIS_URL, 'checkout', { autoPipelining: true });
    const limits = {
      redis,
      prefix: env.REDIS_PREFIX,
      perClientPerMinute: env.CREATE_ORDER_LIMIT_PER_CLIENT,
      perEmailPerHour: env.CREATE_ORDER_LIMIT_PER_EMAIL,
      discountChecksPerClientPerMinute: env.DISCOUNT_CHECK_LIMIT_PER_CLIENT,
      heldJars: { perClient: env.HELD_JARS_PER_CLIENT, perContact: env.HELD_JARS_PER_CONTACT, holdMinutes: stockHoldMinutes(env) },
      paymentWindowMinutes: env.PAYMENT_WINDOW_MINUTES,
    };
    const tracking = {
      linkSecret: env.TRACKING_LINK_SECRET,
      linkDays: env.TRACKING_LINK_DAYS,
      perClientPerMinute: env.TRACK_LIMIT_PER_CLIENT,
      perOrderPerHour: env.TRACK_LIMIT_PER_ORDER,
      linksPerClientPerMinute: env.TRACK_LINK_LIMIT_PER_CLIENT,
    };
    // Complaints write events; this process publishes its own (and any other's) as they commit, so the
    // shopper's and the owner's e-mails do not wait on another service being up (decision 030).
    const relayRedis = createRedis(env.REDIS_URL, 'checkout-outbox-relay');
    const relay = startOutboxRelay({ db, databaseUrl: env.DATABASE_URL, connection: relayRedis, prefix: env.REDIS_PREFIX, logger, pollMs: env.OUTBOX_POLL_MS });
    return {
      app: createCheckoutApp({ db, razorpay: razorpayFromEnv(env), logger, limits, tracking, complaints: { perClientPerHour: env.COMPLAINT_LIMIT_PER_CLIENT, perEmailPerDay: env.COMPLAINT_LIMIT_PER_EMAIL }, notifyMe: { perClientPerHour: env.NOTIFY_ME_LIMIT_PER_CLIENT, perEmailPerDay: env.NOTIFY_ME_LIMIT_PER_EMAIL } }, isShuttingDown),
      closers: [
        { name: 'outbox relay', close: () => relay.stop() },
        { name: 'redis', close: () => redis.quit() },
        { name: 'outbox relay redis', close: () => relayRedis.quit() },
        { name: 'postgres', close: () => db.destroy() },
      ],
    };
  },
  // The demo signing key is published (and refused); a shop must bring its own.
  { requiredInProduction: ['TRACKING_LINK_SECRET'] },
);
