import { createDb } from '@pickles/db';
import { razorpayFromEnv } from '@pickles/razorpay-client';
import { runService } from '@pickles/service-kit';
import { createCheckoutApp } from './app.js';
import { checkoutEnvSchema } from './env.js';

await runService('checkout', checkoutEnvSchema, ({ env, logger, isShuttingDown }) => {
  const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'checkout' });
  return {
    app: createCheckoutApp({ db, razorpay: razorpayFromEnv(env), logger }, isShuttingDown),
    closers: [{ name: 'postgres', close: () => db.destroy() }],
  };
});
