/**
 * The complete Excel export of 100,000 orders written in Chromium by the shop's own writer and by
 * maintained libraries (bench/xlsx-writers/candidates.ts): wall time, peak JS heap (CDP
 * Performance.getMetrics JSHeapUsedSize every 50 ms, after a forced GC, beside the page at rest)
 * and peak RSS of the page's renderer processes (its workers included), file size; each file is
 * checked to open (unzip -t, then read back with SheetJS: sheets, rows, a date and an amount cell).
 *   npx tsx bench/xlsx-writers.ts [--orders 100000] [--runs 3]
 * The libraries are installed, pinned, into bench/results/tmp/xlsx-candidates (not the shop's
 * dependencies). Results: bench/results/xlsx-writers.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type CDPSession } from 'playwright-core';
import * as XLSX from 'xlsx';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.js';
import { median, sleep } from './lib/stats.js';
import { benchOrder } from './xlsx-writers/orders.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, 'bench/results/tmp');
const CANDIDATE_DIR = path.join(TMP, 'xlsx-candidates');
const PAGE_DIR = path.join(TMP, 'xlsx-bench-page');
const ORIGIN = 'http://xlsx-bench.test';
/** The libraries as measured; `xlsx` on npm is SheetJS's last npm release (the project now publishes on its own CDN). */
const PINNED = { 'write-excel-file': '4.1.1', exceljs: '4.4.0', 'sheetjs-npm': 'npm:xlsx@0.18.5', 'client-zip': '2.5.1' };

const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' }, only: { type: 'string' } } });
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);

function installCandidates(): void {
  const manifest = JSON.stringify({ private: true, dependencies: PINNED }, null, 2);
  const file = path.join(CANDIDATE_DIR, 'package.json');
  if (existsSync(file) && readFileSync(file, 'utf8') === manifest && existsSync(path.join(CANDIDATE_DIR, 'node_modules/exceljs'))) return;
  mkdirSync(CANDIDATE_DIR, { recursive: true });
  writeFileSync(file, manifest);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: CANDIDATE_DIR, stdio: 'inherit' });
}

/** The page and each candidate as chunks of their own (loaded when run), minified as the shop's build is. */
async function buildPage(): Promise<Record<string, number>> {
  rmSync(PAGE_DIR, { recursive: true, force: true });
  const result = await build({
    entryPoints: [path.join(ROOT, 'bench/xlsx-writers/page.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    metafile: true,
    outdir: PAGE_DIR,
    nodePaths: [path.join(CANDIDATE_DIR, 'node_modules'), path.join(ROOT, 'web/node_modules'), path.join(ROOT, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'warning',
  });
  writeFileSync(path.join(PAGE_DIR, 'index.html'), '<!doctype html><meta charset="utf-8"><title>xlsx bench</title><script type="module" src="/page.js"></script>');
  return Object.fromEntries(Object.entries(result.metafile.outputs).map(([file, output]) => [path.basename(file), output.bytes]));
}

/** Every renderer process this bench's Chromium runs (descendants of this process): their RSS summed. */
function rendererRss(): number {
  const parent = new Map<number, number>();
  const renderers: number[] = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--type=renderer')) renderers.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  const ours = (pid: number): boolean => {
    for (let at = parent.get(pid); at !== undefined && at > 1; at = parent.get(at)) if (at === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const pid of renderers.filter(ours)) {
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // Gone while we looked.
    }
  }
  return total;
}

async function jsHeap(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/** The file opens: its zip entries' CRCs (unzip -t), then SheetJS reads every sheet, row and a date and an amount cell back. */
function check(name: string, file: Buffer, rowsBySheet: Record<string, number>): string {
  const at = path.join(TMP, 'xlsx-bench-check.xlsx');
  writeFileSync(at, file);
  try {
    execFileSync('unzip', ['-tq', at], { stdio: 'pipe' });
  } catch (error) {
    return `unzip -t failed: ${String((error as { stdout?: Buffer }).stdout ?? error).slice(0, 200)}`;
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(file, { cellNF: true, dense: true });
  } catch (error) {
    return `unzip -t passes; SheetJS cannot read it: ${(error as Error).message}`;
  }
  const problems: string[] = [];
  for (const [sheet, rows] of Object.entries(rowsBySheet)) {
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet]!, { header: 1, raw: true });
    if (table.length !== rows + 1) problems.push(`${sheet}: ${table.length - 1} rows, expected ${rows}`);
    const first = benchOrder(['paid', 'delivered', 'completed', 'cancelled'].indexOf(sheet) >= 0 ? firstOf(sheet) : 0);
    const row = table[1] ?? [];
    if (row[0] !== first.orderId) problems.push(`${sheet}: first OrderID ${String(row[0])}, expected ${first.orderId}`);
    if (row[6] !== first.amount) problems.push(`${sheet}: first Amount ${String(row[6])}, expected ${first.amount}`);
    // SheetJS gives a date cell as a Date of its wall-clock time read as UTC, or as the serial number.
    const created = row[10] instanceof Date ? row[10].getTime() / 86_400_000 + 25_569 : row[10];
    if (typeof created !== 'number' || Math.abs(created - (Date.parse(first.createdAt) + 19_800_000) / 86_400_000 - 25_569) > 1 / 86_400) problems.push(`${sheet}: CreatedAt ${String(row[10])} is not the India wall-clock date`);
  }
  if (problems.length) console.log(`  ${name}: ${problems.slice(0, 4).join('; ')}`);
  return problems.length ? problems.join('; ') : 'ok';
}

const firstOf = (status: string): number => {
  for (let n = 0; ; n++) if (benchOrder(n).status === status) return n;
};

interface Run {
  ms: number;
  bytes: number;
  peakHeapMiB: number;
  restHeapMiB: number;
  peakRendererRssMiB: number;
  restRendererRssMiB: number;
  check: string;
}

async function main(): Promise<void> {
  installCandidates();
  const chunks = await buildPage();
  const { CANDIDATES } = await import('./xlsx-writers/candidates.js');
  const names = ['rows only', ...Object.keys(CANDIDATES)].filter((name) => !values.only || values.only.split(',').some((part) => name.startsWith(part)));
  const rowsBySheet: Record<string, number> = {};
  for (let n = 0; n < ORDERS; n++) {
    const { status } = benchOrder(n);
    if (['paid', 'cancelled', 'delivered', 'completed'].includes(status)) rowsBySheet[status] = (rowsBySheet[status] ?? 0) + 1;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const runs: Record<string, Run[]> = Object.fromEntries(names.map((name) => [name, []]));
  try {
    for (let round = 0; round < RUNS; round++) {
      // Each round in another order: a busy machine's drift is spread over every candidate.
      const order = names.map((_, i) => names[(i + round) % names.length]!);
      for (const name of order) {
        const context = await browser.newContext();
        const page = await context.newPage();
        let file: Buffer | undefined;
        await page.route(`${ORIGIN}/**`, async (route) => {
          const url = new URL(route.request().url());
          if (url.pathname === '/result') {
            file = route.request().postDataBuffer() ?? Buffer.alloc(0);
            return route.fulfill({ status: 204 });
          }
          const at = path.join(PAGE_DIR, url.pathname === '/' ? 'index.html' : url.pathname);
          if (!existsSync(at)) return route.fulfill({ status: 404 });
          return route.fulfill({ status: 200, body: readFileSync(at), contentType: at.endsWith('.html') ? 'text/html' : 'text/javascript' });
        });
        await page.goto(`${ORIGIN}/`);
        await page.waitForFunction(() => 'xlsxBench' in globalThis);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await cdp.send('HeapProfiler.collectGarbage');
        const restHeap = await jsHeap(cdp);
        const restRss = rendererRss();
        let peakHeap = restHeap;
        let peakRss = restRss;
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            peakHeap = Math.max(peakHeap, await jsHeap(cdp).catch(() => 0));
            peakRss = Math.max(peakRss, rendererRss());
            await sleep(50);
          }
        })();
        let result: { ms: number; bytes: number } | undefined;
        let failure: string | undefined;
        try {
          result = await page.evaluate(([candidate, orders]) => (globalThis as unknown as { xlsxBench: (name: string, orders: number) => Promise<{ ms: number; bytes: number }> }).xlsxBench(candidate, orders), [name, ORDERS] as const);
        } catch (error) {
          failure = (error as Error).message.split('\n')[0];
        }
        sampling = false;
        await sampler;
        const checked = failure ?? (name === 'rows only' ? 'n/a' : file ? check(name, file, rowsBySheet) : 'no file');
        const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
        const run: Run = { ms: Math.round(result?.ms ?? Number.NaN), bytes: result?.bytes ?? 0, peakHeapMiB: mib(peakHeap), restHeapMiB: mib(restHeap), peakRendererRssMiB: mib(peakRss), restRendererRssMiB: mib(restRss), check: checked };
        runs[name]!.push(run);
        console.log(`${name}: ${(run.ms / 1000).toFixed(2)} s, ${mib(run.bytes)} MiB file, JS heap peak ${run.peakHeapMiB} MiB (rest ${run.restHeapMiB}), renderer RSS peak ${run.peakRendererRssMiB} MiB (rest ${run.restRendererRssMiB}); opens: ${checked}`);
        await context.close();
      }
      writeResults(names, runs, chunks, browser.version(), round + 1);
    }
  } finally {
    await browser.close();
  }
}

/** The summary so far (medians of the runs made), written after every round: a stopped run keeps what it measured. */
function writeResults(names: readonly string[], runs: Record<string, Run[]>, chunks: Record<string, number>, chromiumVersion: string, rounds: number): void {
  const summary = names.map((name) => {
    const list = runs[name]!;
    return {
      name,
      seconds: Math.round(median(list.map((r) => r.ms))) / 1000,
      fileMiB: Math.round((median(list.map((r) => r.bytes)) / 2 ** 20) * 100) / 100,
      peakHeapMiB: median(list.map((r) => r.peakHeapMiB)),
      peakRendererRssAboveRestMiB: Math.round(median(list.map((r) => r.peakRendererRssMiB - r.restRendererRssMiB)) * 10) / 10,
      opens: [...new Set(list.map((r) => r.check))].join('; '),
    };
  });
  const dir = path.join(ROOT, 'bench/results');
  const meta = { date: new Date().toISOString(), orders: ORDERS, runs: rounds, cores: os.cpus().length, load: os.loadavg().map((v) => Math.round(v * 10) / 10), chromium: chromiumVersion, pinned: PINNED };
  writeFileSync(path.join(dir, 'xlsx-writers.json'), `${JSON.stringify({ meta, summary, runs, chunks }, null, 2)}\n`);
  const lines = [
    `# Complete Excel export of ${ORDERS.toLocaleString('en')} orders in Chromium, by writer`,
    '',
    `${meta.date}, ${meta.cores} cores, load ${meta.load.join(' ')} at the end, Chromium ${meta.chromium}; median of ${rounds} runs (\`npx tsx bench/xlsx-writers.ts\`).`,
    '',
    '| Writer | Time | Peak JS heap | Renderer RSS above rest | File | Opens |',
    '|---|---|---|---|---|---|',
    ...summary.map((s) => `| ${s.name} | ${s.seconds.toFixed(2)} s | ${s.peakHeapMiB} MiB | ${s.peakRendererRssAboveRestMiB} MiB | ${s.fileMiB} MiB | ${s.opens} |`),
    '',
  ];
  writeFileSync(path.join(dir, 'xlsx-writers.md'), lines.join('\n'));
  if (rounds === RUNS) console.log(lines.join('\n'));
}

await main();
