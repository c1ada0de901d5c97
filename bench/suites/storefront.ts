import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
// puppeteer-core comes with lighthouse (its own dependency): Lighthouse audits a page it is handed,
// so session storage (the cart) set in that tab survives into the audited load.
import puppeteer, { type Browser } from 'puppeteer-core';
import { figure, type Recorder } from '../lib/report.js';
import { median } from '../lib/stats.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.js';
import { adminToken, type BenchStack } from '../lib/stack.js';
import { firstTapFigures } from '../lib/first-tap.js';

// The audits behind the performance score (FCP, SI, LCP, TBT, CLS) and the request list: the rest of
// Lighthouse's diagnostics would only make each run slower.
const LIGHTHOUSE_FLAGS = {
  output: 'json' as const,
  logLevel: 'error' as const,
  onlyCategories: ['performance'],
  onlyAudits: ['first-contentful-paint', 'speed-index', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'network-requests'],
  disableStorageReset: true,
};

interface PageSpec {
  name: string;
  path: string;
  session?: Record<string, string>;
  local?: Record<string, string>;
}

interface RunFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: Record<'script' | 'stylesheet' | 'image' | 'document' | 'font' | 'fetch' | 'other' | 'total', number>;
}

type NetworkItem = { resourceType?: string; transferSize?: number; url?: string };

function bytesByType(items: NetworkItem[]): RunFigures['bytes'] {
  const bytes = { script: 0, stylesheet: 0, image: 0, document: 0, font: 0, fetch: 0, other: 0, total: 0 };
  for (const item of items) {
    const size = item.transferSize ?? 0;
    const type = (item.resourceType ?? 'Other').toLowerCase();
    if (type === 'script') bytes.script += size;
    else if (type === 'stylesheet') bytes.stylesheet += size;
    else if (type === 'image') bytes.image += size;
    else if (type === 'document') bytes.document += size;
    else if (type === 'font') bytes.font += size;
    else if (type === 'fetch' || type === 'xhr') bytes.fetch += size;
    else bytes.other += size;
    bytes.total += size;
  }
  return bytes;
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART, NO_FCP): one more try. */
async function retryOnce<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    console.log(`  retrying after: ${(error as Error).message}`);
    return fn();
  }
}

/** The rendered page as static HTML: scripts and module preloads removed, everything else kept. */
function staticSnapshot(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*as="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

async function audit(browser: Browser, origin: string, spec: PageSpec, snapshotFile?: string): Promise<RunFigures> {
  // A fresh browser context per run: empty HTTP cache and storage, like a first visit.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    // Lighthouse's own cache clearing is off (disableStorageReset keeps the storage set below): clear
    // the HTTP cache ourselves so every run is a first visit, whatever contexts share.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    if (spec.session || spec.local) {
      // Before any of the page's own scripts, in every document of this tab (the cart lives in
      // session storage, the admin token in local storage).
      await page.evaluateOnNewDocument(
        (session: Record<string, string>, local: Record<string, string>) => {
          try {
            for (const [k, v] of Object.entries(session)) window.sessionStorage.setItem(k, v);
            for (const [k, v] of Object.entries(local)) window.localStorage.setItem(k, v);
          } catch {
            // about:blank has no storage
          }
        },
        spec.session ?? {},
        spec.local ?? {},
      );
    }
    const result = await lighthouse(`${origin}${spec.path}`, LIGHTHOUSE_FLAGS, undefined, page);
    if (!result) throw new Error(`lighthouse returned nothing for ${spec.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse ${spec.path}: ${lhr.runtimeError.message}`);
    if (snapshotFile) {
      mkdirSync(path.dirname(snapshotFile), { recursive: true });
      writeFileSync(snapshotFile, staticSnapshot(await page.content()));
    }
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      bytes: bytesByType(items),
    };
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse (default = mobile preset: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)
 * on each page, `runs` times in a fresh context, medians reported. The byte baseline is the page's own
 * HTML + CSS + images (what the page would weigh with no JavaScript, fonts or API calls).
 */
export async function storefrontSuite(stack: BenchStack, rec: Recorder, opts: { runs: number; budgetSeconds: number; tapRuns?: number }): Promise<void> {
  const token = await adminToken(stack.origin);
  const pages: PageSpec[] = [
    { name: 'landing /', path: '/' },
    { name: '/shop', path: '/shop' },
    { name: '/about', path: '/about' },
    { name: 'policy /policies/refund-policy', path: '/policies/refund-policy' },
    { name: '/payment with a cart', path: '/payment', session: { royalPicklesCart: JSON.stringify({ '1': 2 }) } }, // product 2 is coming soon: a shopper's cart cannot hold it
    { name: '/admin with 1,000 orders', path: '/admin', local: { adminToken: token } },
  ];
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--headless=new'] });
  const perPage: Record<string, unknown> = {};
  const failures: string[] = [];
  const runsPerPage: Record<string, number> = {};
  const suiteStarted = performance.now();
  let pagesDone = 0;
  let auditsDone = 0;
  let auditSeconds = 0;
  try {
    // BENCH_PAGES=/payment,/admin narrows the pages (for working on one page).
    const selected = pages.filter((p) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(p.path));
    for (const spec of selected) {
      try {
      const slug = spec.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
      const snapshotPath = `/__bench/${slug}.html`;
      // On a busy machine a run can take 25 s instead of 13: fewer runs per page (never fewer than
      // one) keep the whole bench inside its time budget; the runs actually made are recorded.
      const pagesLeft = selected.length - pagesDone;
      const secondsLeft = opts.budgetSeconds - (performance.now() - suiteStarted) / 1000;
      const perRun = auditsDone ? auditSeconds / auditsDone : 15;
      const plannedRuns = Math.max(1, Math.min(opts.runs, Math.floor(secondsLeft / pagesLeft / perRun) - 1));
      const runs: RunFigures[] = [];
      const t0 = performance.now();
      for (let i = 0; i < plannedRuns; i++) runs.push(await retryOnce(() => audit(browser, stack.origin, spec, i === 0 ? path.join(stack.webDir, snapshotPath) : undefined)));
      // Baseline: the same page as it ended up rendered (cart, orders table and all), served as
      // static HTML with its CSS and images and no JavaScript. One run: the floor moves little.
      const floor = await retryOnce(() => audit(browser, stack.origin, { name: `${spec.name} (static)`, path: snapshotPath }));
      auditsDone += plannedRuns + 1;
      auditSeconds += (performance.now() - t0) / 1000;
      runsPerPage[spec.name] = plannedRuns;
      const m = (pick: (r: RunFigures) => number) => median(runs.map(pick));
      const med = {
        score: m((r) => r.score),
        lcp: m((r) => r.lcp),
        tbt: m((r) => r.tbt),
        cls: m((r) => r.cls),
        jsBytes: m((r) => r.bytes.script),
        cssBytes: m((r) => r.bytes.stylesheet),
        imageBytes: m((r) => r.bytes.image),
        htmlBytes: m((r) => r.bytes.document),
        fontBytes: m((r) => r.bytes.font),
        apiBytes: m((r) => r.bytes.fetch),
        totalBytes: m((r) => r.bytes.total),
        htmlCssImageBytes: m((r) => r.bytes.document + r.bytes.stylesheet + r.bytes.image),
      };
      perPage[spec.name] = { runs, median: med, staticSnapshot: floor };
      const kb = (v: number) => Math.round(v / 102.4) / 10;
      const bytesFloor = { name: 'its HTML + CSS + images alone', value: kb(med.htmlCssImageBytes), unit: 'KB' };
      const snap = (what: string, value: number, unit: string) => ({ name: `static snapshot ${what}`, value, unit });
      rec.add(figure(`${spec.name}: performance score`, med.score, '/100', snap('score', floor.score, '/100'), 'higher', `median of ${plannedRuns} Lighthouse run(s); static snapshot 1 run`));
      rec.add(figure(`${spec.name}: LCP`, Math.round(med.lcp), 'ms', snap('LCP', Math.round(floor.lcp), 'ms'), 'lower'));
      rec.add(figure(`${spec.name}: TBT`, Math.round(med.tbt), 'ms', snap('TBT', Math.round(floor.tbt), 'ms'), 'lower'));
      rec.add(figure(`${spec.name}: CLS`, Math.round(med.cls * 1000) / 1000, '', snap('CLS', Math.round(floor.cls * 1000) / 1000, ''), 'lower'));
      rec.add(figure(`${spec.name}: bytes total`, kb(med.totalBytes), 'KB', bytesFloor, 'lower', `JS ${kb(med.jsBytes)} KB, CSS ${kb(med.cssBytes)} KB, images ${kb(med.imageBytes)} KB, HTML ${kb(med.htmlBytes)} KB, fonts ${kb(med.fontBytes)} KB, API ${kb(med.apiBytes)} KB`));
      rec.add(figure(`${spec.name}: bytes JS`, kb(med.jsBytes), 'KB', bytesFloor, 'lower'));
      rec.add(figure(`${spec.name}: bytes CSS`, kb(med.cssBytes), 'KB', bytesFloor, 'lower'));
      rec.add(figure(`${spec.name}: bytes images`, kb(med.imageBytes), 'KB', bytesFloor, 'lower'));
      } catch (error) {
        // One page's failure should not cost the others their figures.
        failures.push(`${spec.name}: ${(error as Error).message}`);
        console.error(`  ${spec.name} failed: ${(error as Error).message}`);
      }
      pagesDone += 1;
    }
    // The first tap on a phone (decision 017): after the audits, on the same stack and browser.
    if (!process.env.BENCH_PAGES || /\/shop|\/payment/.test(process.env.BENCH_PAGES)) {
      try {
        await firstTapFigures(browser, stack.origin, rec, opts.tapRuns ?? 3);
      } catch (error) {
        failures.push(`first tap: ${(error as Error).message}`);
        console.error(`  first tap failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await browser.close();
  }
  rec.detail('pages', perPage);
  rec.detail('lighthouseRunsPerPage', runsPerPage);
  if (failures.length) {
    rec.detail('failures', failures);
    throw new Error(failures.join('; '));
  }
  rec.detail('lighthouse', { preset: 'mobile (default config)', runsAsked: opts.runs, budgetSeconds: opts.budgetSeconds, statistic: 'median' });
}
