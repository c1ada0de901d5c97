import { test as base, expect, type Page } from '@playwright/test';

export const SPLASH_SEEN_KEY = 'royalPicklesSplashSeen';
export const CART_KEY = 'royalPicklesCart';

export const POLICIES = [
  { name: 'privacy-policy', title: 'Privacy Policy' },
  { name: 'refund-policy', title: 'Cancellation & Refunds' },
  { name: 'shipping-policy', title: 'Shipping Policy' },
  { name: 'terms-and-conditions', title: 'Terms & Conditions' },
  { name: 'contact-us', title: 'Contact Us' },
] as const;

interface Fixtures {
  /** Page errors and console errors seen during the test (hydration mismatches show up here). */
  pageErrors: string[];
  /** Marks the landing splash as already seen for this browser session. */
  skipSplash: () => Promise<void>;
}

export const test = base.extend<Fixtures>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // The landing's health ping may fail when only the web tier runs; its answer is ignored by design.
      if (/Failed to load resource|API (request failed|error response)/.test(text)) return;
      errors.push(text);
    });
    await use(errors);
    expect(errors, 'no page or console errors (hydration included)').toEqual([]);
  },
  skipSplash: async ({ page }, use) => {
    await use(async () => {
      await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SPLASH_SEEN_KEY);
    });
  },
});

export { expect };

/** Client-side navigation with router state, as the payment page does after a payment. */
export async function navigateWithState(page: Page, path: string, state: unknown): Promise<void> {
  await page.evaluate(
    ({ path: target, state: usr }) => {
      window.history.pushState({ usr, key: 'e2e', idx: (window.history.state?.idx ?? 0) + 1 }, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { path, state },
  );
}

/** Waits until React has hydrated the prerendered page (event handlers attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Fake timers that stand still until the test moves them (install before navigating). */
export async function freezeClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-01-15T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-15T10:00:02Z'));
}
