import { mkdirSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, dropRedisPrefix } from '@pickles/test-kit';
import { E2E_STACK_COUNT, e2ePorts } from './support/ports.js';
import type { E2eStackRecord } from './support/stack.js';
import { buildE2eStorefront, e2eStorefrontDir, e2eStorefrontIsReady } from './support/storefront.js';
// @ts-expect-error plain ESM helper shared with `npm start`
import { DEMO_ADMIN, ROOT, checkInfrastructure, demoOwnerSecrets, spawnStack, stackEnvironment, waitForHealthy } from '../scripts/stack.mjs';


/** One shop of the journeys: a fresh database and Redis prefix, every process, on stack `index`'s ports. */
async function startStack(index: number, redisUrl: string, secrets: Record<string, string>) {
  const ports = e2ePorts(index);
  const database = await createTestDatabase();
  const redisPrefix = `pickles-e2e-${randomBytes(4).toString('hex')}`;
  const { processes } = stackEnvironment({
    ports,
    base: { ...process.env, NODE_ENV: 'test', WEB_DIST_DIR: e2eStorefrontDir(index), RECONCILE_AFTER_SECONDS: '5', RECONCILE_INTERVAL_SECONDS: '2', OUTBOX_POLL_MS: '200', RETRY_BASE_MS: '200',
      // A pending courier booking is tried again as soon as it is due (its back-off still applies), not up to 30 s later.
      COURIER_WORKER_INTERVAL_SECONDS: '2',
      // Every journey shops from 127.0.0.1: the per-client limits are tested in services/*/test.
      CREATE_ORDER_LIMIT_PER_CLIENT: '1000', CREATE_ORDER_LIMIT_PER_EMAIL: '1000', PAYMENT_CALL_LIMIT_PER_CLIENT: '1000', TRACK_LIMIT_PER_CLIENT: '1000', TRACK_LINK_LIMIT_PER_CLIENT: '1000', COMPLAINT_LIMIT_PER_CLIENT: '1000', COMPLAINT_LIMIT_PER_EMAIL: '1000', NOTIFY_ME_LIMIT_PER_CLIENT: '1000', NOTIFY_ME_LIMIT_PER_EMAIL: '1000', HELD_JARS_PER_CLIENT: '100000', HELD_JARS_PER_CONTACT: '100000' },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    ...secrets,
    logLevel: 'info',
  });
  const logFile = path.join(ROOT, `.ci/out/e2e-stack-${ports.gateway}.log`);
  const log = createWriteStream(logFile);
  const stack = spawnStack(processes, { quiet: true });
  for (const [name, child] of stack.children as Map<string, import('node:child_process').ChildProcess>) {
    child.stdout?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
    child.stderr?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
  }
  const stop = async () => {
    await stack.stopAll();
    log.end();
    await database.drop();
    await dropRedisPrefix(redisUrl, redisPrefix);
  };
  try {
    // E2E_HEALTH_TIMEOUT_MS: longer on a machine busy enough that the processes take over 90 s to start.
    await waitForHealthy([`http://127.0.0.1:${ports.gateway}/api/health`], Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 90_000));
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${path.relative(ROOT, logFile)}`, { cause: error });
  }
  const record: E2eStackRecord = { databaseUrl: database.url, redisUrl, redisPrefix };
  return { record, stop };
}

/**
 * Starts the shops for the journeys, one per Playwright worker (E2E_STACK_COUNT, decision 045), each
 * with a storefront built against its own sandbox's checkout script. Workers find their stack through
 * E2E_STACKS (e2e/support/stack.ts). Nothing is started when E2E_BASE_URL names a shop that is
 * already running.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const problems: string[] = await checkInfrastructure(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', redisUrl);
  if (problems.length) throw new Error(problems.join('\n'));

  const indexes = Array.from({ length: E2E_STACK_COUNT }, (_, index) => index);
  // One build at a time: they share web/dist-ssr.
  for (const index of indexes) if (!e2eStorefrontIsReady(index)) await buildE2eStorefront(index);

  mkdirSync(path.join(ROOT, '.ci/out'), { recursive: true });
  const secrets = await demoOwnerSecrets();
  const started = await Promise.allSettled(indexes.map((index) => startStack(index, redisUrl, secrets)));
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  process.env.E2E_STACKS = JSON.stringify(stacks.map((stack) => stack.record));
  process.env.E2E_ADMIN_USERNAME = DEMO_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = DEMO_ADMIN.password;
  return stopAll;
}
