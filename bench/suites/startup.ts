import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@pickles/test-kit';
import { figure, type Recorder } from '../lib/report.js';
import { median, sleep } from '../lib/stats.js';
import { DEFAULT_PORTS, ROOT, busyPorts, startBenchStack } from '../lib/stack.js';

const GATEWAY_PORT = 3290;
const BASELINE_PORT = 3291;

async function untilOk(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(50);
  }
  throw new Error(`${url} not healthy after ${timeoutMs / 1000} s`);
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, signal);
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 20_000).unref();
  });
}

async function baselineStart(): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/hello-server.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(BASELINE_PORT) }, stdio: 'ignore', detached: true });
  try {
    await untilOk(`http://127.0.0.1:${BASELINE_PORT}/`, 20_000);
    return performance.now() - t0;
  } finally {
    await stopGroup(child, 'SIGTERM');
  }
}

/**
 * `npm start` (dependencies installed, storefront already built: SKIP_BUILD=1) on a fresh database,
 * timed from spawn to the first 200 from its gateway's /api/health, then stopped with SIGINT (Ctrl-C).
 * Its non-gateway processes use npm start's fixed ports (40xx, 8025, 1025): when any is taken (a
 * teammate's shop), the bench's own stack start (spawnStack, spawn to healthy) is timed instead.
 * Baseline: spawn to first answer of a bare node+tsx HTTP server (median of 3).
 */
export async function startupSuite(rec: Recorder, opts: { webDir: string }): Promise<void> {
  const baselines: number[] = [];
  for (let i = 0; i < 3; i++) baselines.push(await baselineStart());
  const baseline = { name: 'bare node + tsx HTTP process, spawn to first 200 (median of 3)', value: median(baselines), unit: 'ms' };

  const { gateway: _gateway, ...others } = DEFAULT_PORTS as Record<string, number>;
  const busy = await busyPorts({ ...others, gateway: GATEWAY_PORT });
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = path.join(ROOT, 'node_modules/.package-lock.json');
  const wouldInstall = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs;
  if (busy.length || wouldInstall) {
    const why = busy.length ? `npm start's ports are taken (${busy.join(', ')})` : 'npm start would run npm ci first (lock file newer than node_modules)';
    console.log(`  ${why}: timing the bench stack's spawn to healthy instead`);
    const stack = await startBenchStack(opts.webDir);
    await stack.stop();
    rec.add(figure('start-up: spawnStack to healthy /api/health', stack.spawnToHealthyMs, 'ms', baseline, 'lower', `${why}; excludes the migration and password hashing npm start does`));
    rec.detail('measured', 'spawnStack (scripts/stack.mjs) of all processes on the bench ports to a 200 from the gateway /api/health');
    return;
  }

  const database = await createTestDatabase();
  try {
    const t0 = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, PORT: String(GATEWAY_PORT), DATABASE_URL: database.url, REDIS_PREFIX: `pickles-bench-start-${randomBytes(3).toString('hex')}`, SKIP_BUILD: '1', WEB_DIST_DIR: opts.webDir, LOG_LEVEL: 'warn' },
    });
    try {
      await untilOk(`http://127.0.0.1:${GATEWAY_PORT}/api/health`, 120_000);
      const ms = performance.now() - t0;
      rec.add(figure('start-up: npm start to healthy /api/health', ms, 'ms', baseline, 'lower', 'installed, storefront built (SKIP_BUILD=1), fresh migrated database; includes npm, migrate, password hashing and every process'));
      rec.detail('measured', `spawn of \`npm start\` (PORT=${GATEWAY_PORT}, other processes on npm start's default ports) to the first 200 from GET /api/health`);
    } finally {
      await stopGroup(child, 'SIGINT');
    }
  } finally {
    await database.drop();
  }
  rec.detail('baselineRunsMs', baselines);
}
