import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'services/**/*.test.ts', 'gateway/**/*.test.ts', 'tools/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**', '**/dist/**'],
    globalSetup: ['packages/test-kit/src/global-setup.ts'],
    // Integration tests share one database and one Redis; each creates its own rows.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
