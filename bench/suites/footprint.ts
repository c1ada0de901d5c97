import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, dropRedisPrefix } from '@pickles/test-kit';
import { figure, type Recorder } from '../lib/report.js';
import { buyOnce } from '../lib/shop.js';
import { median, round, sleep } from '../lib/stats.js';
// @ts-expect-error plain ESM build script (npm run build:server)
import { buildServers } from '../../scripts/build-server.mjs';
// @ts-expect-error plain ESM helper shared with `npm start`
import { DEMO_ADMIN, hashDemoPassword, offsetPorts, spawnStack, stackEnvironment, waitForHealthy } from '../../scripts/stack.mjs';

/** The footprint stack's ports, apart from npm start (3000/40xx), the e2e run, the bench stack (3200/42xx) and launch (51xx). */
const PORTS = offsetPorts({ gateway: 3300, checkout: 4301, payments: 4302, adminOrders: 4303, notifications: 4304, sandbox: 4310, mailHttp: 8325, mailSmtp: 1325, gatewayMetrics: 9391 });
const SHOP = ['gateway', 'checkout', 'payments', 'admin-orders', 'notifications'] as const;
type Mode = 'tsx' | 'compiled';
const TICKS_PER_SECOND = 100;

interface Memory { rssMiB: number; pssMiB: number }
/** Resident memory (VmRSS) and proportional share (Pss: pages shared with other processes, node's code above all, counted once over them). */
function memoryOf(pid: number): Memory {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const pss = existsSync(`/proc/${pid}/smaps_rollup`) ? Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) : rss;
  return { rssMiB: rss / 1024, pssMiB: pss / 1024 };
}
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Per process, the median of one sample a second for `seconds`: GC makes any single sample a coin toss. */
async function memoryAtRest(pids: Map<string, number>, seconds: number): Promise<Record<string, Memory>> {
  const samples = new Map<string, Memory[]>([...pids.keys()].map((name) => [name, []]));
  for (let i = 0; i < seconds; i++) {
    for (const [name, pid] of pids) samples.get(name)!.push(memoryOf(pid));
    await sleep(1000);
  }
  return Object.fromEntries([...samples].map(([name, list]) => [name, { rssMiB: round(median(list.map((m) => m.rssMiB))), pssMiB: round(median(list.map((m) => m.pssMiB))) }]));
}

const sum = (memory: Record<string, Memory>, key: keyof Memory) => round(Object.values(memory).reduce((total, m) => total + m[key], 0));

interface ModeFigures {
  spawnToHealthyMs: number;
  atRest: Record<string, Memory>;
  afterLoad: Record<string, Memory>;
  peakRssMiB: Record<string, number>;
  purchases: number;
  failures: number;
  cpuMsPerCheckout: Record<string, number>;
}

/** Shoppers buying without pause (create-order, captured sandbox payment, verify-payment) until `until`. */
async function shoppers(origin: string, sandboxUrl: string, count: number, until: number) {
  const counts = { purchases: 0, failures: 0 };
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (performance.now() < until) {
        try {
          if (await buyOnce(origin, sandboxUrl)) counts.purchases++;
          else counts.failures++;
        } catch {
          counts.failures++;
        }
      }
    }),
  );
  return counts;
}

/** Confirmation and owner alert of every purchase caught by the mail catcher: the work a checkout causes is done. */
async function emailsCaught(mailUrl: string, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${mailUrl}/api/messages`)).json()) as { messages: unknown[] };
    if (messages.length >= expected) return;
    await sleep(500);
  }
}

/** One shop of the five processes (and the sandbox and mail catcher) in `mode`, measured at rest, under a checkout load and after it. */
async function measure(mode: Mode, opts: { webDir: string; restSeconds: number; loadSeconds: number; shoppers: number }): Promise<ModeFigures> {
  const database = await createTestDatabase();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `pickles-bench-footprint-${randomBytes(4).toString('hex')}`;
  const compiled = mode === 'compiled';
  const { processes } = stackEnvironment({
    ports: PORTS,
    base: { ...process.env, NODE_ENV: 'test', WEB_DIST_DIR: opts.webDir, CREATE_ORDER_LIMIT_PER_CLIENT: '1000000', CREATE_ORDER_LIMIT_PER_EMAIL: '1000000', PAYMENT_CALL_LIMIT_PER_CLIENT: '1000000' },
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    adminPasswordHash: await hashDemoPassword(DEMO_ADMIN.password, process.env, { compiled }),
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: 'warn',
  });
  const origin = `http://127.0.0.1:${PORTS.gateway}`;
  const started = performance.now();
  const stack = spawnStack(processes, { quiet: true, compiled });
  try {
    await waitForHealthy([`${origin}/api/health`], 120_000);
    const spawnToHealthyMs = performance.now() - started;
    const pids = new Map(SHOP.map((name) => [name as string, (stack.children as Map<string, ChildProcess>).get(name)!.pid!]));
    // Start-up's garbage and first connections settle before "at rest".
    await sleep(15_000);
    const atRest = await memoryAtRest(pids, opts.restSeconds);
    const cpuBefore = new Map([...pids].map(([name, pid]) => [name, cpuSecondsOf(pid)]));
    const peak = new Map([...pids.keys()].map((name) => [name, 0]));
    const sampler = setInterval(() => {
      for (const [name, pid] of pids) peak.set(name, Math.max(peak.get(name)!, memoryOf(pid).rssMiB));
    }, 500);
    const until = performance.now() + opts.loadSeconds * 1000;
    const counts = await shoppers(origin, `http://127.0.0.1:${PORTS.sandbox}`, opts.shoppers, until);
    await emailsCaught(`http://127.0.0.1:${PORTS.mailHttp}`, 2 * counts.purchases, 60_000);
    clearInterval(sampler);
    const cpuMsPerCheckout: Record<string, number> = {};
    for (const [name, pid] of pids) cpuMsPerCheckout[name] = round((1000 * (cpuSecondsOf(pid) - cpuBefore.get(name)!)) / Math.max(1, counts.purchases), 2);
    cpuMsPerCheckout.total = round(Object.values(cpuMsPerCheckout).reduce((a, b) => a + b, 0), 2);
    await sleep(5_000);
    const afterLoad = await memoryAtRest(pids, 10);
    return { spawnToHealthyMs, atRest, afterLoad, peakRssMiB: Object.fromEntries([...peak].map(([k, v]) => [k, round(v)])), ...counts, cpuMsPerCheckout };
  } finally {
    await stack.stopAll();
    await database.drop();
    await dropRedisPrefix(redisUrl, redisPrefix);
  }
}

/** Image sizes from the last `npm run test:deploy` on this machine, when there was one. */
function lastDeployRun(): { finishedAt: string; imageBytes: Record<string, number> } | undefined {
  const file = path.join(process.env.PICKLES_DEPLOY_CACHE ?? '/var/cache/royal-pickles-deploy', 'work/last-run.json');
  if (!existsSync(file)) return undefined;
  const run = JSON.parse(readFileSync(file, 'utf8')) as { finishedAt: string; imageBytes?: Record<string, number> };
  return run.imageBytes && Object.keys(run.imageBytes).length ? { finishedAt: run.finishedAt, imageBytes: run.imageBytes } : undefined;
}

/**
 * What the shop costs a small server: the gateway and four services started the way
 * production runs them (the compiled bundles, `node --enable-source-maps dist/<name>/main.mjs`) beside
 * the same processes run through tsx as development runs them, one after the other on the same ports,
 * in the order tsx, compiled, compiled, tsx (`rounds` of each; the other work on a shared machine drifts,
 * and this order spreads it over both): start-up, memory at rest, CPU per paid checkout under a purchase
 * load, memory after it; and the images' sizes from the last test:deploy. Each figure is the median
 * over the rounds.
 */
export async function footprintSuite(rec: Recorder, opts: { webDir: string; restSeconds?: number; loadSeconds?: number; shoppers?: number; rounds?: number }): Promise<void> {
  const settings = { webDir: opts.webDir, restSeconds: opts.restSeconds ?? 20, loadSeconds: opts.loadSeconds ?? 20, shoppers: opts.shoppers ?? 6 };
  const rounds = opts.rounds ?? 2;
  // The bundles of the tree being measured, as production would build them.
  await buildServers();
  const runs: Record<Mode, ModeFigures[]> = { tsx: [], compiled: [] };
  const order: Mode[] = Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? (['tsx', 'compiled'] as Mode[]) : (['compiled', 'tsx'] as Mode[]))).flat();
  for (const mode of order) runs[mode].push(await measure(mode, settings));
  rec.detail('settings', { ...settings, rounds, order, ports: PORTS, webDir: undefined });
  rec.detail('tsx', runs.tsx);
  rec.detail('compiled', runs.compiled);
  const across = (mode: Mode, pick: (run: ModeFigures) => number) => round(median(runs[mode].map(pick)), 2);
  const both = (pick: (run: ModeFigures) => number) => ({ compiled: across('compiled', pick), tsx: across('tsx', pick) });
  const byProcess = (key: 'atRest' | 'afterLoad') => SHOP.map((n) => `${n} ${across('compiled', (r) => r[key][n]!.rssMiB)}`).join(', ');
  const tsxName = (what: string) => `${what}, node --import tsx (development)`;
  const rest = both((r) => sum(r.atRest, 'rssMiB'));
  rec.add(figure('RSS at rest, gateway + 4 services (sum), compiled', rest.compiled, 'MiB', { name: tsxName('same'), value: rest.tsx, unit: 'MiB' }, 'lower', `goal ≤ 400 MB; each process counts node's own code (about 45 MiB) again; by process: ${byProcess('atRest')}`));
  const pss = both((r) => sum(r.atRest, 'pssMiB'));
  rec.add(figure('PSS at rest, gateway + 4 services (sum), compiled', pss.compiled, 'MiB', { name: tsxName('same'), value: pss.tsx, unit: 'MiB' }, 'lower', 'proportional set size: pages the processes share (node\'s code) counted once across them, what the machine gives the five'));
  const after = both((r) => sum(r.afterLoad, 'rssMiB'));
  rec.add(figure('RSS after the checkout load (sum), compiled', after.compiled, 'MiB', { name: tsxName('same'), value: after.tsx, unit: 'MiB' }, 'lower', `${settings.shoppers} shoppers for ${settings.loadSeconds} s: ${runs.compiled.map((r) => r.purchases).join(', ')} paid checkouts compiled, ${runs.tsx.map((r) => r.purchases).join(', ')} with tsx; by process: ${byProcess('afterLoad')}`));
  const start = both((r) => r.spawnToHealthyMs);
  rec.add(figure('spawn to healthy /api/health, compiled', start.compiled, 'ms', { name: tsxName('same'), value: start.tsx, unit: 'ms' }, 'lower', 'goal ≤ 5 s; all seven processes spawned at once on 2 cores'));
  const cpu = both((r) => r.cpuMsPerCheckout.total!);
  const failures = [...runs.compiled, ...runs.tsx].reduce((total, r) => total + r.failures, 0);
  rec.add(figure('CPU per paid checkout, gateway + 4 services, compiled', cpu.compiled, 'ms', { name: tsxName('same'), value: cpu.tsx, unit: 'ms' }, 'lower', `goal: no worse; create-order, sandbox payment, verify-payment and the two e-mails; ${failures} failed purchases`));
  const deploy = lastDeployRun();
  if (deploy) {
    const sizes = Object.entries(deploy.imageBytes);
    const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
    const floor = Math.min(...sizes.map(([, bytes]) => bytes));
    rec.add(figure(`largest image (${largest[0]})`, round(largest[1] / 1e6), 'MB', { name: `smallest image (${sizes.find(([, b]) => b === floor)![0]}): Debian slim, node and a bundle`, value: round(floor / 1e6), unit: 'MB' }, 'lower', `goal ≤ 200 MB each; from npm run test:deploy at ${deploy.finishedAt}: ${sizes.map(([n, b]) => `${n} ${round(b / 1e6)}`).join(', ')}`));
  } else rec.detail('images', 'no test:deploy run on this machine yet: run npm run test:deploy for the image sizes');
}
