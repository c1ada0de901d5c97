#!/usr/bin/env node
/* global document */
// Screenshots of every page at phone and laptop widths, for looking at what we build.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir]   (a running shop: npm start)
// Also reports horizontal overflow per page, which is a bug at any width.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'screenshots';
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
mkdirSync(out, { recursive: true });

const WIDTHS = [360, 390, 1280];
const CART = JSON.stringify({ 1: 2, 2: 1 });

/** name, path, and what to do before the shot. */
const PAGES = [
  ['landing', '/'],
  ['shop', '/shop', async (page) => page.waitForTimeout(300)],
  ['shop-cart', '/shop', async (page) => {
    await page.getByRole('button', { name: /add to cart/i }).first().click();
    await page.getByRole('button', { name: /Open cart/ }).click().catch(() => undefined);
    await page.waitForTimeout(400);
  }],
  ['empty-cart', '/shop', async (page) => {
    await page.getByRole('button', { name: /Open cart/ }).click().catch(() => undefined);
    await page.waitForTimeout(400);
  }],
  ['about', '/about'],
  ['payment', '/payment', null, true],
  ['payment-success', '/payment-success'],
  ['payment-failed', '/payment-failed'],
  ['policy', '/policies/refund-policy'],
  ['login', '/login'],
  ['admin', '/admin', null, false, true],
  ['not-found', '/nope'],
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
let token;
for (const [name, path, before, withCart, admin] of PAGES) {
  if (only && !only.test(name)) continue;
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => sessionStorage.setItem('royalPicklesSplashSeen', '1'));
    if (admin) {
      if (!token) {
        const response = await page.request.post(`${base}/api/admin/login`, { data: { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'pickles-admin' } });
        token = (await response.json()).token;
      }
      await page.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    }
    if (withCart) await page.addInitScript((c) => sessionStorage.setItem('royalPicklesCart', c), CART);
    await page.goto(base + path, { waitUntil: 'networkidle' });
    if (before) await before(page);
    await page.waitForTimeout(2300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) console.log(`${name} @${width}: overflows by ${overflow}px`);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
