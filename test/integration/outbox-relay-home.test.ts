import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writeOutboxEvent, type Db } from '@pickles/db';
import { QUEUES } from '@pickles/shared';
import { createTestDatabase, dropRedisPrefix, eventually, type TestDatabase } from '@pickles/test-kit';
// @ts-expect-error plain ESM helper shared with `npm start`
import { canConnect, demoOwnerSecrets, offsetPorts, spawnStack, stackEnvironment, waitForHealthy } from '../../scripts/stack.mjs';

/**
 * Every service that writes events publishes them itself (packages/outbox-relay, decision 030): with
 * payments not running at all, an event committed by the owner's side (admin-orders) or by a
 * shopper's complaint (checkout) still reaches the notifications queue, as its own process runs
 * the relay. Before, the relay lived in payments alone and the owner's status e-mails waited for it.
 */
const PORTS: Record<string, number> = offsetPorts({ gateway: 5500, checkout: 5501, payments: 5502, adminOrders: 5503, notifications: 5504, sandbox: 5510, mailHttp: 5521, mailSmtp: 5522 });
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `${process.env.REDIS_PREFIX ?? 'pickles-test'}-relay-home-${randomBytes(3).toString('hex')}`;

let database: TestDatabase;
let db: Db;
let redis: Redis;
let queue: Queue;
let stack: { stopAll: () => Promise<void> } | undefined;

async function startOnly(names: string[]) {
  const { processes } = stackEnvironment({
    ports: PORTS,
    // A slow safety-net poll: the event must go out on its commit (LISTEN/NOTIFY), not on the poll.
    base: { ...process.env, NODE_ENV: 'test', OUTBOX_POLL_MS: '60000' },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix: prefix,
    ...(await demoOwnerSecrets()),
    logLevel: 'warn',
  });
  const chosen = Object.fromEntries(names.map((name) => [name, processes[name]]));
  stack = spawnStack(chosen, { quiet: true });
  await waitForHealthy(names.map((name) => processes[name].health), 90_000);
}

beforeAll(async () => {
  for (const port of [PORTS.checkout, PORTS.payments, PORTS.adminOrders]) {
    if (await canConnect('127.0.0.1', port, 300)) throw new Error(`port ${port} is taken: this test needs 5500-5599`);
  }
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, max: 2 });
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUES.notifications, { connection: redis, prefix });
}, 60_000);

afterAll(async () => {
  await stack?.stopAll();
  await queue?.close();
  await dropRedisPrefix(redisUrl, prefix);
  redis?.disconnect();
  await db?.destroy();
  await database?.drop();
}, 60_000);

describe('the outbox relay runs in every service that writes events', () => {
  for (const service of ['admin-orders', 'checkout']) {
    it(`${service} publishes an event committed while payments is not running`, async () => {
      await stack?.stopAll();
      stack = undefined;
      await startOnly([service]);
      expect(await canConnect('127.0.0.1', PORTS.payments, 300)).toBe(false);
      const envelope = await db.transaction().execute((trx) => writeOutboxEvent(trx, 'order.changed', 1, { orderId: randomUUID(), kind: 'test' }));
      const job = await eventually(() => queue.getJob(envelope.id), 20_000);
      expect(job.data).toMatchObject({ id: envelope.id, type: 'order.changed' });
      const row = await db.selectFrom('outbox_events').select('published_at').where('id', '=', envelope.id).executeTakeFirstOrThrow();
      expect(row.published_at).not.toBeNull();
    }, 120_000);
  }
});
