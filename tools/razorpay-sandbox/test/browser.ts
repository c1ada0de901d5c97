import { createServer, type RequestListener } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { TEST_BROWSER_ARGS, TEST_BROWSER_PATH } from '../../../scripts/test-browser.mjs';
import { startTestSandbox } from './helpers.js';

/** Debian's headless Chromium, never a downloaded one (scripts/test-browser.mjs). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_BROWSER_PATH, args: TEST_BROWSER_ARGS });
}

/**
 * A stand-in for the shop's web server. It is reached as "localhost", the sandbox as "127.0.0.1":
 * another origin, as the shop and Razorpay are, so cross-origin rules are exercised.
 */
export async function startShopStandIn(handler: RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    origin: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A new page whose uncaught errors are collected: a test ends by expecting none. */
export async function openWatchedPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * What a browser test file starts: the sandbox, a stand-in shop answering with the handler made for
 * that sandbox, and Chromium; `close` closes the three, the browser first.
 */
export async function startBrowserStack(shopHandler: (sandbox: Awaited<ReturnType<typeof startTestSandbox>>) => RequestListener) {
  const sandbox = await startTestSandbox();
  const shop = await startShopStandIn(shopHandler(sandbox));
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await shop.close();
    await sandbox.close();
  };
  return { sandbox, shop, browser, close };
}
