// A notifications worker in its own process, so a test can kill it with SIGKILL mid-job.
import { createDb } from '@pickles/db';
import { createLogger, createRedis } from '@pickles/service-kit';
import { createMailer } from '@pickles/notifications/mailer';
import { createNotificationsWorker } from '@pickles/notifications/worker';

const env = process.env as Record<string, string>;
const db = createDb({ connectionString: env.DATABASE_URL!, max: 4 });
const redis = createRedis(env.REDIS_URL!, 'worker-process');
const worker = createNotificationsWorker({
  connection: redis,
  prefix: env.QUEUE_PREFIX!,
  concurrency: 1,
  retryBaseMs: 100,
  lockMs: 1_000,
  deps: {
    db,
    mailer: createMailer(env.SMTP_URL!, 'Royal Pickles <orders@royalpickles.in>'),
    logger: createLogger('worker-process', 'silent'),
    ownerEmail: 'owner@royalpickles.in',
    supportEmail: 'support@royalpickles.in',
    mailDomain: 'royalpickles.in',
    sendLeaseMs: 2_000,
  },
});
worker.on('active', (job) => process.stdout.write(`active ${job.id}\n`));
