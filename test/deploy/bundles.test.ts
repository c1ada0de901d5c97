import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../packages/invoices/test/read-pdf.js';
// @ts-expect-error plain ESM build script (npm run build:server)
import { buildProcess } from '../../scripts/build-server.mjs';
// @ts-expect-error plain ESM list of the shop's processes
import { NODE_BUNDLE_FLAGS, PROCESSES } from '../../scripts/processes.mjs';
import { repoRoot } from './support.js';

// The bundles production runs (docs/decisions/021), built here as `npm run build:server` builds them
// for the images, into a folder of the test's own; then run with node the way the images run them.

interface ShopProcess { name: string; entry: string; tools?: Record<string, string> }
interface Built { name: string; bytes: number; packages: string[] }

const out = mkdtempSync(join(tmpdir(), 'pickles-bundles-'));
const built = new Map<string, Built>();
const processes = PROCESSES as ShopProcess[];

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [...(NODE_BUNDLE_FLAGS as string[]), ...args], { encoding: 'buffer', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 });

beforeAll(async () => {
  for (const shop of processes) built.set(shop.name, (await buildProcess(shop, join(out, shop.name))) as Built);
}, 180_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('production bundles', () => {
  it('bundle every process of scripts/processes.mjs into one folder each, with only native addons left as packages: msgpackr-extract, and sharp in admin-orders', () => {
    expect([...built.keys()].sort()).toEqual(processes.map((p) => p.name).sort());
    for (const shop of processes) {
      expect(existsSync(join(out, shop.name, 'main.mjs')), shop.name).toBe(true);
      expect(existsSync(join(out, shop.name, 'main.mjs.map')), `${shop.name} source map`).toBe(true);
      for (const tool of Object.keys(shop.tools ?? {})) expect(existsSync(join(out, shop.name, `${tool}.mjs`)), `${shop.name}/${tool}.mjs`).toBe(true);
      const roots = built.get(shop.name)!.packages.filter((p) => !p.includes('/node_modules/', 'node_modules/'.length));
      const allowed = shop.name === 'admin-orders'
        ? /^node_modules\/(msgpackr-extract|node-gyp-build-optional-packages|detect-libc|@msgpackr-extract\/|sharp|@img\/|semver)/
        : /^node_modules\/(msgpackr-extract|node-gyp-build-optional-packages|detect-libc|@msgpackr-extract\/)/;
      expect(roots.every((p) => allowed.test(p)), `${shop.name}: ${roots.join(', ')}`).toBe(true);
    }
  });

  it('map only the shop\'s own TypeScript sources, so the maps node loads at start cost little memory', () => {
    const map = JSON.parse(readFileSync(join(out, 'payments', 'main.mjs.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.length).toBeGreaterThan(20);
    expect(map.sources.filter((source) => source.includes('node_modules'))).toEqual([]);
    expect(map.sources.some((source) => source.endsWith('services/payments/src/index.ts'))).toBe(true);
  });

  it('render a GST invoice PDF from a bundle: pdfkit and its standard fonts are inside it', async () => {
    await buildProcess({ name: 'render-invoice', entry: 'test/deploy/fixtures/render-invoice.ts' }, join(out, 'render-invoice'));
    const result = run([join(out, 'render-invoice', 'main.mjs')]);
    expect(result.stderr.toString()).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(result.stdout);
    expect(text).toContain('Invoice number: RP/26-27/000042');
    expect(text).toContain('Royal Chicken Pickle');
  });

  it("make a photo's variants from a bundle, a JPEG's and an iPhone HEIC's: sharp and its libvips ship beside it, the HEIC decoder inside it", () => {
    expect(built.get('admin-orders')!.packages).toEqual(expect.arrayContaining(['node_modules/sharp', 'node_modules/@img/sharp-linux-x64', 'node_modules/@img/sharp-libvips-linux-x64']));
    return buildProcess({ name: 'make-photo-variants', entry: 'test/deploy/fixtures/make-photo-variants.ts' }, join(out, 'make-photo-variants')).then(() => {
      const result = run([join(out, 'make-photo-variants', 'main.mjs'), join(repoRoot, 'services/admin-orders/test/fixtures/iphone-1000x750.heic')]);
      expect(result.stderr.toString()).toBe('');
      expect(result.status).toBe(0);
      const variants = { ok: true, variants: ['320.avif', '320.webp', '640.avif', '640.webp', '960.avif', '960.webp'] };
      expect(JSON.parse(result.stdout.toString())).toEqual({ jpeg: variants, heic: variants });
    });
  });

  it('find the files a process reads next to its code (the pincode directory) wherever the bundle is', () => {
    expect(existsSync(join(out, 'checkout', 'assets', 'pincode-directory.json'))).toBe(true);
    expect(existsSync(join(out, 'razorpay-sandbox', 'assets', 'checkout.js'))).toBe(true);
  });

  it('print, when a process crashes, a stack trace that names the TypeScript file and line', () => {
    const result = run([join(out, 'payments', 'main.mjs')], {
      NODE_OPTIONS: `--import=${join(repoRoot, 'test/deploy/containers/crash-on-listen.mjs')}`,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'fatal',
      DATABASE_URL: 'postgres://pickles@127.0.0.1:1/royal_pickles',
      REDIS_URL: 'redis://127.0.0.1:1',
      RAZORPAY_KEY_ID: 'rzp_test_DemoSandboxKey01',
      RAZORPAY_KEY_SECRET: 'demo-sandbox-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'demo-sandbox-webhook-secret',
      RAZORPAY_API_BASE_URL: 'http://127.0.0.1:1',
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status).not.toBe(0);
    expect(output).toContain('listen refused on purpose');
    expect(output).toMatch(/packages\/service-kit\/src\/listen\.ts:\d+:\d+/);
    expect(output).toMatch(/packages\/service-kit\/src\/run-service\.ts:\d+:\d+/);
  });
});
