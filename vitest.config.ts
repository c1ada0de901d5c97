import { defineConfig } from 'vitest/config';

/**
 * Two tiers, told apart by where a test lives:
 * - unit: beside the code (`src/**`), needs no server; `npm run test:unit`.
 * - integration: in a `test/` folder, against real PostgreSQL and Redis (one fresh database and Redis
 *   prefix per run, made by the global setup) and the shop's own processes; `npm run test:integration`.
 * The browser journeys are Playwright's (`npm run test:e2e`).
 */
const exclude = ['**/node_modules/**', 'e2e/**', '**/dist/**'];

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
          include: ['{packages,services,tools}/*/src/**/*.test.{ts,tsx}', 'gateway/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{packages,services,tools}/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude,
          globalSetup: ['packages/test-kit/src/global-setup.ts'],
        },
      },
    ],
  },
});
