import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.js';

/**
 * /shop with photos against today's drawings (decision 027's figures): the e2e setup's own shop,
 * Debian's Chromium, one script. `PORT_OFFSET=... npx playwright test -c bench/photos/playwright.config.ts`
 */
export default defineConfig({
  ...base,
  globalSetup: '../../e2e/global-setup.ts',
  testDir: '.',
  testMatch: /shop-photos\.bench\.ts/,
  timeout: 300_000,
  reporter: [['list']],
  projects: [{ name: 'bench', use: { ...base.use } }],
});
