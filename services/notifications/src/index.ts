import { Queue } from 'bullmq';
import express from 'express';
import { createDb, pingDatabase } from '@pickles/db';
import { createRedis, healthRouter, loopClosers, pingRedis, runService, serviceMetrics } from '@pickles/service-kit';
import { QUEUES } from '@pickles/shared';
import { createMailer } from './clients/mailer.js';
import { startCourierAlert } from './courier-alert.js';
import { startDailySummary } from './daily-summary.js';
import { unconfirmedLookbackSeconds } from './db/unconfirmed-orders.js';
import { GRIEVANCE_OFFICER_VARIABLES, notificationsEnvSchema } from './env.js';
import { queueReading, unconfirmedOrdersReading } from './metrics.js';
import { startSweeper } from './sweeper.js';
import { createNotificationsWorker } from './worker.js';

await runService('notifications', notificationsEnvSchema, ({ env, logger, isShuttingDown }) => {
  // Jobs hold a connection for a query at a time, never across SMTP (decision 008): a small pool serves many.
  const db = createDb({ connectionString: env.DATABASE_URL, applicationName: 'notifications', max: Math.min(env.WORKER_CONCURRENCY, 10) + 2, onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost') });
  const redis = createRedis(env.REDIS_URL, 'notifications');
  const mailer = createMailer(env.SMTP_URL, env.MAIL_FROM, { poolSize: env.SMTP_POOL_SIZE });
  const mailDomain = env.SUPPORT_EMAIL.split('@')[1] ?? 'royalpickles.in';
  const grievanceOfficer = { name: env.GRIEVANCE_OFFICER_NAME, designation: env.GRIEVANCE_OFFICER_DESIGNATION, phone: env.GRIEVANCE_OFFICER_PHONE, email: env.GRIEVANCE_OFFICER_EMAIL };
  const worker = createNotificationsWorker({
    connection: redis,
    prefix: env.REDIS_PREFIX,
    concurrency: env.WORKER_CONCURRENCY,
    retryBaseMs: env.RETRY_BASE_MS,
    retryMaxMs: env.RETRY_MAX_MS,
    lockMs: env.JOB_LOCK_MS,
    deps: { db, mailer, logger, ownerEmail: env.OWNER_EMAIL, supportEmail: env.SUPPORT_EMAIL, supportPhone: env.SUPPORT_PHONE, shopUrl: env.SHOP_URL, trackingLinkSecret: env.TRACKING_LINK_SECRET, mailDomain, sendLeaseMs: env.JOB_LOCK_MS, grievanceOfficer },
  });
  const alertAfterSeconds = env.UNSENT_ALERT_AFTER_HOURS * 3600;
  const sweeper = startSweeper(
    { db, connection: redis, prefix: env.REDIS_PREFIX, logger },
    { intervalSeconds: env.SWEEP_INTERVAL_SECONDS, afterSeconds: env.SWEEP_AFTER_SECONDS, alertAfterSeconds },
  );
  // Every replica looks; the summary's claim (sendOnce) lets one of them send it.
  const summary = startDailySummary({ db, mailer, logger, ownerEmail: env.OWNER_EMAIL, shopUrl: env.SHOP_URL, mailDomain, sendLeaseMs: env.JOB_LOCK_MS }, { hour: env.OWNER_SUMMARY_HOUR, checkMinutes: 15 });
  // Bookings the courier has not taken for half an hour: told to the owner once per outage (any replica may look).
  const courierAlert = startCourierAlert({ db, mailer, logger, ownerEmail: env.OWNER_EMAIL, shopUrl: env.SHOP_URL, mailDomain, sendLeaseMs: env.JOB_LOCK_MS }, { checkMinutes: 5 });
  // For the job counts the metrics read at each scrape (the sweeper keeps a Queue of its own).
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix: env.REDIS_PREFIX });
  queue.on('error', (error) => logger.warn({ err: error }, 'queue error'));
  // No public routes: HTTP is only for the orchestrator's probes and Prometheus.
  const app = express();
  app.use(serviceMetrics('notifications', { logger, readings: [queueReading(queue), unconfirmedOrdersReading(db, unconfirmedLookbackSeconds(alertAfterSeconds))] }));
  app.use(healthRouter('notifications', { postgres: () => pingDatabase(db), redis: () => pingRedis(redis) }, isShuttingDown));
  return {
    app,
    // worker.close() waits for jobs in flight to finish, then stops taking new ones.
    closers: [
      ...loopClosers({ sweeper, 'daily summary': summary, 'courier alert': courierAlert }),
      { name: 'worker', close: () => worker.close() },
      { name: 'metrics queue', close: () => queue.close() },
      { name: 'redis', close: () => redis.quit() },
      { name: 'smtp', close: async () => mailer.close() },
      { name: 'postgres', close: () => db.destroy() },
    ],
    shutdownTimeoutMs: 30_000,
  };
}, { requiredInProduction: ['SMTP_URL', 'SHOP_URL', 'SUPPORT_PHONE', 'TRACKING_LINK_SECRET', ...GRIEVANCE_OFFICER_VARIABLES] });
