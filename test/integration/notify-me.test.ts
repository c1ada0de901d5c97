import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { createCheckoutApp } from '@pickles/checkout/app';
import { call, loginToken, startHarness, type Harness } from '@pickles/admin-orders/test-helpers';
import { startOutboxRelay } from '@pickles/outbox-relay';
import { createMailer, type OutgoingEmail } from '@pickles/notifications/mailer';
import { createNotificationsWorker } from '@pickles/notifications/worker';
import { processBatchOpened } from '@pickles/notifications/batch-subscriptions';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { createLogger, createRedis, DEMO_TRACKING_LINK_SECRET, subscriptionToken } from '@pickles/service-kit';
import { BATCH_OPENED, BATCH_SUBSCRIPTION_REQUESTED, type EventEnvelope } from '@pickles/shared';
import { CONFIRMATION_COOL_DOWN_HOURS, NOTIFY_ME_MESSAGES } from '@pickles/shared/batch-subscriptions';
import { eventually, startApp, testDb, useOwnDatabase, type OwnDatabase, type RunningApp } from '@pickles/test-kit';

/**
 * "Tell me when the next batch is ready" (decision 029) through the real pieces: checkout's sign-up
 * and links, admin-orders' Stock API opening a batch, the outbox relay, the notifications worker and
 * SMTP into a mail catcher. A database of its own: the relay publishes every event it finds.
 */
const logger = createLogger('notify-me-test', 'silent');
const SHOP_URL = 'https://www.royalpickles.in';
const PRODUCT = 1;

let own: OwnDatabase;
let db: Db;
let admin: Harness;
let token: string;
let redis: Redis;
let checkout: RunningApp;
let catcher: RunningMailCatcher;
let worker: Worker;
let relay: { stop: () => Promise<void> };
/** Every e-mail the worker handed to SMTP, with its headers (the catcher keeps only subject, text and HTML). */
const outgoing: OutgoingEmail[] = [];
const notificationDeps = () => ({ db, mailer: recordingMailer, logger, ownerEmail: 'owner@royalpickles.in', supportEmail: 'help@royalpickles.in', shopUrl: SHOP_URL, mailDomain: 'royalpickles.in' });
let recordingMailer: ReturnType<typeof createMailer>;

const address = (name: string) => `${name}-${randomBytes(3).toString('hex')}@example.in`;
const clientIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function signUp(app: RunningApp, body: unknown, ip = clientIp()) {
  const response = await fetch(`${app.url}/api/notify-me`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { success: boolean; message?: string; error?: string } };
}

const mailsTo = (to: string, subject?: string) => catcher.store.list({ to, ...(subject ? { subject } : {}) });
/** The link in a caught e-mail's text that starts with `prefix`, made to point at the local checkout instead of the shop's address. */
function linkIn(text: string, path: string): string {
  const url = text.split(/\s+/).find((word) => word.startsWith(`${SHOP_URL}${path}`));
  if (!url) throw new Error(`no ${path} link in: ${text}`);
  return url.replace(SHOP_URL, checkout.url);
}

async function setStock(body: { state: 'on-sale' | 'coming-soon'; batchJars: number | null; newBatch: boolean }) {
  const res = await call(admin.app, 'PUT', `/api/admin/stock/${PRODUCT}`, { token, body: { nextBatchDate: null, ...body } });
  expect(res.status).toBe(200);
  return res.body as { product: { subscribers: { waiting: number; toldAtLastOpening: number } }; told: number };
}

const stateOf = async (email: string) =>
  (await db.selectFrom('batch_subscribers').select(['state', 'confirmations_sent']).where('email', '=', email).executeTakeFirst()) ?? null;
const eventsOf = async (type: string) => db.selectFrom('outbox_events').select(['id', 'payload', 'published_at']).where('type', '=', type).execute();

/**
 * A link of an e-mail opened as a mail scanner opens it (GET: a page with `button`, the address
 * still `stateWhileLooking`), then its button pressed (a form POST of `body`): the answer's text.
 */
async function lookThenPress(link: string, { button, email, stateWhileLooking, body }: { button: string; email: string; stateWhileLooking: string; body: string }) {
  const look = await fetch(link);
  expect(look.status).toBe(200);
  expect(await look.text()).toContain(button);
  expect((await stateOf(email))?.state).toBe(stateWhileLooking);
  const pressed = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  expect(pressed.status).toBe(200);
  return pressed.text();
}

beforeAll(async () => {
  own = await useOwnDatabase();
  db = testDb();
  admin = await startHarness();
  token = (await loginToken(admin.app, admin.db)).token;
  redis = createRedis(process.env.REDIS_URL!, 'notify-me-test');
  const prefix = `${process.env.REDIS_PREFIX}-notify-${randomBytes(3).toString('hex')}`;
  checkout = await startApp(
    createCheckoutApp({
      db,
      razorpay: { keyId: 'rzp_test_unused', createOrder: () => Promise.reject(new Error('not used')) },
      logger,
      limits: { redis, prefix, perClientPerMinute: 1_000, perEmailPerHour: 1_000 },
      tracking: { linksPerClientPerMinute: 1_000 },
      notifyMe: { perClientPerHour: 1_000, perEmailPerDay: 1_000 },
    }),
  );
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  const mailer = createMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, 'Royal Pickles <orders@royalpickles.in>');
  recordingMailer = {
    send: (email) => {
      outgoing.push(email);
      return mailer.send(email);
    },
    close: () => mailer.close(),
  };
  worker = createNotificationsWorker({ connection: redis, prefix, concurrency: 5, retryBaseMs: 50, deps: notificationDeps() });
  relay = startOutboxRelay({ db, connection: redis, prefix, logger, pollMs: 50 });
});

afterAll(async () => {
  await relay?.stop();
  await worker?.close();
  recordingMailer?.close();
  await catcher?.close();
  await checkout?.close();
  await admin?.close();
  redis?.disconnect();
  await db?.destroy();
  await own?.release();
});

describe('tell me when the next batch is ready', () => {
  it('confirms first, then e-mails each confirmed subscriber once when the batch opens, and never again', async () => {
    await setStock({ state: 'coming-soon', batchJars: null, newBatch: false });
    const [asha, ravi, unconfirmed, leaver] = [address('asha'), address('ravi'), address('unconfirmed'), address('leaver')];

    for (const email of [asha, ravi, unconfirmed, leaver]) {
      const res = await signUp(checkout, { productId: PRODUCT, email });
      expect(res).toEqual({ status: 202, body: { success: true, message: NOTIFY_ME_MESSAGES.checkInbox(email) } });
    }
    // One confirmation e-mail each, with the one-click unsubscribe headers of RFC 8058.
    for (const email of [asha, ravi, unconfirmed, leaver]) await eventually(async () => mailsTo(email).length === 1);
    const confirm = outgoing.find((mail) => mail.to === asha)!;
    expect(confirm.subject).toBe('Confirm: tell me when Royal Chicken Pickle is back');
    expect(confirm.text).toContain(NOTIFY_ME_MESSAGES.purpose('Royal Chicken Pickle'));
    expect(confirm.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(confirm.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${SHOP_URL}/api/notify-me/unsubscribe\\?t=[0-9a-f-]{36}\\.[\\w-]{32}>$`));

    // Asking again within the cool-down sends nothing more and changes nothing.
    expect((await signUp(checkout, { productId: PRODUCT, email: unconfirmed.toUpperCase() })).status).toBe(202);
    expect(await stateOf(unconfirmed)).toEqual({ state: 'pending', confirmations_sent: 1 });
    expect(await eventsOf(BATCH_SUBSCRIPTION_REQUESTED)).toHaveLength(4);

    // The confirmation links. Opening one (a mail scanner does) shows a button and confirms nothing;
    // the button (POST) confirms; pressing it twice is the same.
    for (const email of [asha, ravi, leaver]) {
      const link = linkIn(mailsTo(email)[0]!.text, '/api/notify-me/confirm');
      const pressed = await lookThenPress(link, { button: 'Yes, tell me</button>', email, stateWhileLooking: 'pending', body: '' });
      expect(pressed).toContain(NOTIFY_ME_MESSAGES.confirmed('Royal Chicken Pickle'));
    }
    const twice = linkIn(mailsTo(asha)[0]!.text, '/api/notify-me/confirm');
    expect((await fetch(twice, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(twice)).text()).toContain(NOTIFY_ME_MESSAGES.confirmed('Royal Chicken Pickle'));
    expect(await stateOf(asha)).toEqual({ state: 'confirmed', confirmations_sent: 1 });
    // A confirmed address asking again gets nothing.
    expect((await signUp(checkout, { productId: PRODUCT, email: asha })).status).toBe(202);
    expect(await eventsOf(BATCH_SUBSCRIPTION_REQUESTED)).toHaveLength(4);

    // One-click unsubscribe: a mail client POSTs the List-Unsubscribe address with RFC 8058's body. Opening it (GET) changes nothing.
    const unsubscribeUrl = outgoing.find((mail) => mail.to === leaver)!.headers!['List-Unsubscribe']!.slice(1, -1).replace(SHOP_URL, checkout.url);
    const oneClick = await lookThenPress(unsubscribeUrl, { button: 'Unsubscribe</button>', email: leaver, stateWhileLooking: 'confirmed', body: 'List-Unsubscribe=One-Click' });
    expect(oneClick).toContain('You are unsubscribed');
    expect((await stateOf(leaver))?.state).toBe('unsubscribed');
    expect((await fetch(unsubscribeUrl, { method: 'POST' })).status).toBe(200);

    // The Stock page's figure before the batch opens.
    const before = await call(admin.app, 'GET', '/api/admin/stock', { token });
    expect(before.body.products.find((product: { productId: number }) => product.productId === PRODUCT).subscribers).toEqual({ waiting: 2, toldAtLastOpening: 0 });

    // The owner opens a batch of 24 jars: the two confirmed subscribers are told, once.
    const opened = await setStock({ state: 'on-sale', batchJars: 24, newBatch: true });
    expect(opened.told).toBe(2);
    expect(opened.product.subscribers).toEqual({ waiting: 0, toldAtLastOpening: 2 });
    for (const email of [asha, ravi]) {
      const [ready] = await eventually(async () => {
        const mails = mailsTo(email, 'new batch');
        return mails.length ? mails : undefined;
      });
      expect(ready!.subject).toBe('The new batch of Royal Chicken Pickle is ready');
      expect(ready!.text).toContain('It has 24 jars, on sale now.');
      expect(ready!.text).toContain(`${SHOP_URL}/shop/royal-chicken-pickle`);
    }
    const sent = await eventually(async () => {
      const rows = await db.selectFrom('sent_emails').select(['recipient', 'state']).where('kind', '=', 'batch-ready').execute();
      return rows.length === 2 && rows.every((row) => row.state === 'sent') ? rows : undefined;
    });
    expect(sent.map((row) => row.recipient).sort()).toEqual([asha, ravi].sort());
    expect(mailsTo(unconfirmed)).toHaveLength(1);
    expect(mailsTo(leaver)).toHaveLength(1);

    // The same event delivered again sends nothing more.
    const [event] = await eventsOf(BATCH_OPENED);
    const again = await processBatchOpened(event!.payload as EventEnvelope, notificationDeps());
    expect(again).toEqual({ sent: 0, alreadySent: 2, skipped: 0 });

    // Sold out, then another batch: the sign-ups were fulfilled, so nobody is told and no event is written.
    await setStock({ state: 'coming-soon', batchJars: 24, newBatch: false });
    const second = await setStock({ state: 'on-sale', batchJars: 30, newBatch: true });
    expect(second.told).toBe(0);
    expect(second.product.subscribers).toEqual({ waiting: 0, toldAtLastOpening: 2 });
    expect(await eventsOf(BATCH_OPENED)).toHaveLength(1);
    expect(mailsTo(asha, 'new batch')).toHaveLength(1);
    expect(mailsTo(ravi, 'new batch')).toHaveLength(1);
    expect(await stateOf(asha)).toEqual({ state: 'told', confirmations_sent: 1 });
  });

  it('refuses a bad address, an unknown product and a product on sale, changing nothing', async () => {
    await setStock({ state: 'on-sale', batchJars: null, newBatch: false });
    const email = address('onsale');
    expect(await signUp(checkout, { productId: PRODUCT, email })).toEqual({ status: 409, body: { success: false, error: NOTIFY_ME_MESSAGES.onSale('Royal Chicken Pickle') } });
    await setStock({ state: 'coming-soon', batchJars: null, newBatch: false });
    expect(await signUp(checkout, { productId: PRODUCT, email: 'asha@' })).toMatchObject({ status: 400, body: { success: false, error: NOTIFY_ME_MESSAGES.email } });
    expect(await signUp(checkout, { productId: 987_654, email })).toEqual({ status: 404, body: { success: false, error: NOTIFY_ME_MESSAGES.unknownProduct } });
    expect(await stateOf(email)).toBeNull();
    // A link made up, or a confirm link used to unsubscribe, does nothing.
    const res = await signUp(checkout, { productId: PRODUCT, email });
    expect(res.status).toBe(202);
    const row = await db.selectFrom('batch_subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const confirmToken = subscriptionToken(DEMO_TRACKING_LINK_SECRET, 'confirm', row.id);
    expect((await fetch(`${checkout.url}/api/notify-me/unsubscribe?t=${confirmToken}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${checkout.url}/api/notify-me/confirm?t=${row.id}.${'x'.repeat(32)}`, { method: 'POST' })).status).toBe(404);
    expect((await stateOf(email))?.state).toBe('pending');
  });

  it('sends a pending address another confirmation only after the cool-down', async () => {
    await setStock({ state: 'coming-soon', batchJars: null, newBatch: false });
    const email = address('later');
    await signUp(checkout, { productId: PRODUCT, email });
    await eventually(async () => mailsTo(email).length === 1);
    await db
      .updateTable('batch_subscribers')
      .set({ confirmation_sent_at: new Date(Date.now() - (CONFIRMATION_COOL_DOWN_HOURS * 3600 + 60) * 1000) })
      .where('email', '=', email)
      .execute();
    await signUp(checkout, { productId: PRODUCT, email });
    expect(await stateOf(email)).toEqual({ state: 'pending', confirmations_sent: 2 });
    await eventually(async () => mailsTo(email).length === 2);
  });

  it("erases a shopper's sign-ups on request (npm run shopper:erase), and their links stop working", async () => {
    await setStock({ state: 'coming-soon', batchJars: null, newBatch: false });
    const email = address('erase');
    await signUp(checkout, { productId: PRODUCT, email });
    await eventually(async () => mailsTo(email).length === 1);
    const { execFile } = await import('node:child_process');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'services/admin-orders/src/cli/erase-shopper.ts'), '--email', email.toUpperCase()], { cwd: root, env: process.env }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    expect(stdout).toContain('1 next-batch sign-up(s)');
    expect(await stateOf(email)).toBeNull();
    const page = await fetch(linkIn(mailsTo(email)[0]!.text, '/api/notify-me/confirm'));
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(NOTIFY_ME_MESSAGES.confirmLinkInvalid);
  });

  it('limits sign-ups per client and per address (Redis), before anything is written', async () => {
    await setStock({ state: 'coming-soon', batchJars: null, newBatch: false });
    const limited = await startApp(
      createCheckoutApp({
        db,
        razorpay: { keyId: 'rzp_test_unused', createOrder: () => Promise.reject(new Error('not used')) },
        logger,
        limits: { redis, prefix: `${process.env.REDIS_PREFIX}-notify-limits-${randomBytes(3).toString('hex')}`, perClientPerMinute: 1_000, perEmailPerHour: 1_000 },
        notifyMe: { perClientPerHour: 2, perEmailPerDay: 2 },
      }),
    );
    try {
      const ip = clientIp();
      expect((await signUp(limited, { productId: PRODUCT, email: address('one') }, ip)).status).toBe(202);
      expect((await signUp(limited, { productId: PRODUCT, email: address('two') }, ip)).status).toBe(202);
      const third = address('three');
      expect(await signUp(limited, { productId: PRODUCT, email: third }, ip)).toEqual({ status: 429, body: { success: false, error: 'Too many sign-ups from this connection. Please try again in an hour.' } });
      expect(await stateOf(third)).toBeNull();

      const target = address('target');
      expect((await signUp(limited, { productId: PRODUCT, email: target }, clientIp())).status).toBe(202);
      expect((await signUp(limited, { productId: PRODUCT, email: target }, clientIp())).status).toBe(202);
      expect(await signUp(limited, { productId: PRODUCT, email: target.toUpperCase() }, clientIp())).toEqual({
        status: 429,
        body: { success: false, error: 'Too many sign-ups for this e-mail address today. Please try again tomorrow.' },
      });
    } finally {
      await limited.close();
    }
  });
});
