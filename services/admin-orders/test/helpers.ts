import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createDb, type Db } from '@pickles/db';
import { createTestDatabase, startApp, testDb, type RunningApp } from '@pickles/test-kit';
import { createLogger } from '@pickles/service-kit';
import { buildApp, type AppDeps } from '../src/app.js';
import { hashPassword } from '../src/domain/password.js';
import { setAdminPassword } from '../src/db/admins.js';
import { startSandboxWithClient, type SandboxWithClient } from '@pickles/courier-sandbox/testing';
import type { Courier } from '../src/clients/courier.js';

export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const MAX_FAILURES = 3;

export interface Harness {
  db: Db;
  redis: Redis;
  app: RunningApp;
  close: () => Promise<void>;
}

export interface HarnessOptions {
  loginMaxFailures?: number;
  ownDatabase?: boolean;
  courier?: Courier;
  /** The owner's payment links (Razorpay client and shop URL); without, their endpoints answer 503. */
  paymentLinks?: AppDeps['paymentLinks'];
}

/** The default harness for the whole test file: started before its first test and handed to `use`, closed after its last. */
export function harnessPerFile(use: (harness: Harness) => void): void {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    use(harness);
  });
  afterAll(async () => {
    await harness?.close();
  });
}

/** admin-orders over HTTP on the run's database, or on a fresh one of its own (`ownDatabase`, for a file that counts every row). */
export async function startHarness({ loginMaxFailures = MAX_FAILURES, ownDatabase = false, courier, paymentLinks }: HarnessOptions = {}): Promise<Harness> {
  const database = ownDatabase ? await createTestDatabase(process.env.TEST_DATABASE_ADMIN_URL) : undefined;
  const db = database ? createDb({ connectionString: database.url, max: 6 }) : testDb();
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  const app = await startApp(
    buildApp({
      db,
      redis,
      logger: createLogger('admin-orders', 'silent'),
      jwtSecret: JWT_SECRET,
      jwtTtlSeconds: 900,
      // A prefix per harness so test files do not share login counters.
      redisPrefix: `${process.env.REDIS_PREFIX}:${randomBytes(3).toString('hex')}`,
      loginMaxFailures,
      loginWindowSeconds: 60,
      ...(courier ? { courier } : {}),
      ...(paymentLinks ? { paymentLinks } : {}),
    }),
  );
  return {
    db,
    redis,
    app,
    close: async () => {
      await app.close();
      await db.destroy();
      redis.disconnect();
      await database?.drop();
    },
  };
}

let cachedHash: Promise<string> | undefined;
/** A fresh admin (unique name) with password 'correct horse'; the hash is computed once per file. */
export async function createAdmin(db: Db, username = `owner-${randomBytes(4).toString('hex')}`): Promise<{ username: string; password: string }> {
  cachedHash ??= hashPassword('correct horse', { N: 1024, r: 8, p: 1 });
  await setAdminPassword(db, username, await cachedHash);
  return { username, password: 'correct horse' };
}

export async function call(
  app: RunningApp,
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers; text: string }> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // NDJSON or empty
  }
  return { status: response.status, body: parsed, headers: response.headers, text };
}

export async function loginToken(app: RunningApp, db: Db): Promise<{ token: string; username: string }> {
  const admin = await createAdmin(db);
  const res = await call(app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': randomIp() } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, username: admin.username };
}

/** The harness with a fresh owner logged in: what most files here start with. */
export async function startAsOwner(options: HarnessOptions = {}): Promise<{ h: Harness; token: string; username: string }> {
  const h = await startHarness(options);
  return { h, ...(await loginToken(h.app, h.db)) };
}

/** The owner's harness booking through a fresh courier sandbox (pickup in Delhi); closing the harness closes the sandbox too. */
export async function startAsOwnerWithCourier({ timeoutMs = 500 } = {}): Promise<{ sandbox: SandboxWithClient; h: Harness; token: string; username: string }> {
  const sandbox = await startSandboxWithClient({}, { timeoutMs });
  const { h, token, username } = await startAsOwner({ courier: { client: sandbox.client, pickupLocation: 'Primary', pickupPincode: '110006' } });
  const close = async () => {
    await h.close();
    await sandbox.close();
  };
  return { sandbox, h: { ...h, close }, token, username };
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Orders are written by the shared test factory (a paid order in New Delhi unless told otherwise). */
export { insertOrder, type OrderSeed } from '@pickles/test-kit';

export const uniqueTag = () => `tag${randomBytes(5).toString('hex')}`;
