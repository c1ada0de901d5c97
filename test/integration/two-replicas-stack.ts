import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createDb, sql, type Db } from '@pickles/db';
import { QUEUES } from '@pickles/shared';
import { createTestDatabase, dropRedisPrefix, eventually, type TestDatabase } from '@pickles/test-kit';
// @ts-expect-error plain ESM helper shared with `npm start`
import { ROOT, demoOwnerSecrets, offsetPorts, replicaName, replicaPort, spawnStack, stackEnvironment, waitForHealthy } from '../../scripts/stack.mjs';

/** This test's own ports (5400-5499): replica 2 of each service listens 10 above the first. */
export const TWO_REPLICA_PORTS: Record<string, number> = offsetPorts({
  gateway: 5400,
  checkout: 5401,
  payments: 5402,
  adminOrders: 5403,
  notifications: 5404,
  sandbox: 5420,
  mailHttp: 5425,
  mailSmtp: 5426,
});

export const SERVICES = ['checkout', 'payments', 'admin-orders', 'notifications'] as const;
export type Service = (typeof SERVICES)[number];

/** One pino line of a process, as it wrote it. */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface TwoReplicaStack {
  origin: string;
  sandboxUrl: string;
  mailUrl: string;
  db: Db;
  /** Every JSON line each process wrote, by process name (`payments`, `payments-2` ...). */
  logs: Map<string, LogLine[]>;
  /** The two process names of a service: its first replica and `<service>-2`. */
  replicas: (service: Service) => [string, string];
  /** Processes that exited while the test ran (none should). */
  exits: string[];
  /** Resolves once nothing is left to happen on its own: see `isQuiet`. */
  drained: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The whole shop with two replicas of every service (scripts/stack.mjs, as `npm start -- --replicas 2`
 * runs it): a fresh database and Redis prefix, the gateway spreading requests over the replicas, the
 * sandbox delivering webhooks through the gateway. Each process's log lines are kept apart, so the
 * test can tell which replica did what; all of them also go to .ci/out/two-replicas-stack.log.
 */
export async function startTwoReplicaStack(env: Record<string, string>): Promise<TwoReplicaStack> {
  const database: TestDatabase = await createTestDatabase();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `pickles-two-${randomBytes(4).toString('hex')}`;
  const { processes } = stackEnvironment({
    ports: TWO_REPLICA_PORTS,
    base: {
      ...process.env,
      NODE_ENV: 'test',
      // The gateway's metrics listener on any free port, beside the other stacks on this machine.
      METRICS_PORT: '0',
      // Stopping needs no drain here: nothing is sent to a stopping stack.
      SHUTDOWN_DRAIN_MS: '0',
      // Every shopper of the load comes from 127.0.0.1: the per-client limits are tested in services/*/test.
      CREATE_ORDER_LIMIT_PER_CLIENT: '1000000',
      CREATE_ORDER_LIMIT_PER_EMAIL: '1000000',
      HELD_JARS_PER_CLIENT: '1000000',
      HELD_JARS_PER_CONTACT: '1000000',
      PAYMENT_CALL_LIMIT_PER_CLIENT: '1000000',
      ...env,
    },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    ...(await demoOwnerSecrets()),
    logLevel: 'info',
    replicas: 2,
  });
  const logs = new Map<string, LogLine[]>();
  const exits: string[] = [];
  let stopping = false;
  mkdirSync(path.join(ROOT, '.ci/out'), { recursive: true });
  const file = createWriteStream(path.join(ROOT, '.ci/out/two-replicas-stack.log'));
  const stack = spawnStack(processes, { quiet: true, onExit: (name: string) => !stopping && exits.push(name) });
  for (const [name, child] of stack.children as Map<string, ChildProcess>) {
    const lines: LogLine[] = [];
    logs.set(name, lines);
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const complete = text.split('\n');
      partial = complete.pop() ?? '';
      for (const line of complete) {
        file.write(`${name} | ${line}\n`);
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {
          lines.push({ msg: line });
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => file.write(`${name} ! ${chunk}`));
  }
  const origin = `http://127.0.0.1:${TWO_REPLICA_PORTS.gateway}`;
  const sandboxUrl = `http://127.0.0.1:${TWO_REPLICA_PORTS.sandbox}`;
  const mailUrl = `http://127.0.0.1:${TWO_REPLICA_PORTS.mailHttp}`;
  const db = createDb({ connectionString: database.url, max: 4 });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix: redisPrefix });
  queue.on('error', () => {});
  const stop = async () => {
    stopping = true;
    await stack.stopAll();
    file.end();
    await queue.close();
    redis.disconnect();
    await db.destroy();
    await database.drop();
    await dropRedisPrefix(redisUrl, redisPrefix);
  };
  try {
    const first = { checkout: TWO_REPLICA_PORTS.checkout, payments: TWO_REPLICA_PORTS.payments, 'admin-orders': TWO_REPLICA_PORTS.adminOrders, notifications: TWO_REPLICA_PORTS.notifications };
    const replicaHealth = SERVICES.flatMap((service) => [1, 2].map((k) => `http://127.0.0.1:${replicaPort(first[service], k)}/health`));
    await waitForHealthy([`${origin}/api/health`, `${sandboxUrl}/health`, `${mailUrl}/health`, ...replicaHealth], 90_000);
  } catch (error) {
    await stop();
    throw error;
  }

  /**
   * Quiet: the sandbox has no webhook being sent, retried or withheld, no outbox row waits, and no
   * notification job waits, runs or waits to retry.
   */
  const isQuiet = async () => {
    const state = (await (await fetch(`${sandboxUrl}/sandbox/state`)).json()) as { webhooks: { idle: boolean; events: { status: string }[] } };
    if (!state.webhooks.idle || state.webhooks.events.some((event) => event.status === 'withheld')) return false;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox_events where published_at is null`.execute(db);
    if (rows[0]!.n > 0) return false;
    const jobs = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    return Object.values(jobs).every((n) => n === 0);
  };

  return {
    origin,
    sandboxUrl,
    mailUrl,
    db,
    logs,
    exits,
    replicas: (service) => [replicaName(service, 1), replicaName(service, 2)],
    drained: async (timeoutMs = 30_000) => {
      // Quiet twice in a row, 300 ms apart: a step handing work to the next is never caught between them.
      let quietChecks = 0;
      await eventually(async () => {
        quietChecks = (await isQuiet()) ? quietChecks + 1 : 0;
        return quietChecks >= 2;
      }, timeoutMs, 300);
    },
    stop,
  };
}

/** Log lines of `process` with this message. */
export const linesOf = (stack: TwoReplicaStack, process: string, msg: string) => (stack.logs.get(process) ?? []).filter((line) => line.msg === msg);

/** Requests a process answered on `path` (its own request log, health probes aside). */
export const requestsServed = (stack: TwoReplicaStack, process: string, path: string) =>
  linesOf(stack, process, 'request completed').filter((line) => (line.req as { url?: string } | undefined)?.url === path).length;
