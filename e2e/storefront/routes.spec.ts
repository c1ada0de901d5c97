import { POLICIES, expect, test, waitForHydration } from './fixtures.js';

test.describe('routes and redirects', () => {
  test.beforeEach(async ({ skipSplash }) => skipSplash());

  const prerendered = [
    { path: '/', heading: 'Taste the Royalty in Every Bite', title: /Royal Pickles/ },
    { path: '/shop', heading: 'Shop Our Pickles', title: /^Shop Our Pickles/ },
    { path: '/about', heading: 'Flavour-Rich Meat Pickles, Made the Royal Way', title: /^Our Story/ },
    ...POLICIES.map((policy) => ({ path: `/policies/${policy.name}`, heading: policy.title, title: new RegExp(`^${policy.title}`) })),
  ];

  for (const route of prerendered) {
    test(`${route.path} is prerendered and hydrates without errors`, async ({ page, request, pageErrors }) => {
      const html = await (await request.get(route.path)).text();
      expect(html).toContain('data-prerendered="true"');
      expect(html).toContain(route.heading.replace(/&/g, '&amp;'));
      await page.goto(route.path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      expect(pageErrors).toEqual([]);
    });
  }

  test('content is visible without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: 'Royal Chicken Pickle' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Taste the Royalty in Every Bite' })).toBeVisible();
    // The tracking link of an e-mail paints its page's heading and introduction before any script.
    await page.goto('/track?order=RP261128-ABCDEF&t=abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
    await expect(page.getByText('Enter your order number and the phone number or e-mail you used at checkout')).toBeVisible();
    await context.close();
  });

  test('/policies, unknown policy names and deeper paths redirect to the privacy policy', async ({ page }) => {
    for (const from of ['/policies', '/policies/', '/policies/no-such-policy', '/policies/shipping-policy/extra']) {
      await page.goto(from);
      await expect(page, from).toHaveURL(/\/policies\/privacy-policy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    }
  });

  test('/login and /admin are reserved routes loaded on demand', async ({ page, pageErrors }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/(admin|login)$/);
    expect(pageErrors).toEqual([]);
  });

  test('the storefront never downloads admin, checkout or spreadsheet code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    for (const path of ['/', '/shop', '/about', '/policies/shipping-policy']) {
      await page.goto(path);
      await waitForHydration(page);
    }
    expect(scripts.filter((url) => /admin|login|payment-route|xlsx/i.test(url))).toEqual([]);
    for (const url of scripts) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  });

  test('an unknown path shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('main').getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page chunk that fails to load offers a reload instead of a blank page', async ({ page }) => {
    await page.route(/\/assets\/payment-route-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/shop');
    await waitForHydration(page);
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'x', idx: 1 }, '', '/payment');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This page could not be loaded');
    await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
    // Header and footer stay usable.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.unroute(/\/assets\/payment-route-[^/]+\.js$/);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
