import { createDb } from '@pickles/db';
import { razorpayFromEnv } from '@pickles/razorpay-client';
import { createRedis, runService } from '@pickles/service-kit';
import { createCheckoutApp } from './app.js';
import { checkoutEnvSchema } from './env.js';

await runService(
  'checkout',
  checkoutEnvSchema,
  ({ env, logger, isShuttingDown }) => {
    const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'checkout', onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost') });
    const redis = createRedis(env.REDIS_URL, 'checkout');
    const limits = { redis, prefix: env.REDIS_PREFIX, perClientPerMinute: env.CREATE_ORDER_LIMIT_PER_CLIENT, perEmailPerHour: env.CREATE_ORDER_LIMIT_PER_EMAIL };
    const tracking = {
      linkSecret: env.TRACKING_LINK_SECRET,
      perClientPerMinute: env.TRACK_LIMIT_PER_CLIENT,
      perOrderPerHour: env.TRACK_LIMIT_PER_ORDER,
      linksPerClientPerMinute: env.TRACK_LINK_LIMIT_PER_CLIENT,
    };
    return {
      app: createCheckoutApp({ db, razorpay: razorpayFromEnv(env), logger, limits, tracking }, isShuttingDown),
      closers: [
        { name: 'redis', close: () => redis.quit() },
        { name: 'postgres', close: () => db.destroy() },
      ],
    };
  },
  // The demo signing key is published (and refused); a shop must bring its own.
  { requiredInProduction: ['TRACKING_LINK_SECRET'] },
);
