import { SPLASH_SEEN_KEY, expect, freezeClock, test, waitForHydration } from './fixtures.js';

test.describe('landing', () => {
  test('the logo splash shows for about 2 s on the first visit, pings health, then the page', async ({ page, pageErrors }) => {
    const health = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/health' && req.method() === 'GET');
    // Time stands still until the test moves it, so the 2 s are measured exactly.
    await freezeClock(page);
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash.locator('img')).toHaveAttribute('src', '/images/logo.svg');
    await health;
    await waitForHydration(page);
    // The splash counts its 2 s from navigation start, on the page's clock. That clock stands still, but
    // it starts from the real time between the test's install and pause (replayed on every new
    // document): a few milliseconds, more than a second on a loaded machine. So the test moves it to
    // just before and just after 2 s of the page's own time.
    const sinceNavigation = await page.evaluate(() => performance.now());
    await page.clock.runFor(Math.max(0, 1_900 - sinceNavigation));
    await expect(splash).toBeVisible();
    await page.clock.runFor(200);
    await expect(splash).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Taste the Royalty in Every Bite' })).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SPLASH_SEEN_KEY)).toBe('1');

    // Once per browser session.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Taste the Royalty in Every Bite' })).toBeVisible();
    await expect(splash).toBeHidden();
    expect(pageErrors).toEqual([]);
  });

  test('no splash for people who prefer reduced motion, but health is still called', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const health = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/health');
    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Taste the Royalty in Every Bite' })).toBeVisible();
    await health;
  });

  test('tagline, description, Shop Now, About link and three highlights', async ({ page, skipSplash }) => {
    await skipSplash();
    await page.goto('/');
    await waitForHydration(page);
    const main = page.getByRole('main');
    await expect(main.getByText(/century-old way/)).toBeVisible();
    for (const highlight of ['100+ Years of Craft', 'Slow-Cooked Perfection', 'Handpicked Spices']) {
      await expect(main.getByRole('heading', { name: highlight })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Discover Our Story' })).toHaveAttribute('href', '/about');
    await main.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop Our Pickles');
  });
});
