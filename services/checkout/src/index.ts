import { createDb } from '@pickles/db';
import { createRazorpayClient } from '@pickles/razorpay-client';
import { createLogger, handleShutdown, listen } from '@pickles/service-kit';
import { createCheckoutApp } from './app.js';
import { loadCheckoutEnv } from './env.js';

const env = loadCheckoutEnv();
const logger = createLogger('checkout', env.LOG_LEVEL);
const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'checkout' });
const razorpay = createRazorpayClient({
  keyId: env.RAZORPAY_KEY_ID,
  keySecret: env.RAZORPAY_KEY_SECRET,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
  apiBaseUrl: env.RAZORPAY_API_BASE_URL,
  timeoutMs: env.RAZORPAY_TIMEOUT_MS,
});
let isShuttingDown = () => false;
const app = createCheckoutApp({ db, razorpay, logger }, () => isShuttingDown());
const { server, port } = await listen(app, env.PORT);
const shutdown = handleShutdown({ logger, server, closers: [{ name: 'postgres', close: () => db.destroy() }] });
isShuttingDown = shutdown.isShuttingDown;
logger.info({ port }, 'checkout listening');
