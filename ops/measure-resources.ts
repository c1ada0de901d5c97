/**
 * Measures what each process of the shop uses, for the requests and limits in k8s/base: starts one
 * copy of every process (scripts/stack.mjs) as the images run them, the compiled bundles
 * (`node --enable-source-maps dist/<name>/main.mjs`, built first), on ports 5300-5326 against a fresh
 * database, samples resident memory and CPU time from /proc once a second, first idle and then under
 * a purchase load through the gateway, and prints a table.
 *
 *   npx tsx ops/measure-resources.ts [--idle 30] [--load 60] [--shoppers 12] [--write]
 *
 * --write keeps the figures in ops/measured-resources.json, which test/deploy/manifests.test.ts holds
 * the Deployments' requests and limits to (with the headroom k8s/README.md gives).
 *
 * The load: `shoppers` concurrent loops of create-order, a captured sandbox payment, verify-payment
 * (the sandbox also posts its webhook, so payments records it and notifications sends the e-mails)
 * and a pincode lookup; one admin listing orders once a second.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, dropRedisPrefix } from '@pickles/test-kit';
// @ts-expect-error plain ESM build script (npm run build:server)
import { buildServers } from '../scripts/build-server.mjs';
// @ts-expect-error plain ESM helper shared with `npm start`
import { DEMO_ADMIN, hashDemoPassword, offsetPorts, spawnStack, stackEnvironment, waitForHealthy } from '../scripts/stack.mjs';
import { buyOnce } from '../bench/lib/shop.js';

const PORTS = offsetPorts({ gateway: 5300, checkout: 5301, payments: 5302, adminOrders: 5303, notifications: 5304, sandbox: 5310, mailHttp: 5325, mailSmtp: 5326 });
const MEASURED = ['gateway', 'checkout', 'payments', 'admin-orders', 'notifications'];

const { values: options } = parseArgs({ options: { idle: { type: 'string', default: '30' }, load: { type: 'string', default: '60' }, shoppers: { type: 'string', default: '12' }, write: { type: 'boolean', default: false } } });
const idleSeconds = Number(options.idle);
const loadSeconds = Number(options.load);
const shoppers = Number(options.shoppers);

const CLOCK_TICKS = 100; // USER_HZ on Linux
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample { rssMiB: number; cpuSeconds: number; at: number }
function sample(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): user and system ticks.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMiB: rssKiB / 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, at: performance.now() / 1000 };
}

interface Figures { rssMiB: number; peakRssMiB: number; meanCpuMillicores: number; peakCpuMillicores: number }
/** Samples every process once a second for `seconds`: last and highest RSS, mean and highest 1 s CPU. */
async function observe(pids: Map<string, number>, seconds: number): Promise<Map<string, Figures>> {
  const series = new Map([...pids].map(([name, pid]) => [name, [sample(pid)]]));
  for (let i = 0; i < seconds; i++) {
    await sleep(1000);
    for (const [name, pid] of pids) series.get(name)!.push(sample(pid));
  }
  return new Map(
    [...series].map(([name, samples]) => {
      const rates = samples.slice(1).map((s, i) => (1000 * (s.cpuSeconds - samples[i]!.cpuSeconds)) / (s.at - samples[i]!.at));
      const first = samples[0]!;
      const last = samples.at(-1)!;
      return [name, { rssMiB: last.rssMiB, peakRssMiB: Math.max(...samples.map((s) => s.rssMiB)), meanCpuMillicores: (1000 * (last.cpuSeconds - first.cpuSeconds)) / (last.at - first.at), peakCpuMillicores: Math.max(...rates) }];
    }),
  );
}

async function shopperLoop(origin: string, sandboxUrl: string, until: number, counts: { purchases: number; failures: number }) {
  while (performance.now() < until) {
    try {
      const bought = await buyOnce(origin, sandboxUrl);
      await (await fetch(`${origin}/api/pincodes/560038`)).arrayBuffer();
      if (bought) counts.purchases++;
      else counts.failures++;
    } catch {
      counts.failures++;
    }
  }
}

async function adminLoop(origin: string, until: number) {
  const login = await fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  const { token } = (await login.json()) as { token: string };
  while (performance.now() < until) {
    await (await fetch(`${origin}/api/admin/orders?page=1&limit=20&sortField=createdAt&sortDir=desc`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    await sleep(1000);
  }
}

await buildServers();
const database = await createTestDatabase();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `pickles-measure-${process.pid}`;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'pickles-measure-web-'));
const { processes } = stackEnvironment({
  ports: PORTS,
  base: { ...process.env, NODE_ENV: 'test', WEB_DIST_DIR: webDir, CREATE_ORDER_LIMIT_PER_CLIENT: '1000000', CREATE_ORDER_LIMIT_PER_EMAIL: '1000000', PAYMENT_CALL_LIMIT_PER_CLIENT: '1000000' },
  databaseUrl: database.url,
  redisUrl,
  redisPrefix,
  adminPasswordHash: await hashDemoPassword(DEMO_ADMIN.password, process.env, { compiled: true }),
  jwtSecret: 'measure-resources-jwt-secret-0123456789abcdef',
  logLevel: 'warn',
});
const stack = spawnStack(processes, { quiet: true, compiled: true });
try {
  const origin = `http://127.0.0.1:${PORTS.gateway}`;
  await waitForHealthy([`${origin}/api/health`], 120_000);
  const pids = new Map(MEASURED.map((name) => [name, (stack.children as Map<string, ChildProcess>).get(name)!.pid!]));
  // Let start-up work (first pool connections, first timers) settle before "idle".
  await sleep(10_000);
  const idle = await observe(pids, idleSeconds);
  const counts = { purchases: 0, failures: 0 };
  const until = performance.now() + loadSeconds * 1000;
  const sandboxUrl = `http://127.0.0.1:${PORTS.sandbox}`;
  const [loaded] = await Promise.all([
    observe(pids, loadSeconds),
    ...Array.from({ length: shoppers }, () => shopperLoop(origin, sandboxUrl, until, counts)),
    adminLoop(origin, until),
  ]);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log(`idle ${idleSeconds} s; load ${loadSeconds} s with ${shoppers} shoppers: ${counts.purchases} paid purchases (${(counts.purchases / loadSeconds).toFixed(1)}/s), ${counts.failures} failures`);
  console.log('| process | idle RSS MiB | idle CPU m | load peak RSS MiB | load mean CPU m | load peak CPU m (1 s) |');
  console.log('|---|---|---|---|---|---|');
  for (const name of MEASURED) {
    const i = idle.get(name)!;
    const l = loaded.get(name)!;
    console.log(`| ${name} | ${i.rssMiB.toFixed(0)} | ${i.meanCpuMillicores.toFixed(0)} | ${l.peakRssMiB.toFixed(0)} | ${l.meanCpuMillicores.toFixed(0)} | ${l.peakCpuMillicores.toFixed(0)} |`);
  }
  if (options.write) {
    const purchasesPerSecond = counts.purchases / loadSeconds;
    const figures = {
      measuredAt: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
      node: process.version,
      run: 'compiled bundles (node --enable-source-maps dist/<name>/main.mjs), one copy each',
      load: { idleSeconds, loadSeconds, shoppers, purchasesPerSecond: Math.round(purchasesPerSecond * 10) / 10, failures: counts.failures },
      processes: Object.fromEntries(
        MEASURED.map((name) => {
          const i = idle.get(name)!;
          const l = loaded.get(name)!;
          const round = (value: number) => Math.round(value);
          return [name, { idleRssMiB: round(i.rssMiB), idleCpuMillicores: round(i.meanCpuMillicores), peakRssMiB: round(l.peakRssMiB), meanCpuMillicores: round(l.meanCpuMillicores), peakCpuMillicores: round(l.peakCpuMillicores), cpuMillicoresPerPurchasePerSecond: Math.round((l.meanCpuMillicores / Math.max(0.1, purchasesPerSecond)) * 10) / 10 }];
        }),
      ),
    };
    writeFileSync(new URL('./measured-resources.json', import.meta.url), `${JSON.stringify(figures, null, 2)}\n`);
    console.log('wrote ops/measured-resources.json');
  }
} finally {
  await stack.stopAll();
  await database.drop();
  await dropRedisPrefix(redisUrl, redisPrefix);
  rmSync(webDir, { recursive: true, force: true });
}
