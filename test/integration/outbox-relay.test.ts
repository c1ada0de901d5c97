import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, writeOutboxEvent, type Db } from '@pickles/db';
import { createLogger, createRedis } from '@pickles/service-kit';
import { ORDER_CHANGED, ORDER_CHANGED_VERSION, QUEUES } from '@pickles/shared';
import { createTestDatabase, eventually, type TestDatabase } from '@pickles/test-kit';
import { startMailCatcher } from '@pickles/mail-catcher';
import { startOutboxRelay, type OutboxRelay } from '@pickles/outbox-relay';
import { createMailer } from '@pickles/notifications/mailer';

const logger = createLogger('test', 'silent');
/** Far longer than any wait below: only the commit's NOTIFY can explain a prompt publish. */
const SLOW_POLL_MS = 60_000;

// A database of its own: a relay publishes every due row of its database, and the relays of other
// test files (with their own queues) must neither take these events nor leave theirs here.
let database: TestDatabase;
let db: Db;
/** Another service's connection pool (admin-orders, checkout): it writes events, it runs no relay. */
let otherService: Db;
let redis: Redis;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, max: 4 });
  otherService = createDb({ connectionString: database.url, max: 2, applicationName: 'other-service' });
  redis = createRedis(process.env.REDIS_URL!, 'test');
});

afterAll(async () => {
  redis.disconnect();
  await otherService.destroy();
  await db.destroy();
  await database.drop();
});

function setup() {
  const prefix = `${process.env.REDIS_PREFIX}-relay-${randomUUID().slice(0, 8)}`;
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix });
  const relays: OutboxRelay[] = [];
  const start = (options: { pollMs?: number; listen?: boolean; connection?: Redis; publishTimeoutMs?: number } = {}) => {
    const relay = startOutboxRelay({
      db,
      databaseUrl: options.listen === false ? undefined : database.url,
      connection: options.connection ?? redis,
      prefix,
      logger,
      pollMs: options.pollMs ?? SLOW_POLL_MS,
      publishTimeoutMs: options.publishTimeoutMs,
    });
    relays.push(relay);
    return relay;
  };
  const close = async () => {
    for (const relay of relays) await relay.stop();
    // The next test starts from an empty outbox (an event left to retry would reach its queue).
    await db.deleteFrom('outbox_events').execute();
    await queue.obliterate({ force: true });
    await queue.close();
  };
  return { queue, start, close };
}

/** An `order.changed` committed in a transaction of another service, as admin-orders writes it. */
async function commitShopperUpdate(): Promise<string> {
  const envelope = await otherService.transaction().execute((trx) =>
    writeOutboxEvent(trx, ORDER_CHANGED, ORDER_CHANGED_VERSION, { orderId: randomUUID(), kind: 'dispatched', courier: 'India Post', trackingNumber: 'EE123456789IN' }),
  );
  return envelope.id;
}

/** The backend of the relay's LISTEN connection, once it listens. */
async function listenerPid(): Promise<number> {
  return eventually(async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = 'outbox-relay-listener' and query ilike 'listen%'`.execute(db);
    return rows.length === 1 ? rows[0]!.pid : undefined;
  });
}

async function outboxRow(id: string) {
  return db.selectFrom('outbox_events').select(['published_at', 'claimed_until', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('outbox relay: published on commit, whoever commits', () => {
  it('publishes an event committed by another service within a second, with its poll a minute away', async () => {
    const { queue, start, close } = setup();
    try {
      start();
      await listenerPid();
      const committedAt = Date.now();
      const eventId = await commitShopperUpdate();
      await eventually(async () => (await queue.getJob(eventId)) !== undefined, 5_000);
      expect(Date.now() - committedAt).toBeLessThan(2_000);
      await eventually(async () => (await outboxRow(eventId)).published_at !== null, 5_000);
      const job = await queue.getJob(eventId);
      expect(job?.name).toBe(ORDER_CHANGED);
      expect(job?.data).toMatchObject({ id: eventId, type: ORDER_CHANGED, data: { kind: 'dispatched' } });
    } finally {
      await close();
    }
  });

  it('listens again after its LISTEN connection is killed, and still publishes on commit', async () => {
    const { queue, start, close } = setup();
    try {
      start();
      const first = await listenerPid();
      await sql`select pg_terminate_backend(${first})`.execute(db);
      const second = await eventually(async () => {
        const pid = await listenerPid();
        return pid !== first ? pid : undefined;
      }, 10_000);
      expect(second).not.toBe(first);
      const committedAt = Date.now();
      const eventId = await commitShopperUpdate();
      await eventually(async () => (await outboxRow(eventId)).published_at !== null, 5_000);
      expect(Date.now() - committedAt).toBeLessThan(2_000);
      expect(await queue.getJob(eventId)).toBeDefined();
    } finally {
      await close();
    }
  });

  it('holds no transaction while Redis does not answer, and retries the batch later', async () => {
    const { start, close } = setup();
    const deadRedis = createRedis('redis://127.0.0.1:1', 'dead');
    try {
      const relay = start({ connection: deadRedis, listen: false, publishTimeoutMs: 1_500 });
      const eventId = await commitShopperUpdate();
      const pass = relay.runOnce();
      // While the publish waits on Redis: the row is claimed, and no connection of this database sits in a transaction.
      await eventually(async () => (await outboxRow(eventId)).claimed_until !== null);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`.execute(db);
      expect(rows[0]!.n).toBe(0);
      expect(await pass).toEqual({ published: 0, failed: 1 });
      const row = await outboxRow(eventId);
      expect(row).toMatchObject({ published_at: null, claimed_until: null, attempts: 1 });
      expect(row.last_error).toMatch(/timed out/);
    } finally {
      deadRedis.disconnect();
      await close();
    }
  });

  it('never publishes a row twice from several relays, and takes over the claim of a relay that died', async () => {
    const { queue, start, close } = setup();
    try {
      // A relay claimed this row and died before publishing it: its lease runs out in a second.
      const orphan = await commitShopperUpdate();
      await db.updateTable('outbox_events').set({ claimed_until: sql`now() + interval '1 second'` }).where('id', '=', orphan).execute();
      const ids = await Promise.all(Array.from({ length: 30 }, () => commitShopperUpdate()));
      for (let i = 0; i < 3; i++) start({ pollMs: 100 });
      await eventually(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox_events where id = any(${[orphan, ...ids]}::uuid[]) and published_at is null`.execute(db);
        return rows[0]!.n === 0;
      }, 10_000);
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(31);
      for (const id of [orphan, ...ids]) expect(await queue.getJob(id)).toBeDefined();
    } finally {
      await close();
    }
  });
});

describe('notifications mailer', () => {
  it('sends over a few reused SMTP connections and closes them once idle, so the server can shut down', async () => {
    const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
    // Counts the TCP connections the mailer opens on its way to the catcher.
    let opened = 0;
    const proxy = net.createServer((client) => {
      opened++;
      const upstream = net.connect(catcher.smtpPort, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Royal Pickles <orders@royalpickles.in>', { poolSize: 2 });
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => mailer.send({ to: `pool${i}@example.com`, subject: `Pool ${i}`, text: 'Text', html: '<p>Text</p>', messageId: `<pool${i}@royalpickles.in>` })),
      );
      const mails = catcher.store.list({ subject: 'Pool' });
      expect(mails.map((mail) => mail.messageId).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `<pool${i}@royalpickles.in>`).sort());
      expect(mails.every((mail) => mail.from === 'orders@royalpickles.in' && mail.html.includes('<p>Text</p>'))).toBe(true);
      expect(opened).toBeLessThanOrEqual(2);
      const closing = Date.now();
      await catcher.close();
      // smtp-server waits for its clients to leave; the mailer's idle timeout lets them go.
      expect(Date.now() - closing).toBeLessThan(5_000);
    } finally {
      mailer.close();
      proxy.close();
    }
  });
});
