import { mkdirSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, dropRedisPrefix } from '@pickles/test-kit';
import { E2E_PORTS } from './support/ports.js';
import { E2E_STOREFRONT_DIR, buildE2eStorefront, e2eStorefrontIsReady } from './support/storefront.js';
// @ts-expect-error plain ESM helper shared with `npm start`
import { DEMO_ADMIN, ROOT, checkInfrastructure, demoOwnerSecrets, spawnStack, stackEnvironment, waitForHealthy } from '../scripts/stack.mjs';


/**
 * Starts the whole shop for the journeys: a fresh database, a fresh Redis prefix, every process,
 * and a storefront built against the e2e sandbox's checkout script. Tests find the parts through
 * E2E_DATABASE_URL, E2E_MAIL_URL and E2E_SANDBOX_URL. Nothing is started when E2E_BASE_URL names
 * a shop that is already running.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const problems: string[] = await checkInfrastructure(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', redisUrl);
  if (problems.length) throw new Error(problems.join('\n'));

  if (!e2eStorefrontIsReady()) await buildE2eStorefront();

  const database = await createTestDatabase();
  const redisPrefix = `pickles-e2e-${randomBytes(4).toString('hex')}`;
  const { processes } = stackEnvironment({
    ports: E2E_PORTS,
    base: { ...process.env, NODE_ENV: 'test', WEB_DIST_DIR: E2E_STOREFRONT_DIR, RECONCILE_AFTER_SECONDS: '5', RECONCILE_INTERVAL_SECONDS: '2', OUTBOX_POLL_MS: '200', RETRY_BASE_MS: '200',
      // A pending courier booking is tried again as soon as it is due (its back-off still applies), not up to 30 s later.
      COURIER_WORKER_INTERVAL_SECONDS: '2',
      // Every journey shops from 127.0.0.1: the per-client limits are tested in services/*/test.
      CREATE_ORDER_LIMIT_PER_CLIENT: '1000', CREATE_ORDER_LIMIT_PER_EMAIL: '1000', PAYMENT_CALL_LIMIT_PER_CLIENT: '1000', TRACK_LIMIT_PER_CLIENT: '1000', TRACK_LINK_LIMIT_PER_CLIENT: '1000', COMPLAINT_LIMIT_PER_CLIENT: '1000', COMPLAINT_LIMIT_PER_EMAIL: '1000', NOTIFY_ME_LIMIT_PER_CLIENT: '1000', NOTIFY_ME_LIMIT_PER_EMAIL: '1000', HELD_JARS_PER_CLIENT: '100000', HELD_JARS_PER_CONTACT: '100000' },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    ...(await demoOwnerSecrets()),
    logLevel: 'info',
  });
  mkdirSync(path.join(ROOT, '.ci/out'), { recursive: true });
  const log = createWriteStream(path.join(ROOT, '.ci/out/e2e-stack.log'));
  const stack = spawnStack(processes, { quiet: true });
  for (const [name, child] of stack.children as Map<string, import('node:child_process').ChildProcess>) {
    child.stdout?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
    child.stderr?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
  }
  try {
    // E2E_HEALTH_TIMEOUT_MS: longer on a machine busy enough that the processes take over 90 s to start.
    await waitForHealthy([`http://127.0.0.1:${E2E_PORTS.gateway}/api/health`], Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 90_000));
  } catch (error) {
    await stack.stopAll();
    await database.drop();
    throw new Error(`${(error as Error).message}; see .ci/out/e2e-stack.log`, { cause: error });
  }
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_MAIL_URL = `http://127.0.0.1:${E2E_PORTS.mailHttp}`;
  process.env.E2E_SANDBOX_URL = `http://127.0.0.1:${E2E_PORTS.sandbox}`;
  process.env.E2E_COURIER_SANDBOX_URL = `http://127.0.0.1:${E2E_PORTS.courierSandbox}`;
  // The notifications queue, for shopSettled (e2e/support/settled.ts).
  process.env.E2E_REDIS_URL = redisUrl;
  process.env.E2E_REDIS_PREFIX = redisPrefix;
  process.env.E2E_ADMIN_USERNAME = DEMO_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = DEMO_ADMIN.password;
  return async () => {
    await stack.stopAll();
    log.end();
    await database.drop();
    await dropRedisPrefix(redisUrl, redisPrefix);
  };
}
