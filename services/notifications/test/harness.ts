import { afterAll, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { createDb, type Db } from '@pickles/db';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { createLogger, createRedis } from '@pickles/service-kit';
import { QUEUES, type EventEnvelope } from '@pickles/shared';
import { createTestDatabase, testDb } from '@pickles/test-kit';
import { createMailer } from '../src/clients/mailer.js';
import type { NotificationDeps } from '../src/events/process-payment-verified.js';
import { sweepOnce } from '../src/sweeper.js';

export const SHOP_URL = 'https://www.royalpickles.in';
export const OWNER_EMAIL = 'owner@royalpickles.in';
export const silentLogger = createLogger('test', 'silent');

export type CaughtMail = ReturnType<RunningMailCatcher['store']['list']>[number];

/**
 * What every notifications test stands on: the database (the run's own, or a fresh one for a test
 * that reads every order), a mail catcher over real SMTP, and the deps the e-mail handlers take,
 * sending through it.
 */
export interface NotificationsHarness {
  db: Db;
  catcher: RunningMailCatcher;
  deps: NotificationDeps & { shopUrl: string };
  /** The e-mails caught so far whose subject names `text` (an order or ticket number). */
  mailsAbout: (text: string) => CaughtMail[];
  /** The e-mails caught so far sent to the owner. */
  toOwner: () => CaughtMail[];
  close: () => Promise<void>;
}

export async function startNotificationsHarness({ deps = {}, ownDatabase = false }: { deps?: Partial<NotificationDeps>; ownDatabase?: boolean } = {}): Promise<NotificationsHarness> {
  // A database of its own when the test reads every order (the other files' orders would show).
  const database = ownDatabase ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const db = database ? createDb({ connectionString: database.url, max: 2 }) : testDb();
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  const mailer = createMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, 'Royal Pickles <orders@royalpickles.in>');
  return {
    db,
    catcher,
    deps: {
      db,
      mailer,
      logger: silentLogger,
      ownerEmail: OWNER_EMAIL,
      supportEmail: 'help@royalpickles.in',
      supportPhone: '+91 11 2345 6789',
      shopUrl: SHOP_URL,
      mailDomain: 'royalpickles.in',
      ...deps,
    },
    mailsAbout: (text) => catcher.store.list().filter((mail) => mail.subject.includes(text)),
    toOwner: () => catcher.store.list().filter((mail) => mail.to.includes(OWNER_EMAIL)),
    close: async () => {
      mailer.close();
      await catcher.close();
      await db.destroy();
      await database?.drop();
    },
  };
}

/** One harness for the test file: started before its first test and handed to `use`, closed after its last. */
export function notificationsHarnessPerFile(options: Parameters<typeof startNotificationsHarness>[0], use: (harness: NotificationsHarness) => void): void {
  let harness: NotificationsHarness;
  beforeAll(async () => {
    harness = await startNotificationsHarness(options);
    use(harness);
  });
  afterAll(() => harness.close());
}

/**
 * The notifications queue under a prefix of the test's own, and the sweeper over it: for the tests
 * of what the sweeper queues again (an event published long ago whose e-mail was never sent).
 */
export function startSweeperQueue(db: Db) {
  const redis = createRedis(process.env.REDIS_URL!, 'notifications-sweeper-test');
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix: `${process.env.REDIS_PREFIX}-${randomUUID().slice(0, 8)}` });
  return {
    queue,
    /** One sweeper pass: events published more than 5 minutes ago whose e-mails are not all sent go back on the queue. */
    sweep: () => sweepOnce({ db, queue, logger: silentLogger }, { afterSeconds: 300, alertAfterSeconds: 86_400 }),
    /** Writes `envelope` to the outbox as published 10 minutes ago. */
    publishedLongAgo: async (envelope: EventEnvelope) => {
      await db
        .insertInto('outbox_events')
        .values({ id: envelope.id, type: envelope.type, version: 1, payload: JSON.stringify(envelope), occurred_at: new Date(), available_at: new Date(), published_at: new Date(Date.now() - 10 * 60_000) })
        .execute();
    },
    close: async () => {
      await queue.obliterate({ force: true });
      await queue.close();
      await redis.quit();
    },
  };
}

export type SweeperQueue = ReturnType<typeof startSweeperQueue>;

/** One sweeper queue for the tests of a describe block, over the file's database (read when the block starts). */
export function sweeperQueuePerBlock(db: () => Db, use: (sweeper: SweeperQueue) => void): void {
  let sweeper: SweeperQueue;
  beforeAll(() => {
    sweeper = startSweeperQueue(db());
    use(sweeper);
  });
  afterAll(() => sweeper.close());
}

/** An instant given as India's wall clock (UTC+5:30). */
export const india = (wallClock: string) => new Date(`${wallClock}+05:30`);

/** What a mail client shows of an HTML part, roughly: the text without tags, entities decoded, spaces collapsed. */
export const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&times;/g, '×')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1');
