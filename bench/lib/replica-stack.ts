import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, dropRedisPrefix, type TestDatabase } from '@pickles/test-kit';
// @ts-expect-error plain ESM helper shared with `npm start` and the e2e setup
import { REPLICATED_SERVICES, canConnect, demoOwnerSecrets, replicaName, spawnStack, stackEnvironment, waitForHealthy } from '../../scripts/stack.mjs';

export interface StackPorts {
  gateway: number;
  checkout: number;
  payments: number;
  adminOrders: number;
  notifications: number;
  sandbox: number;
  mailHttp: number;
  mailSmtp: number;
}

interface ProcessSpec {
  env: Record<string, string>;
  health: string;
}

/** A whole shop with N replicas of every service (scripts/stack.mjs), on its own database and Redis prefix. */
export interface ReplicaStack {
  origin: string;
  sandboxUrl: string;
  mailUrl: string;
  database: TestDatabase;
  redisPrefix: string;
  /** Process names of every service replica, service by service: checkout, checkout-2, payments, ... */
  serviceReplicas: string[];
  /** Restarts one process gracefully (SIGTERM, drain, start again) and resolves once it is ready again. */
  restart: (name: string) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts the shop with `replicas` copies of each service on `ports` (replica k on port + 10 * (k - 1)),
 * a fresh migrated database and Redis prefix, and every process's output in `logFile`. Rate limits
 * are lifted: the load comes from one address. Resolves once every process is ready.
 */
export async function startReplicaStack({ ports, replicas, logFile }: { ports: StackPorts; replicas: number; logFile: string }): Promise<ReplicaStack> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) if (await canConnect('127.0.0.1', port, 300)) busy.push(`${name}:${port}`);
  if (busy.length) throw new Error(`ports already in use (${busy.join(', ')}): is another run of this stack going?`);
  const database = await createTestDatabase();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `pickles-replicas-${randomBytes(4).toString('hex')}`;
  // The gateway serves no storefront here: an app shell is all it needs.
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'pickles-replica-web-'));
  writeFileSync(path.join(webDir, 'app-shell.html'), '<!doctype html><title>Royal Pickles</title>');
  const unlimited = '1000000';
  const { processes } = stackEnvironment({
    ports,
    replicas,
    base: {
      ...process.env,
      NODE_ENV: 'test',
      WEB_DIST_DIR: webDir,
      // The gateway's metrics listener on any free port, so stacks never collide on the default one.
      METRICS_PORT: '0',
      CREATE_ORDER_LIMIT_PER_CLIENT: unlimited,
      CREATE_ORDER_LIMIT_PER_EMAIL: unlimited,
      HELD_JARS_PER_CLIENT: unlimited,
      HELD_JARS_PER_CONTACT: unlimited,
      PAYMENT_CALL_LIMIT_PER_CLIENT: unlimited,
      TRACK_LIMIT_PER_CLIENT: unlimited,
      TRACK_LINK_LIMIT_PER_CLIENT: unlimited,
    },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    ...(await demoOwnerSecrets()),
    logLevel: 'warn',
  }) as { processes: Record<string, ProcessSpec> };

  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const capture = (name: string, child: ChildProcess | undefined) => {
    child?.stdout?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
    child?.stderr?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
  };
  const stack = spawnStack(processes, {
    quiet: true,
    onRestart: (name: string) => log.write(`supervisor | ${name} exited on its own and is started again\n`),
  });
  for (const [name, child] of stack.children as Map<string, ChildProcess>) capture(name, child);
  const origin = `http://127.0.0.1:${ports.gateway}`;
  const stop = async () => {
    await stack.stopAll();
    log.end();
    rmSync(webDir, { recursive: true, force: true });
    await database.drop();
    await dropRedisPrefix(redisUrl, redisPrefix);
  };
  try {
    await waitForHealthy([`${origin}/api/health`, ...Object.values(processes).map((spec) => spec.health)], 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${logFile}`, { cause: error });
  }
  const serviceReplicas = (REPLICATED_SERVICES as string[]).flatMap((service) => Array.from({ length: replicas }, (_, i) => replicaName(service, i + 1) as string));
  return {
    origin,
    sandboxUrl: `http://127.0.0.1:${ports.sandbox}`,
    mailUrl: `http://127.0.0.1:${ports.mailHttp}`,
    database,
    redisPrefix,
    serviceReplicas,
    restart: async (name) => {
      log.write(`${new Date().toISOString()} restarting ${name}\n`);
      capture(name, (await stack.restart(name)) as ChildProcess | undefined);
      await waitForHealthy([processes[name]!.health], 60_000);
      log.write(`${new Date().toISOString()} ${name} is ready again\n`);
    },
    stop,
  };
}
