/**
 * `npm run bench [-- --only startup,footprint,storefront,gateway,purchase,events,recovery,admin,launch] [--lighthouse-runs 3]`
 * Starts its own shop (fresh database, ports 3200/42xx), measures, and writes bench/results/latest.json
 * and latest.md. Reports only: a failed suite is recorded and the run still exits 0.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Recorder, type SuiteResult } from './lib/report.js';
import { ROOT, copyWebDist, seedOrders, startBenchStack, BENCH_PORTS, type BenchStack } from './lib/stack.js';
import { gatewaySuite } from './suites/gateway.js';
import { purchaseSuite } from './suites/purchase.js';
import { eventsSuite } from './suites/events.js';
import { storefrontSuite } from './suites/storefront.js';
import { adminApiSuite, adminExportSuite, type AdminScale } from './suites/admin.js';
import { startupSuite } from './suites/startup.js';
import { footprintSuite } from './suites/footprint.js';
import { recoverySuite } from './suites/recovery.js';
import { launchSuite } from './suites/launch.js';
import { renderMarkdown } from './lib/markdown.js';
import { openPipeline, type BenchPipeline } from './lib/pipeline.js';

const SUITES = ['startup', 'footprint', 'storefront', 'gateway', 'purchase', 'events', 'recovery', 'admin', 'launch'] as const;
/** Suites that start shops of their own rather than using the bench stack. */
const OWN_STACK: readonly SuiteName[] = ['startup', 'footprint', 'launch'];
type SuiteName = (typeof SUITES)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'lighthouse-budget': { type: 'string', default: '420' },
    'load-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'admin-orders': { type: 'string', default: '100000' },
    'events-orders': { type: 'string', default: '200' },
    'events-backlog': { type: 'string', default: '3000' },
    'launch-per-second': { type: 'string', default: '100' },
    'launch-seconds': { type: 'string', default: '60' },
    out: { type: 'string', default: 'latest' },
  },
});
const only = values.only ? (values.only.split(',').map((s) => s.trim()) as SuiteName[]) : [...SUITES];
for (const name of only) if (!SUITES.includes(name)) throw new Error(`unknown suite "${name}"; choose from ${SUITES.join(', ')}`);
const wanted = (name: SuiteName) => only.includes(name);
const options = {
  lighthouseRuns: Number(values['lighthouse-runs']),
  lighthouseBudget: Number(values['lighthouse-budget']),
  loadSeconds: Number(values['load-seconds']),
  connections: Number(values.connections),
  adminOrders: Number(values['admin-orders']),
  eventsOrders: Number(values['events-orders']),
  eventsBacklog: Number(values['events-backlog']),
  launchPerSecond: Number(values['launch-per-second']),
  launchSeconds: Number(values['launch-seconds']),
};

const results: SuiteResult[] = [];
/** The bench stack's outbox and queue, once it runs: every suite starts on a drained pipeline. */
let pipeline: BenchPipeline | undefined;
async function suite(name: string, body: (rec: Recorder) => Promise<void>): Promise<void> {
  console.log(`\n== ${name}`);
  const rec = new Recorder();
  const started = performance.now();
  try {
    if (pipeline) {
      const waitedMs = await pipeline.drained();
      if (waitedMs > 1_000) console.log(`  (waited ${(waitedMs / 1000).toFixed(1)} s for the previous suite's events to drain)`);
      rec.detail('pipelineDrainWaitMs', Math.round(waitedMs));
    }
    await body(rec);
    results.push({ suite: name, status: 'ok', seconds: (performance.now() - started) / 1000, figures: rec.figures, details: rec.details });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  ${name} failed: ${message}`);
    results.push({ suite: name, status: 'failed', seconds: (performance.now() - started) / 1000, figures: rec.figures, details: rec.details, error: message });
  }
}

function gitCommit(): { commit: string; dirty: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const started = performance.now();
  const meta = { date: startedAt.toISOString(), machine: machine(), git: gitCommit(), options: { suites: only, ...options } };
  console.log(`bench: ${only.join(', ')} on ${meta.machine.cores} cores (load ${meta.machine.loadAverageAtStart.join(' ')}), commit ${meta.git.commit}${meta.git.dirty ? ' (+ uncommitted changes)' : ''}`);

  const webDir = copyWebDist(BENCH_PORTS.sandbox);
  let stack: BenchStack | undefined;
  let benchStackSpawnToHealthyMs: number | undefined;
  try {
    // Start-up first, while nothing of ours is running.
    if (wanted('startup')) await suite('startup', (rec) => startupSuite(rec, { webDir }));
    // Memory, start-up and CPU per checkout of the compiled processes beside tsx, on shops of its own.
    if (wanted('footprint')) await suite('footprint', (rec) => footprintSuite(rec, { webDir }));

    const needsStack = only.some((name) => !OWN_STACK.includes(name));
    if (needsStack) {
      console.log('\nstarting the bench stack (fresh database, ports 3200/42xx)...');
      stack = await startBenchStack(webDir);
      benchStackSpawnToHealthyMs = stack.spawnToHealthyMs;
      pipeline = openPipeline(stack);
      console.log(`  healthy after ${(stack.spawnToHealthyMs / 1000).toFixed(1)} s`);
    }
    let seeded = 0;
    let small: AdminScale | undefined;
    if (stack && (wanted('storefront') || wanted('admin'))) {
      const ms = await seedOrders(stack.database.url, 1000);
      seeded = 1000;
      console.log(`  seeded 1,000 orders in ${(ms / 1000).toFixed(1)} s`);
    }
    if (stack && wanted('storefront')) await suite('storefront', (rec) => storefrontSuite(stack!, rec, { runs: options.lighthouseRuns, budgetSeconds: options.lighthouseBudget }));
    if (stack && wanted('admin')) {
      // The same admin requests and exports at 1,000 orders: the baseline for the 100,000-order figures.
      await suite('admin-1k-baseline', async (rec) => {
        small = await adminApiSuite(stack!, rec, { label: '1k', baseline: undefined });
        await adminExportSuite(stack!, rec, { label: '1k', baseline: undefined, scale: small });
      });
    }
    if (stack && wanted('gateway')) await suite('gateway', (rec) => gatewaySuite(stack!, rec, { seconds: options.loadSeconds, connections: options.connections }));
    if (stack && wanted('purchase')) await suite('purchase', (rec) => purchaseSuite(stack!, rec, { seconds: options.loadSeconds, connections: options.connections, maxPaid: 3000 }));
    if (stack && wanted('events')) await suite('events', (rec) => eventsSuite(stack!, rec, { orders: options.eventsOrders, concurrency: options.connections, backlog: options.eventsBacklog }));
    if (stack && wanted('recovery')) await suite('recovery', (rec) => recoverySuite(stack!, rec));
    if (stack && wanted('admin')) {
      await suite('admin', async (rec) => {
        const more = options.adminOrders - seeded;
        if (more > 0) {
          const ms = await seedOrders(stack!.database.url, more);
          console.log(`  seeded ${more.toLocaleString('en')} more orders in ${(ms / 1000).toFixed(1)} s`);
          rec.detail('seedSeconds', ms / 1000);
        }
        const large = await adminApiSuite(stack!, rec, { label: `${Math.round(options.adminOrders / 1000)}k`, baseline: small });
        await adminExportSuite(stack!, rec, { label: `${Math.round(options.adminOrders / 1000)}k`, baseline: small, scale: large });
      });
    }
    // Last: its two-replica shop runs beside nothing else of the bench's.
    if (wanted('launch')) {
      await pipeline?.close().catch(() => undefined);
      pipeline = undefined;
      if (stack) await stack.stop().catch((error) => console.error(`stopping the bench stack: ${(error as Error).message}`));
      stack = undefined;
      await suite('launch', (rec) => launchSuite(rec, { perSecond: options.launchPerSecond, seconds: options.launchSeconds, restartShoppers: 4 }));
    }
  } finally {
    await pipeline?.close().catch(() => undefined);
    if (stack) await stack.stop().catch((error) => console.error(`stopping the bench stack: ${(error as Error).message}`));
    rmSync(webDir, { recursive: true, force: true });
  }

  const report = { meta: { ...meta, seconds: Math.round((performance.now() - started) / 100) / 10, benchStackSpawnToHealthyMs }, results };
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${values.out}.json`), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(path.join(dir, `${values.out}.md`), renderMarkdown(report));
  console.log(`\nwrote bench/results/${values.out}.json and ${values.out}.md in ${report.meta.seconds} s`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
