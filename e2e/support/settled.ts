import { expect, type Page } from '@playwright/test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@pickles/shared';
import { untilShopQuiet } from '@pickles/test-kit';
import { shopDb, stackUrls } from './stack.js';

/**
 * Resolves once nothing else will happen on its own in the shop (test-kit's untilShopQuiet over the
 * e2e stack's database, notifications queue and both sandboxes). Use it, not a fixed wait, before asserting
 * that something did NOT happen (a second e-mail, say).
 */
export async function shopSettled(timeoutMs = 20_000): Promise<void> {
  const stack = stackUrls();
  const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix: stack.redisPrefix });
  // Both sandboxes send webhooks on their own time: Razorpay's (payments) and the courier's (tracking).
  const idle = async (sandboxUrl: string) => ((await (await fetch(`${sandboxUrl}/sandbox/state`)).json()) as { webhooks: { idle: boolean } }).webhooks.idle;
  const webhooksIdle = async () => (await idle(stack.sandboxUrl)) && (await idle(stack.courierSandboxUrl));
  try {
    await untilShopQuiet({ db: shopDb(), queue, webhooksIdle }, timeoutMs);
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/**
 * Resolves once the page has done all a tap could still cause: the app is ready, so the early-tap
 * script has done every held tap (synchronously, decision 017), and two frames have been drawn since,
 * so the effects of the last render (a write to sessionStorage, a request) have run.
 */
export async function tapsSettled(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]:not(.app-waking)')).toHaveCount(1);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
