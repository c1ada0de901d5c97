import { Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayOutboxBatch, writeOutboxEvent, type Db } from '@pickles/db';
import { createLogger, createRedis } from '@pickles/service-kit';
import { NOTIFICATION_JOB_OPTIONS, PAYMENT_VERIFIED, QUEUES, newEventEnvelope } from '@pickles/shared';
import { eventually, insertOrder, testDb } from '@pickles/test-kit';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { startOutboxRelay } from '@pickles/outbox-relay';
import { createMailer } from '@pickles/notifications/mailer';
import { createNotificationsWorker } from '@pickles/notifications/worker';

const logger = createLogger('test', 'silent');
const prefix = `${process.env.REDIS_PREFIX}-outbox`;

let db: Db;
let redis: Redis;
let catcher: RunningMailCatcher;
let worker: Worker;
const processed: string[] = [];

async function writePaidEvent(order: { id: string; orderNumber: string; razorpayOrderId: string | null; amountPaise: number }) {
  return db.transaction().execute((trx) =>
    writeOutboxEvent(trx, PAYMENT_VERIFIED, 1, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      razorpayOrderId: order.razorpayOrderId ?? 'order_x',
      razorpayPaymentId: 'pay_TestPayment0001',
      amountPaise: order.amountPaise,
      source: 'verify',
    }),
  );
}

beforeAll(async () => {
  db = testDb();
  redis = createRedis(process.env.REDIS_URL!, 'test');
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  const mailer = createMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, 'Royal Pickles <orders@royalpickles.in>');
  worker = createNotificationsWorker({
    connection: redis,
    prefix,
    concurrency: 5,
    retryBaseMs: 50,
    deps: { db, mailer, logger, ownerEmail: 'owner@royalpickles.in', supportEmail: 'support@royalpickles.in', mailDomain: 'royalpickles.in' },
  });
  worker.on('completed', (job) => processed.push(job.id!));
});

afterAll(async () => {
  await worker.close();
  await catcher.close();
  redis.disconnect();
  await db.destroy();
});

describe('outbox -> BullMQ -> notifications worker', () => {
  it('delivers an event written in a transaction exactly once, and it becomes one confirmation and one owner alert', async () => {
    const order = await insertOrder(db);
    const event = await writePaidEvent(order);
    const relay = startOutboxRelay({ db, connection: redis, prefix, logger, pollMs: 50 });
    try {
      await eventually(async () => processed.includes(event.id));
      const row = await db.selectFrom('outbox_events').select(['published_at']).where('id', '=', event.id).executeTakeFirstOrThrow();
      expect(row.published_at).not.toBeNull();
      const sent = await db.selectFrom('sent_emails').select(['kind']).where('order_id', '=', order.id).execute();
      expect(sent.map((r) => r.kind).sort()).toEqual(['order-confirmation', 'owner-alert']);
      const mails = catcher.store.list().filter((m) => m.subject.includes(order.orderNumber));
      expect(mails).toHaveLength(2);
    } finally {
      await relay.stop();
    }
  });

  it('delivers once when the relay dies after publishing but before marking the row published', async () => {
    const order = await insertOrder(db);
    const event = await writePaidEvent(order);
    const queue = new Queue(QUEUES.notifications, { connection: redis, prefix });
    // First relay: publishes the job, then "crashes" before its transaction commits.
    const firstPass = await relayOutboxBatch(db, async (envelopes) => {
      await queue.addBulk(envelopes.map((envelope) => ({ name: envelope.type, data: envelope, opts: { ...NOTIFICATION_JOB_OPTIONS, jobId: envelope.id } })));
      throw new Error('relay killed');
    });
    expect(firstPass).toMatchObject({ published: 0, failed: firstPass.claimed });
    expect(firstPass.claimed).toBeGreaterThanOrEqual(1);
    const afterCrash = await db.selectFrom('outbox_events').select(['published_at', 'attempts']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(afterCrash.published_at).toBeNull();
    // Restarted relay publishes the same event again (the row is due again once its backoff passes).
    await db.updateTable('outbox_events').set({ available_at: new Date(0) }).where('id', '=', event.id).execute();
    const relay = startOutboxRelay({ db, connection: redis, prefix, logger, pollMs: 50 });
    try {
      await eventually(async () => (await db.selectFrom('outbox_events').select('published_at').where('id', '=', event.id).executeTakeFirstOrThrow()).published_at);
      await eventually(async () => processed.includes(event.id));
      // The row is marked published only after its jobs were added: a duplicate would be in the queue
      // by now. Nothing waiting, running or due to retry, twice in a row, means every job has run.
      let quietChecks = 0;
      await eventually(async () => {
        const jobs = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        quietChecks = Object.values(jobs).every((n) => n === 0) ? quietChecks + 1 : 0;
        return quietChecks >= 2;
      });
      expect(processed.filter((id) => id === event.id)).toHaveLength(1);
      const mails = catcher.store.list().filter((m) => m.subject.includes(order.orderNumber));
      expect(mails).toHaveLength(2);
    } finally {
      await relay.stop();
      await queue.close();
    }
  });

  it('handles a job queued under the former name of its event as the event it is now called', async () => {
    // A deploy that renames an event finds jobs already in Redis with the old name on them.
    const order = await insertOrder(db);
    const formerly = newEventEnvelope('order.shopper-update', 1, { orderId: order.id, kind: 'confirmation-resent', dedupeKey: 'resent-under-former-name' });
    const queue = new Queue(QUEUES.notifications, { connection: redis, prefix });
    try {
      await queue.add(formerly.type, formerly, { ...NOTIFICATION_JOB_OPTIONS, jobId: formerly.id });
      await eventually(async () => processed.includes(formerly.id));
      const sent = await db.selectFrom('sent_emails').select(['kind']).where('order_id', '=', order.id).execute();
      expect(sent.map((r) => r.kind)).toEqual(['confirmation-resent']);
      expect(catcher.store.list().filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });
});
