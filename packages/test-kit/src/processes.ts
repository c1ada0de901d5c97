import { spawnSync } from 'node:child_process';

/**
 * Runs a process's entry with only these variables (and PATH and HOME, so node and tsx run), to the
 * end: its exit code and its stderr lines. For checking a process that must refuse to start.
 */
export function runWithEnv(entry: string, env: Record<string, string>, timeoutMs: number) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { code: result.status, lines: result.stderr.trim().split('\n').filter(Boolean) };
}
