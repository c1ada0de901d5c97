import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { createAdmin } from '@pickles/admin-orders/test-helpers';
import { createCheckoutApp } from '@pickles/checkout/app';
import { createGatewayApp } from '@pickles/gateway/app';
import { createLogger } from '@pickles/service-kit';
import { orderPayload, startApp, testDb, type RunningApp } from '@pickles/test-kit';
import { gatewayConfig, oneFileStorefront, startAdminOrders, startServiceGround, type ServiceGround, type Upstreams } from './gateway-stack.js';

/**
 * Shoppers and the owner behind one load balancer (the ingress controller, here this machine): each
 * is a client of their own when the gateway trusts the balancer (TRUSTED_PROXIES), so a stranger's
 * wrong passwords and a hoarder's orders cost only themselves. Without the setting they would all
 * be the balancer, which is why production refuses to start without it.
 */
const KEYS = { keyId: 'rzp_test_Proxies00000001', keySecret: 'proxies_key_secret_0123', webhookSecret: 'proxies_webhook_secret_0123' };
const MAX_FAILURES = 3;
const ORDERS_PER_MINUTE = 3;
const silent = createLogger('trusted-proxies', 'silent');

let db: Db;
let ground: ServiceGround;
let dist: string;
let upstreams: Upstreams;

beforeAll(async () => {
  db = testDb();
  ground = await startServiceGround(db, 'trusted-proxies', KEYS);
  const { redis, razorpay, apps } = ground;
  const prefix = `${process.env.REDIS_PREFIX}:proxies-${randomUUID().slice(0, 6)}`;
  const checkout = await startApp(createCheckoutApp({ db, razorpay, logger: silent, limits: { redis, prefix, perClientPerMinute: ORDERS_PER_MINUTE, perEmailPerHour: 1_000, heldJars: { perClient: 100_000, perContact: 100_000 } } }));
  const admin = await startAdminOrders({ db, redis, logger: silent, redisPrefix: prefix, loginMaxFailures: MAX_FAILURES });
  apps.push(checkout, admin);
  dist = oneFileStorefront('proxies');
  upstreams = { checkout: checkout.url, adminOrders: admin.url };
}, 60_000);

afterAll(() => ground?.close());

async function gatewayTrusting(trustedProxies: string[]): Promise<RunningApp> {
  const gateway = await startApp(createGatewayApp({ ...gatewayConfig(upstreams, dist), TRUSTED_PROXIES: trustedProxies }, silent));
  ground.apps.push(gateway);
  return gateway;
}

const post = (gateway: RunningApp, path: string, body: unknown, forwardedFor: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...headers }, body: JSON.stringify(body) }).then((r) => r.status);

describe('two clients behind one proxy, with different X-Forwarded-For', () => {
  it("with the proxy trusted, a stranger's wrong passwords lock only the stranger: the owner logs in", async () => {
    const gateway = await gatewayTrusting(['loopback']);
    const owner = await createAdmin(db);
    const stranger = Array.from({ length: MAX_FAILURES + 1 }, () => post(gateway, '/api/admin/login', { ...owner, password: 'guess' }, '203.0.113.7'));
    const answers: number[] = [];
    for (const attempt of stranger) answers.push(await attempt);
    expect(answers.sort()).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
    expect(await post(gateway, '/api/admin/login', owner, '198.51.100.9')).toBe(200);
  });

  it("with the proxy trusted, one shopper's orders spend only their own limit", async () => {
    const gateway = await gatewayTrusting(['loopback']);
    const hoarder: number[] = [];
    for (let i = 0; i <= ORDERS_PER_MINUTE; i++) hoarder.push(await post(gateway, '/api/payment/create-order', orderPayload(1), '203.0.113.8', { 'idempotency-key': randomUUID() }));
    expect(hoarder).toEqual([...Array(ORDERS_PER_MINUTE).fill(201), 429]);
    expect(await post(gateway, '/api/payment/create-order', orderPayload(1), '198.51.100.20', { 'idempotency-key': randomUUID() })).toBe(201);
  });

  it('without it, both are the proxy: the owner is locked out by the stranger (production refuses to start so)', async () => {
    const gateway = await gatewayTrusting([]);
    const owner = await createAdmin(db);
    for (let i = 0; i <= MAX_FAILURES; i++) await post(gateway, '/api/admin/login', { ...owner, password: 'guess' }, '203.0.113.10');
    expect(await post(gateway, '/api/admin/login', owner, '198.51.100.11')).toBe(429);
  });
});
