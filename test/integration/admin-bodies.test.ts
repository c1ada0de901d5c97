import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { createAdmin } from '@pickles/admin-orders/test-helpers';
import { createLogger } from '@pickles/service-kit';
import { insertOrder, testDb, type RunningApp } from '@pickles/test-kit';
import { oneFileStorefront, startAdminOrders, startGateway } from './gateway-stack.js';

/**
 * The owner's bulk actions through the gateway as a browser sends them: megabytes of order ids go
 * through to admin-orders as they arrive, which checks the token before it reads them; a stranger's
 * megabytes are refused with a 401 and never parsed, and the connection stays usable.
 */
const silent = createLogger('admin-bodies', 'silent');
let db: Db;
let redis: Redis;
let admin: RunningApp;
let gateway: RunningApp;

beforeAll(async () => {
  db = testDb();
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  admin = await startAdminOrders({ db, redis, logger: silent, redisPrefix: `${process.env.REDIS_PREFIX}:bodies-${randomUUID().slice(0, 6)}`, loginMaxFailures: 5 });
  gateway = await startGateway({ adminOrders: admin.url }, oneFileStorefront('bodies'), silent);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await admin?.close();
  redis?.disconnect();
  await db?.destroy();
});

describe("the owner's bulk actions through the gateway", () => {
  it("a stranger's 3 MB is answered 401 without being parsed; the owner's 3 MB updates the orders it names", async () => {
    const owner = await createAdmin(db);
    const login = await fetch(`${gateway.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
    const { token } = (await login.json()) as { token: string };
    const order = await insertOrder(db, { status: 'paid' });
    const body = JSON.stringify({ orderIds: [order.id, ...Array.from({ length: 80_000 }, () => randomUUID())], status: 'delivered' });
    expect(Buffer.byteLength(body)).toBeGreaterThan(3_000_000);
    const send = (authorization: string) =>
      fetch(`${gateway.url}/api/order/batch-update-status`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization }, body });
    for (let i = 0; i < 3; i++) {
      const refused = await send('Bearer forged.token.value');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ success: false, error: 'Invalid token' });
    }
    expect((await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('paid');
    const done = await send(`Bearer ${token}`);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ success: true, updatedCount: 1 });
    expect((await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('delivered');
  });
});
