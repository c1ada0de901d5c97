import pg from 'pg';
import { chromium, type CDPSession } from 'playwright-core';
import { figure, type Recorder } from '../lib/report.js';
import { median, sleep } from '../lib/stats.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.js';
import { adminToken, type BenchStack } from '../lib/stack.js';
import { cpuByProcess } from '../lib/pipeline.js';
import { peakRss, servicePid } from '../lib/process-memory.js';

/** Median times (ms) of the admin requests at one data size; the small one is the big one's baseline. */
export interface AdminScale {
  orders: number;
  ms: Record<string, number>;
  exportMs?: Record<string, number>;
  peakHeapMiB?: Record<string, number>;
}

const QUERIES: Record<string, string> = {
  'filtered page (status=paid, city=Pune, page 2)': 'status=paid&city=Pune&page=2&pageSize=50',
  'search (name "Sharma")': 'search=Sharma&pageSize=50',
  'sort (amount ascending)': 'sortField=amount&sortDir=asc&pageSize=50',
  'cards + first page (default view)': 'pageSize=50',
};
const REPEATS = 9;
/** The full export stream takes seconds at 100,000 orders: fewer repeats than the page requests. */
const EXPORT_REPEATS = 3;

async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function countOrders(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function randomOrderIds(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ id: string }>('select id from orders order by random() limit $1', [count])).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/**
 * The panel's API through the gateway, as the owner's browser calls it: each query twice to warm up,
 * then REPEATS times, median; a batch status update of 1,000 random orders (twice, median); the full
 * NDJSON export stream read to the end from Node (the floor for the browser exports), once to warm
 * up, then EXPORT_REPEATS times, median.
 */
export async function adminApiSuite(stack: BenchStack, rec: Recorder, opts: { label: string; baseline: AdminScale | undefined }): Promise<AdminScale> {
  const token = await adminToken(stack.origin);
  const auth = { authorization: `Bearer ${token}` };
  const orders = await countOrders(stack.database.url);
  const scale: AdminScale = { orders, ms: {} };
  const get = async (query: string) => {
    const response = await fetch(`${stack.origin}/api/admin/orders?${query}`, { headers: auth });
    if (!response.ok) throw new Error(`GET /api/admin/orders?${query} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (const [name, query] of Object.entries(QUERIES)) {
    await get(query);
    await get(query);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) times.push(await timed(() => get(query)));
    scale.ms[name] = median(times);
  }
  const batchTimes: number[] = [];
  let batchCount = 0;
  for (const status of ['delivered', 'completed']) {
    const ids = await randomOrderIds(stack.database.url, 1000);
    batchCount = ids.length;
    batchTimes.push(
      await timed(async () => {
        const response = await fetch(`${stack.origin}/api/order/batch-update-status`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ orderIds: ids, status }) });
        if (!response.ok) throw new Error(`batch update answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      }),
    );
  }
  scale.ms[`batch status update of ${batchCount.toLocaleString('en')} orders`] = median(batchTimes);
  let exportRows = 0;
  let exportBytes = 0;
  const readExport = async () => {
    const response = await fetch(`${stack.origin}/api/admin/orders/export?sortField=createdAt&sortDir=desc`, { headers: auth });
    if (!response.ok) throw new Error(`export answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    exportBytes = bytes.length;
    exportRows = new TextDecoder().decode(bytes).split('\n').filter(Boolean).length;
  };
  // Warmed like the other requests: the first read after seeding was measured at two to four times
  // the browser exports that follow it (which it is the floor of), so it is not timed.
  const coldMs = await timed(readExport);
  // What the export costs the service: its RSS sampled during each timed read, and the CPU seconds
  // admin-orders and PostgreSQL spent on the reads.
  const adminOrdersPid = servicePid('admin-orders', stack.redisPrefix);
  const exportTimes: number[] = [];
  const peakRssMiB: number[] = [];
  let restRssMiB = Number.NaN;
  const cpuBefore = cpuByProcess(stack.redisPrefix);
  for (let i = 0; i < EXPORT_REPEATS; i++) {
    const { result: ms, beforeBytes, peakBytes } = await peakRss(adminOrdersPid, () => timed(readExport));
    exportTimes.push(ms);
    peakRssMiB.push(peakBytes / 2 ** 20);
    if (i === 0) restRssMiB = beforeBytes / 2 ** 20;
  }
  const cpuAfter = cpuByProcess(stack.redisPrefix);
  const cpuSecondsPerRead = Object.fromEntries(['admin-orders', 'postgres', 'gateway', 'bench'].map((part) => [part, Math.round((((cpuAfter[part] ?? 0) - (cpuBefore[part] ?? 0)) / EXPORT_REPEATS) * 100) / 100]));
  scale.ms['export stream (NDJSON, all orders) read by Node'] = median(exportTimes);
  const exportStream = { rows: exportRows, bytes: exportBytes, adminOrdersRssBeforeMiB: restRssMiB, adminOrdersPeakRssMiB: peakRssMiB, cpuSecondsPerRead };
  console.log(`  ${opts.label} export stream: ${exportRows} rows, ${(exportBytes / 2 ** 20).toFixed(1)} MiB, median ${(median(exportTimes) / 1000).toFixed(2)} s; admin-orders RSS ${restRssMiB.toFixed(0)} MiB before, peak ${Math.max(...peakRssMiB).toFixed(0)} MiB; CPU s per read ${JSON.stringify(cpuSecondsPerRead)}`);
  rec.detail(`api-${opts.label}`, { orders, exportRows, medianMs: scale.ms, repeats: REPEATS, exportReadsMs: { cold: coldMs, timed: exportTimes }, exportStream });
  if (opts.baseline && adminOrdersPid !== undefined) {
    rec.add(figure(`export stream at ${orders.toLocaleString('en')} orders: admin-orders peak RSS`, Math.max(...peakRssMiB), 'MiB', { name: 'admin-orders RSS before the read', value: restRssMiB, unit: 'MiB' }, 'lower', `${(exportBytes / 2 ** 20).toFixed(1)} MiB of NDJSON; CPU s per read: admin-orders ${cpuSecondsPerRead['admin-orders']}, postgres ${cpuSecondsPerRead.postgres}`));
  }
  if (opts.baseline) {
    for (const [name, ms] of Object.entries(scale.ms)) {
      const base = opts.baseline.ms[name];
      if (base === undefined) continue;
      rec.add(figure(`${name} at ${orders.toLocaleString('en')} orders`, ms, 'ms', { name: `same at ${opts.baseline.orders.toLocaleString('en')} orders`, value: base, unit: 'ms' }, 'lower'));
    }
  }
  return scale;
}

async function jsHeap(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/**
 * The owner's "Download Complete TXT" and "Download Complete Excel" in Chromium on /admin: time from
 * the click to the download, and the peak JS heap (CDP Performance.getMetrics JSHeapUsedSize sampled
 * every 50 ms). Baselines: the Node read of the same export stream (time) and the panel's heap at
 * rest before the export (memory).
 */
export async function adminExportSuite(stack: BenchStack, rec: Recorder, opts: { label: string; baseline: AdminScale | undefined; scale: AdminScale }): Promise<void> {
  const token = await adminToken(stack.origin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.origin}/api/health`);
    await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
    await page.goto(`${stack.origin}/admin`);
    await page.locator('table.orders-table tbody tr').first().waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const idleHeap = await jsHeap(cdp);
    opts.scale.exportMs = {};
    opts.scale.peakHeapMiB = { 'panel at rest': idleHeap / 2 ** 20 };
    for (const [name, button] of [
      ['Complete TXT export', 'Download Complete TXT'],
      ['Complete Excel export', 'Download Complete Excel'],
    ] as const) {
      await cdp.send('HeapProfiler.collectGarbage');
      let peak = await jsHeap(cdp);
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await jsHeap(cdp).catch(() => 0));
          await sleep(50);
        }
      })();
      const t0 = performance.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), page.getByRole('button', { name: button }).click()]);
      const ms = performance.now() - t0;
      sampling = false;
      await sampler;
      await download.delete().catch(() => undefined);
      await page.getByRole('button', { name: button }).waitFor({ state: 'visible' });
      opts.scale.exportMs[name] = ms;
      opts.scale.peakHeapMiB[name] = peak / 2 ** 20;
      console.log(`  ${opts.label} ${name}: ${(ms / 1000).toFixed(1)} s, peak JS heap ${(peak / 2 ** 20).toFixed(1)} MiB`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  rec.detail(`exports-${opts.label}`, { orders: opts.scale.orders, ms: opts.scale.exportMs, peakHeapMiB: opts.scale.peakHeapMiB });
  if (!opts.baseline) return;
  const stream = opts.scale.ms['export stream (NDJSON, all orders) read by Node']!;
  const n = opts.scale.orders.toLocaleString('en');
  for (const name of ['Complete TXT export', 'Complete Excel export']) {
    const ms = opts.scale.exportMs[name]!;
    rec.add(figure(`${name} in the browser, ${n} orders: time`, ms, 'ms', { name: 'Node reading the same export stream', value: stream, unit: 'ms' }, 'lower', `at ${opts.baseline.orders.toLocaleString('en')} orders: ${Math.round(opts.baseline.exportMs?.[name] ?? Number.NaN)} ms`));
    rec.add(figure(`${name} in the browser, ${n} orders: peak JS heap`, opts.scale.peakHeapMiB[name]!, 'MiB', { name: 'panel at rest before the export', value: opts.scale.peakHeapMiB['panel at rest']!, unit: 'MiB' }, 'lower', `at ${opts.baseline.orders.toLocaleString('en')} orders: ${(opts.baseline.peakHeapMiB?.[name] ?? Number.NaN).toFixed(1)} MiB`));
  }
}
