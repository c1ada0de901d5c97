import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@pickles/service-kit';
import { eventually, startApp, type RunningApp } from '@pickles/test-kit';
import { createGatewayApp } from '../src/app.js';
import { photoPreload } from '../src/photo-preload.js';

/**
 * A page whose largest paint is a product photo names it in its own response: the gateway in front
 * of a stand-in checkout whose catalogue the test changes, and a throwaway built SPA.
 */
const logger = createLogger('photo-preload-test', 'silent');
const PHOTO = 'a'.repeat(64);
let products: unknown[] = [];
let catalogueUp = true;
let checkout: RunningApp;
let gateway: RunningApp;

beforeAll(async () => {
  const app = express();
  app.get('/api/catalogue', (_req, res) => {
    if (!catalogueUp) res.status(503).json({ success: false, error: 'down' });
    else res.json({ success: true, products });
  });
  checkout = await startApp(app);
  products = [
    { id: 3, slug: 'royal-prawn-pickle', photos: [{ id: PHOTO, alt: 'A jar', width: 1280, height: 1280 }] },
    { id: 1, slug: 'royal-chicken-pickle' },
  ];
  const dist = mkdtempSync(path.join(tmpdir(), 'preload-dist-'));
  writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>shell</title>');
  mkdirSync(path.join(dist, 'shop'));
  writeFileSync(path.join(dist, 'shop', 'index.html'), '<!doctype html><title>shop</title>');
  gateway = await startApp(
    createGatewayApp(
      { NODE_ENV: 'test', CHECKOUT_URL: checkout.url, PAYMENTS_URL: checkout.url, ADMIN_ORDERS_URL: checkout.url, NOTIFICATIONS_URL: checkout.url, WEB_DIST_DIR: dist, CORS_ORIGINS: [], RAZORPAY_CHECKOUT_SCRIPT_URL: 'https://checkout.razorpay.com/v1/checkout.js', UPSTREAM_TIMEOUT_MS: 2000 },
      logger,
    ),
  );
});

afterAll(async () => {
  await gateway?.close();
  await checkout?.close();
});

const linkOf = async (pagePath: string) => (await fetch(`${gateway.url}${pagePath}`)).headers.get('link');

describe('the preload of a page\'s first photo', () => {
  it("names the first card's photo on /shop, with the srcset and sizes of the page's own AVIF source", async () => {
    await eventually(async () => (await linkOf('/shop')) !== null);
    const link = (await linkOf('/shop'))!;
    expect(link).toContain(`</api/catalogue/photos/${PHOTO}-640.avif>; rel=preload; as=image; type="image/avif"`);
    expect(link).toContain(`imagesrcset="/api/catalogue/photos/${PHOTO}-320.avif 320w, /api/catalogue/photos/${PHOTO}-640.avif 640w, /api/catalogue/photos/${PHOTO}-960.avif 960w, /api/catalogue/photos/${PHOTO}-1280.avif 1280w"`);
    expect(link).toContain('imagesizes="(min-width: 1100px) 524px, (min-width: 640px) calc(50vw - 26px), calc(100vw - 32px)"');
    expect(link).toContain('fetchpriority=high');
  });

  it("names a product page's photo at the page's size, and nothing for a product without one or another page", async () => {
    await eventually(async () => (await linkOf('/shop')) !== null);
    expect(await linkOf('/shop/royal-prawn-pickle')).toContain('imagesizes="(min-width: 672px) 608px, calc(100vw - 32px)"');
    expect(await linkOf('/shop/royal-chicken-pickle')).toBeNull();
    expect(await linkOf('/shop/no-such-pickle')).toBeNull();
    expect(await linkOf('/about')).toBeNull();
    expect(await linkOf('/admin')).toBeNull();
  });

  it('follows the catalogue: no hint when the first card has no photo or checkout is down, and a page never waits for it', async () => {
    const preload = photoPreload({ checkoutUrls: [checkout.url], logger, refreshMs: 0 });
    await eventually(async () => preload('/shop') !== undefined);
    // The owner puts a product without a photo first.
    products = [products[1], products[0]];
    await eventually(async () => preload('/shop') === undefined);
    expect(preload('/shop/royal-prawn-pickle')).toContain(PHOTO);
    // Checkout down: the last catalogue read stands, and pages are served.
    catalogueUp = false;
    products = [products[1], products[0]];
    expect(preload('/shop')).toBeUndefined();
    const page = await fetch(`${gateway.url}/shop`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shop</title>');
    catalogueUp = true;
    await eventually(async () => preload('/shop') !== undefined);
  });
});
