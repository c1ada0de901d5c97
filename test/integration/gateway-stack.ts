import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Db } from '@pickles/db';
import { buildApp as buildAdminApp } from '@pickles/admin-orders/app';
import { createAdmin, JWT_SECRET } from '@pickles/admin-orders/test-helpers';
import { createGatewayApp } from '@pickles/gateway/app';
import { createRazorpayClient, type RazorpayClient } from '@pickles/razorpay-client';
import { createSandbox, type Sandbox } from '@pickles/razorpay-sandbox';
import { createRedis, type createLogger } from '@pickles/service-kit';
import { startApp, type RunningApp } from '@pickles/test-kit';

type Logger = ReturnType<typeof createLogger>;

/** Nothing listens here: the address of a service a test does not start. */
export const NOBODY = 'http://127.0.0.1:9';

/** admin-orders over HTTP, signing sessions with the tests' JWT secret. */
export function startAdminOrders({ db, redis, logger, redisPrefix, loginMaxFailures, razorpay }: { db: Db; redis: Redis; logger: Logger; redisPrefix: string; loginMaxFailures: number; razorpay?: RazorpayClient }): Promise<RunningApp> {
  // With a Razorpay client, the owner's payment links work (phone orders); without, they answer 503.
  const paymentLinks = razorpay ? { razorpay, shopUrl: 'https://shop.example.in', expiryHours: 72 } : undefined;
  return startApp(buildAdminApp({ db, redis, logger, jwtSecret: JWT_SECRET, jwtTtlSeconds: 900, redisPrefix, loginMaxFailures, loginWindowSeconds: 60, paymentLinks }));
}

/** A storefront build of one page (and the admin's app shell, when asked) for the gateway to serve. */
export function oneFileStorefront(name: string, { appShell = false } = {}): string {
  const dist = mkdtempSync(path.join(tmpdir(), `${name}-dist-`));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Royal Pickles</title>');
  if (appShell) writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>Shell</title>');
  return dist;
}

export interface Upstreams {
  checkout?: string;
  payments?: string;
  adminOrders?: string;
}

/** The gateway's configuration in front of the given services (those not given are unreachable). */
export function gatewayConfig(upstreams: Upstreams, dist: string, { upstreamTimeoutMs = 10_000 } = {}) {
  return {
    NODE_ENV: 'test' as const,
    CHECKOUT_URL: upstreams.checkout ?? NOBODY,
    PAYMENTS_URL: upstreams.payments ?? NOBODY,
    ADMIN_ORDERS_URL: upstreams.adminOrders ?? NOBODY,
    NOTIFICATIONS_URL: NOBODY,
    WEB_DIST_DIR: dist,
    CORS_ORIGINS: [],
    RAZORPAY_CHECKOUT_SCRIPT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    UPSTREAM_TIMEOUT_MS: upstreamTimeoutMs,
  };
}

/** The gateway over HTTP in front of the given services, serving `dist`. */
export function startGateway(upstreams: Upstreams, dist: string, logger: Logger, options: { upstreamTimeoutMs?: number } = {}): Promise<RunningApp> {
  return startApp(createGatewayApp(gatewayConfig(upstreams, dist, options), logger));
}

/** A new admin logged in through the gateway: the owner's session token. */
export async function ownerToken(gateway: RunningApp, db: Db): Promise<string> {
  const owner = await createAdmin(db);
  const login = await fetch(`${gateway.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
  return ((await login.json()) as { token: string }).token;
}

/** The Razorpay sandbox over HTTP with its webhooks withheld (nothing races a test's own calls), and the official client pointed at it. */
export async function startQuietSandbox(keys: { keyId: string; keySecret: string; webhookSecret: string }): Promise<{ sandbox: Sandbox; app: RunningApp; razorpay: RazorpayClient }> {
  const sandbox = createSandbox({ ...keys, knobs: { withholdWebhooks: true } });
  const app = await startApp(sandbox.app);
  return { sandbox, app, razorpay: createRazorpayClient({ ...keys, apiBaseUrl: app.url, timeoutMs: 3_000 }) };
}

/** What a gateway test file starts its services on: a Redis connection and the quiet sandbox, and the apps it starts (`apps`). */
export interface ServiceGround {
  redis: Redis;
  razorpay: RazorpayClient;
  apps: RunningApp[];
  /** Closes the apps, last started first, then the sandbox, Redis and the database handle. */
  close: () => Promise<void>;
}

/** Starts a test file's ground (the Redis connection named `name`, the quiet sandbox); `close` also destroys `db`. */
export async function startServiceGround(db: Db, name: string, keys: { keyId: string; keySecret: string; webhookSecret: string }): Promise<ServiceGround> {
  const redis = createRedis(process.env.REDIS_URL!, name);
  const { sandbox, app, razorpay } = await startQuietSandbox(keys);
  const apps = [app];
  const close = async () => {
    for (const started of apps.reverse()) await started.close();
    await sandbox.close();
    redis.disconnect();
    await db.destroy();
  };
  return { redis, razorpay, apps, close };
}
