import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, dropRedisPrefix, type TestDatabase } from '@pickles/test-kit';
// @ts-expect-error plain ESM helper shared with `npm start` and the e2e setup
import { DEFAULT_PORTS, DEMO_ADMIN, ROOT, SANDBOX_KEYS, canConnect, demoOwnerSecrets, hashDemoPassword, offsetPorts, run, spawnStack, stackEnvironment, waitForHealthy } from '../../scripts/stack.mjs';

export { DEFAULT_PORTS, DEMO_ADMIN, ROOT, SANDBOX_KEYS, canConnect, hashDemoPassword, offsetPorts, run };

/** The bench's own ports: shifted from `npm start` (3000/40xx) and the e2e run (3100/41xx). */
export const BENCH_PORTS: Record<'gateway' | 'checkout' | 'payments' | 'adminOrders' | 'notifications' | 'sandbox' | 'mailHttp' | 'mailSmtp', number> = offsetPorts({
  gateway: 3200,
  checkout: 4201,
  payments: 4202,
  adminOrders: 4203,
  notifications: 4204,
  sandbox: 4210,
  mailHttp: 8225,
  mailSmtp: 1225,
});
export type Ports = typeof BENCH_PORTS;

export const OUT_DIR = path.join(ROOT, 'bench/results/tmp');

export async function busyPorts(ports: Record<string, number>): Promise<string[]> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) if (await canConnect('127.0.0.1', port, 500)) busy.push(`${name}:${port}`);
  return busy;
}

/**
 * A private copy of the built storefront, so a teammate's rebuild of web/dist cannot change the
 * files under the bench mid-run. Its Razorpay checkout URL is pointed at the bench sandbox.
 */
export function copyWebDist(sandboxPort: number): string {
  const source = path.join(ROOT, 'web/dist');
  if (!existsSync(path.join(source, 'app-shell.html'))) throw new Error('web/dist is missing: run `npm run build -w web` (or `npm start` once) first');
  const target = path.join(os.tmpdir(), `pickles-bench-web-${process.pid}`);
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(html|js)$/.test(entry.name) && statSync(full).size < 5_000_000) {
        const text = readFileSync(full, 'utf8');
        const replaced = text.replace(/http:\/\/127\.0\.0\.1:\d+\/v1\/checkout\.js/g, `http://127.0.0.1:${sandboxPort}/v1/checkout.js`);
        if (replaced !== text) writeFileSync(full, replaced);
      }
    }
  };
  walk(target);
  return target;
}

export interface BenchStack {
  ports: Ports;
  origin: string;
  database: TestDatabase;
  webDir: string;
  redisPrefix: string;
  /** Wall time from spawning the processes to a healthy gateway /api/health. */
  spawnToHealthyMs: number;
  /** SIGKILLs one process; the supervisor (scripts/stack.mjs) starts it again. */
  kill: (name: string) => void;
  stop: () => Promise<void>;
}

/** Fresh database and Redis prefix, every process of the shop on BENCH_PORTS, logs in bench/results/tmp. */
export async function startBenchStack(webDir: string): Promise<BenchStack> {
  const ports = BENCH_PORTS;
  const busy = await busyPorts(ports);
  if (busy.length) throw new Error(`bench ports already in use (${busy.join(', ')}): is another bench running?`);
  const database = await createTestDatabase();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `pickles-bench-${randomBytes(4).toString('hex')}`;
  const { processes } = stackEnvironment({
    ports,
    base: {
      ...process.env,
      // The sandbox's published keys run only outside production mode (which refuses them); nothing
      // on the measured paths depends on NODE_ENV.
      NODE_ENV: 'test',
      WEB_DIST_DIR: webDir,
      // The relay's poll stays at the product's default (1 s): events are published on commit (LISTEN).
      // The load comes from one address: rate limits would measure themselves, not the purchase path.
      CREATE_ORDER_LIMIT_PER_CLIENT: '1000000',
      CREATE_ORDER_LIMIT_PER_EMAIL: '1000000',
      HELD_JARS_PER_CLIENT: '1000000',
      HELD_JARS_PER_CONTACT: '1000000',
      PAYMENT_CALL_LIMIT_PER_CLIENT: '1000000',
    },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    ...(await demoOwnerSecrets()),
    logLevel: 'warn',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  const log = createWriteStream(path.join(OUT_DIR, 'bench-stack.log'));
  const started = performance.now();
  const stack = spawnStack(processes, { quiet: true });
  for (const [name, child] of stack.children as Map<string, ChildProcess>) {
    child.stdout?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
    child.stderr?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
  }
  const origin = `http://127.0.0.1:${ports.gateway}`;
  try {
    await waitForHealthy([`${origin}/api/health`], 120_000);
  } catch (error) {
    await stack.stopAll();
    await database.drop();
    await dropRedisPrefix(redisUrl, redisPrefix);
    throw new Error(`${(error as Error).message}; see bench/results/tmp/bench-stack.log`, { cause: error });
  }
  const spawnToHealthyMs = performance.now() - started;
  return {
    ports,
    origin,
    database,
    webDir,
    redisPrefix,
    spawnToHealthyMs,
    kill: (name: string) => (stack.children as Map<string, ChildProcess>).get(name)?.kill('SIGKILL'),
    stop: async () => {
      await stack.stopAll();
      log.end();
      await database.drop();
      await dropRedisPrefix(redisUrl, redisPrefix);
    },
  };
}

export async function adminToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!body.token) throw new Error(`admin login failed: ${response.status} ${body.error ?? ''}`);
  return body.token;
}

/** `npm run seed -- --orders N` against the bench database; returns the seeder's wall time. */
export async function seedOrders(databaseUrl: string, orders: number): Promise<number> {
  const started = performance.now();
  await run('npm', ['run', '--silent', 'seed', '--', '--orders', String(orders)], { quiet: true, env: { ...process.env, DATABASE_URL: databaseUrl } });
  return performance.now() - started;
}
