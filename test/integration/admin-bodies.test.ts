import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { buildApp as buildAdminApp } from '@pickles/admin-orders/app';
import { createAdmin, JWT_SECRET } from '@pickles/admin-orders/test-helpers';
import { createGatewayApp } from '@pickles/gateway/app';
import { createLogger } from '@pickles/service-kit';
import { insertOrder, startApp, testDb, type RunningApp } from '@pickles/test-kit';

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
  admin = await startApp(
    buildAdminApp({ db, redis, logger: silent, jwtSecret: JWT_SECRET, jwtTtlSeconds: 900, redisPrefix: `${process.env.REDIS_PREFIX}:bodies-${randomUUID().slice(0, 6)}`, loginMaxFailures: 5, loginWindowSeconds: 60 }),
  );
  const dist = mkdtempSync(path.join(tmpdir(), 'bodies-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Royal Pickles</title>');
  gateway = await startApp(
    createGatewayApp(
      {
        NODE_ENV: 'test',
        CHECKOUT_URL: 'http://127.0.0.1:9',
        PAYMENTS_URL: 'http://127.0.0.1:9',
        ADMIN_ORDERS_URL: admin.url,
        NOTIFICATIONS_URL: 'http://127.0.0.1:9',
        WEB_DIST_DIR: dist,
        CORS_ORIGINS: [],
        RAZORPAY_CHECKOUT_SCRIPT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
        UPSTREAM_TIMEOUT_MS: 10_000,
      },
      silent,
    ),
  );
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
