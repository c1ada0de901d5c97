import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Two tiers, told apart by where a test lives:
 * - unit: beside the code (`src/**`), needs no server; `npm run test:unit`.
 * - integration: in a `test/` folder, against real PostgreSQL and Redis (fresh databases and a Redis
 *   prefix per run, one of each per worker, made by the global setup) and the shop's own processes;
 *   `npm run test:integration`.
 * The browser journeys are Playwright's (`npm run test:e2e`).
 */
const exclude = ['**/node_modules/**', 'e2e/**', '**/dist/**'];

/**
 * Files side by side: as many as the cores, and at least two (decision 043). An integration file
 * spends about half its time waiting (on its processes, timers and sockets): on 2 cores one worker
 * left a core idle, and two took unit + integration from 505 s to 328 s. Each integration worker has
 * a database and Redis key prefix of its own (test-kit's global and worker setup, decision 041), so
 * files of different workers never meet. TEST_WORKERS overrides it.
 */
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, availableParallelism()));

/**
 * One tier as a vitest project. Projects with their own maxWorkers run as groups, one after the
 * other, in `groupOrder`: unit first.
 */
function tier(name: string, groupOrder: number, include: string[], setup: { globalSetup?: string[]; setupFiles?: string[]; isolate?: boolean } = {}): TestProjectInlineConfiguration {
  return { extends: true, test: { name, maxWorkers: workers, sequence: { groupOrder }, include, exclude, ...setup } };
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      // Unit files share one module graph per worker (isolate: false, decision 042): a fork and module
      // graph per file cost most of the tier's CPU. A test about a fresh page load imports its modules
      // after vi.resetModules(); the shared hooks reset the stores.
      tier('unit', 0, ['{packages,services,tools}/*/src/**/*.test.{ts,tsx}', 'gateway/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'], {
        setupFiles: ['web/src/testing/setup.ts'],
        isolate: false,
      }),
      tier('integration', 1, ['{packages,services,tools}/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'test/**/*.test.ts'], {
        globalSetup: ['packages/test-kit/src/global-setup.ts'],
        setupFiles: ['packages/test-kit/src/worker-setup.ts'],
      }),
    ],
  },
});
