import { defineConfig, devices } from '@playwright/test';
import { E2E_PORTS, E2E_STACK_COUNT } from './e2e/support/ports.js';
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { TEST_BROWSER_ARGS, TEST_BROWSER_PATH } from './scripts/test-browser.mjs';

/**
 * End-to-end journeys through the gateway in Debian's headless Chromium (scripts/test-browser.mjs).
 * The global setup starts a whole shop per worker on test ports, each with a fresh database, unless
 * E2E_BASE_URL points at one that is already running. Each worker evaluates this file again with its
 * own TEST_PARALLEL_INDEX, so its baseURL is its own shop's gateway (e2e/support/ports.ts).
 */
const chromium = { executablePath: TEST_BROWSER_PATH as string, args: TEST_BROWSER_ARGS as string[] };

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // A file's journeys run in order, in one worker, on that worker's shop; files go to whichever worker is free.
  fullyParallel: false,
  workers: E2E_STACK_COUNT,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '.ci/out/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORTS.gateway}`,
    launchOptions: chromium,
    // A trace records the page at every action: it made the longest journeys a third slower (decision
    // 043), and CI keeps no files to read it from. E2E_TRACE=retain-on-failure turns it on while a journey is being debugged; a failure
    // always keeps its screenshot.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      // Phone runs cover the storefront; long admin and purchase journeys run once, on desktop.
      testMatch: /storefront\/.*\.spec\.ts/,
    },
  ],
});
