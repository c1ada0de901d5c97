import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The pid of one of the bench stack's service processes (Linux /proc; undefined elsewhere): the one
 * running services/<name>/src/index.ts with this stack's Redis prefix, so another shop on the machine
 * (npm start, a test run) is never measured instead.
 */
export function servicePid(name: string, redisPrefix: string): number | undefined {
  if (!existsSync('/proc/self/status')) return undefined;
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`services/${name}/src/index.ts`)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(`REDIS_PREFIX=${redisPrefix}\0`)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

/** The process's resident set (VmRSS) in bytes, or 0 once it is gone. */
export function rssBytes(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the process's RSS every `everyMs` while `work` runs: the highest seen, and the RSS just before. */
export async function peakRss<T>(pid: number | undefined, work: () => Promise<T>, everyMs = 20): Promise<{ result: T; beforeBytes: number; peakBytes: number }> {
  if (pid === undefined) return { result: await work(), beforeBytes: 0, peakBytes: 0 };
  const beforeBytes = rssBytes(pid);
  let peakBytes = beforeBytes;
  const timer = setInterval(() => {
    peakBytes = Math.max(peakBytes, rssBytes(pid));
  }, everyMs);
  try {
    const result = await work();
    peakBytes = Math.max(peakBytes, rssBytes(pid));
    return { result, beforeBytes, peakBytes };
  } finally {
    clearInterval(timer);
  }
}
