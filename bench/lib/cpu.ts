import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ; 100 on every Linux the shop runs on). */
const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: string | number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** A stack process's part name from its command line: the service, gateway, sandbox or mail catcher. */
function partOf(cmdline: string): string | undefined {
  const service = /services\/([\w-]+)\/src\/index\.ts/.exec(cmdline)?.[1];
  if (service) return service;
  if (cmdline.includes('gateway/src')) return 'gateway';
  if (cmdline.includes('razorpay-sandbox')) return 'sandbox';
  if (cmdline.includes('mail-catcher')) return 'mail-catcher';
  return undefined;
}

/** CPU seconds by process (pid) at one moment: this stack's processes, its database's backends, Redis and the bench. */
export interface CpuReading {
  byPid: Map<number, { part: string; seconds: number }>;
}

/**
 * Reads the CPU time of the processes that serve one bench stack, on Linux (empty elsewhere): the
 * shop's processes (those with this stack's REDIS_PREFIX, so a teammate's shop or test run on the
 * same machine is not counted), the PostgreSQL backends connected to this stack's database (not the
 * whole server's), Redis, and the bench process itself (its load generator). The difference of two
 * readings says where a figure's CPU went, per request: a measure that holds on a busy machine,
 * where throughput does not.
 */
export async function readCpu(redisPrefix: string, databaseUrl: string): Promise<CpuReading> {
  const byPid = new Map<number, { part: string; seconds: number }>();
  if (!existsSync('/proc/self/stat')) return { byPid };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      let part: string | undefined;
      if (cmdline.startsWith('redis-server')) part = 'redis';
      else if (cmdline.includes('tsx') && readFileSync(`/proc/${entry}/environ`, 'utf8').includes(`REDIS_PREFIX=${redisPrefix}\0`)) part = partOf(cmdline);
      if (part) byPid.set(Number(entry), { part, seconds: cpuSecondsOf(entry) });
    } catch {
      // The process ended while we looked.
    }
  }
  byPid.set(process.pid, { part: 'bench', seconds: cpuSecondsOf(process.pid) });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const database = new URL(databaseUrl).pathname.slice(1);
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    for (const { pid } of rows) byPid.set(pid, { part: 'postgres', seconds: cpuSecondsOf(pid) });
  } finally {
    await client.end();
  }
  return { byPid };
}

/**
 * CPU milliseconds per request by part between two readings, and their total. A process present in
 * the second reading only counts from zero; one that ended (a pool's idle connection closed) is left
 * out, as its time left /proc with it.
 */
export function cpuMsPerRequest(before: CpuReading, after: CpuReading, requests: number): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const [pid, { part, seconds }] of after.byPid) {
    const used = seconds - (before.byPid.get(pid)?.seconds ?? 0);
    if (used > 0) totals[part] = (totals[part] ?? 0) + used;
  }
  const perRequest: Record<string, number> = {};
  let total = 0;
  for (const [part, seconds] of Object.entries(totals).sort(([, a], [, b]) => b - a)) {
    perRequest[part] = Math.round((seconds * 1e6) / Math.max(1, requests)) / 1000;
    total += seconds;
  }
  perRequest.total = Math.round((total * 1e6) / Math.max(1, requests)) / 1000;
  return perRequest;
}

/** Runs `work` and returns its result with the CPU milliseconds per request it cost each part of the stack. */
export async function withCpu<T>(stack: { redisPrefix: string; database: { url: string } }, requests: (result: T) => number, work: () => Promise<T>): Promise<{ result: T; cpuMs: Record<string, number> }> {
  const before = await readCpu(stack.redisPrefix, stack.database.url);
  const result = await work();
  const after = await readCpu(stack.redisPrefix, stack.database.url);
  return { result, cpuMs: cpuMsPerRequest(before, after, requests(result)) };
}
