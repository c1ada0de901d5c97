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

/** Answers GET /api/catalogue/availability with `products` and reloads the page. */
async function answerAvailability(page, products) {
  await page.route('**/api/catalogue/availability', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, asOf: new Date().toISOString(), products }) }),
  );
  await page.reload({ waitUntil: 'networkidle' });
}

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
  // Batch stock, the server's answer stood in for, so the shared database is not touched:
  // few left and the cart at its limit; the chicken sold out beside the launched kofta.
  ['shop-low-stock', '/shop', async (page) => {
    await answerAvailability(page, [{ productId: 1, state: 'on-sale', left: 3, nextBatchDate: null }, { productId: 2, state: 'coming-soon', left: 0, nextBatchDate: null }]);
    await page.getByText('Only 3 left').waitFor();
    for (let jar = 0; jar < 3; jar += 1) await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
    await page.getByRole('button', { name: /Open cart/ }).click();
    await page.waitForTimeout(400);
  }],
  ['shop-sold-out', '/shop', async (page) => {
    await answerAvailability(page, [{ productId: 1, state: 'sold-out', left: 0, nextBatchDate: '2026-11-30' }, { productId: 2, state: 'on-sale', left: null, nextBatchDate: null }]);
    await page.getByText('Sold out - next batch on 30 Nov 2026').waitFor();
  }],
  ['about', '/about'],
  ['payment', '/payment', null, true],
  // The pincode fills the city and state and says beside it when the order arrives (the delivery promise).
  ['payment-filled', '/payment', async (page) => {
    for (const [label, value] of [['Full name', 'Meera Iyer'], ['Email', 'meera@example.in'], ['Phone number', '9876543210'], ['Flat / House number', 'Flat 4C'], ['Street', '80 Feet Road'], ['Area / Locality', 'Koramangala 4th Block']]) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByLabel('Pincode').fill('560034');
    await page.getByTestId('pincode-delivery').getByText('Expected delivery').waitFor();
  }, true],
  ['payment-success', '/payment-success'],
  ['payment-failed', '/payment-failed'],
  ['policy', '/policies/refund-policy'],
  ['login', '/login'],
  ['admin', '/admin', null, false, true],
  ['admin-dispatch-dialog', '/admin', async (page) => { await page.getByRole('button', { name: 'Dispatch from a file' }).click(); await page.getByRole('dialog', { name: 'Dispatch from a file' }).waitFor(); }, false, true],
  ['admin-stock', '/admin/stock', async (page) => page.getByRole('heading', { name: 'Stock', level: 1 }).waitFor(), false, true],
  ['complaint', '/complaint?order=RP261122-7KQ2XD', async (page) => {
    // The empty form's messages under the fields.
    await page.getByRole('button', { name: 'Send complaint' }).click();
  }],
  ['complaint-sent', '/complaint', async (page) => {
    await page.getByLabel('Full name').fill('Kavya Menon');
    await page.getByLabel('Email').fill('kavya@example.in');
    await page.getByLabel('What is it about?').selectOption('damaged');
    await page.getByLabel('What happened?').fill('The jar arrived with a cracked lid and oil had leaked into the box.');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await page.getByTestId('complaint-ticket').waitFor();
  }],
  // Shows every complaint: seed a late one and a resolved one first to see them marked.
  ['admin-complaints', '/admin/complaints?state=all', null, false, true],
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
