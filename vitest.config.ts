import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
 * Files side by side, one per core (vitest's default leaves a core to its own process, which on 2
 * cores ran every file one after the other). Integration workers each get a database and a Redis key
 * prefix of their own (test-kit's global and worker setup), so files running at once never meet.
 * Not more than the cores: the integration files that start processes (the CLIs, production mode,
 * two replicas) are CPU work too, and time out when three share two cores. TEST_WORKERS overrides both.
 */
const cores = availableParallelism();
const workers = (fallback: number) => Number(process.env.TEST_WORKERS ?? fallback);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: workers(cores),
          // Projects with their own maxWorkers run as groups, one after the other: unit first.
          sequence: { groupOrder: 0 },
          include: ['{packages,services,tools}/*/src/**/*.test.{ts,tsx}', 'gateway/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          maxWorkers: workers(cores),
          sequence: { groupOrder: 1 },
          include: ['{packages,services,tools}/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude,
          globalSetup: ['packages/test-kit/src/global-setup.ts'],
          setupFiles: ['packages/test-kit/src/worker-setup.ts'],
        },
      },
    ],
  },
});
