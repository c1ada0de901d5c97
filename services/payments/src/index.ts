import { createDb } from '@pickles/db';
import { razorpayFromEnv } from '@pickles/razorpay-client';
import { createRedis, loopClosers, runService, stockHoldMinutes } from '@pickles/service-kit';
import { createPaymentsApp } from './app.js';
import { INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION } from '@pickles/shared/seller-profile';
import { paymentsEnvSchema } from './env.js';
import { startOutboxRelay } from '@pickles/outbox-relay';
import { startInvoiceCheck } from './reconcile/invoice-check.js';
import { startRefundCheck } from './reconcile/refund-check.js';
import { startExpiry, startReconciler } from './reconcile/reconciler.js';
import { startRefundSubmitter } from './refunds/refund-submitter.js';
import { startStockHoldRelease } from './reconcile/stock-holds.js';

await runService(
  'payments',
  paymentsEnvSchema,
  ({ env, logger, isShuttingDown }) => {
    const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'payments', onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost') });
    const redis = createRedis(env.REDIS_URL, 'payments');
    const razorpay = razorpayFromEnv(env);
    const relay = startOutboxRelay({ db, databaseUrl: env.DATABASE_URL, connection: redis, prefix: env.REDIS_PREFIX, logger, pollMs: env.OUTBOX_POLL_MS });
    const reconciler = startReconciler(
      { db, razorpay, logger, relay },
      {
        intervalSeconds: env.RECONCILE_INTERVAL_SECONDS,
        olderThanSeconds: env.RECONCILE_AFTER_SECONDS,
        expireAfterSeconds: env.UNPAID_ORDER_EXPIRY_HOURS * 3600,
      },
    );
    const expiry = startExpiry({ db, razorpay, logger, relay }, { intervalSeconds: env.RECONCILE_INTERVAL_SECONDS, expireAfterSeconds: env.UNPAID_ORDER_EXPIRY_HOURS * 3600 });
    const stockHolds = startStockHoldRelease({ db, logger, relay }, { intervalSeconds: env.RECONCILE_INTERVAL_SECONDS, holdMinutes: stockHoldMinutes(env) });
    const refundSubmitter = startRefundSubmitter({ db, razorpay, logger, relay }, { intervalMs: env.REFUND_SUBMIT_INTERVAL_MS });
    const refundCheck = startRefundCheck({ db, razorpay, logger, relay }, { intervalSeconds: env.REFUND_CHECK_INTERVAL_SECONDS, olderThanSeconds: env.REFUND_CHECK_AFTER_SECONDS });
    const invoiceCheck = startInvoiceCheck({ db, logger, relay }, { intervalMinutes: env.INVOICE_CHECK_INTERVAL_MINUTES });
    return {
      app: createPaymentsApp({ db, razorpay, logger, relay, redis, limits: { prefix: env.REDIS_PREFIX, perClientPerMinute: env.PAYMENT_CALL_LIMIT_PER_CLIENT } }, isShuttingDown),
      closers: [
        ...loopClosers({ reconciler, expiry, 'stock holds': stockHolds, 'refund submitter': refundSubmitter, 'refund check': refundCheck, 'invoice check': invoiceCheck, 'outbox relay': relay }),
        { name: 'redis', close: () => redis.quit() },
        { name: 'postgres', close: () => db.destroy() },
      ],
    };
  },
  // A live shop's invoices carry its own particulars, never the demo's.
  { requiredInProduction: INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION },
);
