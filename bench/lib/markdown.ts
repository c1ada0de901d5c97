import type { SuiteResult } from './report.js';

interface Report {
  meta: {
    date: string;
    seconds: number;
    machine: { cpuModel: string; cores: number; memoryGiB: number; loadAverageAtStart: number[]; os: string; node: string };
    git: { commit: string; dirty: boolean };
    options: Record<string, unknown>;
  };
  results: SuiteResult[];
}

const num = (v: number) => (!Number.isFinite(v) ? 'n/a' : Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en') : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

export function renderMarkdown(report: Report): string {
  const { meta } = report;
  const lines = [
    `# Benchmark results`,
    '',
    `${meta.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${meta.git.commit}\`${meta.git.dirty ? ' (with uncommitted changes in the tree)' : ''}, ` +
      `${meta.machine.cores} × ${meta.machine.cpuModel}, ${meta.machine.memoryGiB} GiB, load average at start ${meta.machine.loadAverageAtStart.join(' / ')}, Node ${meta.machine.node}. ` +
      `Whole run ${Math.round(meta.seconds)} s.`,
    '',
    'Ratio = figure ÷ its baseline from the same run; "better" says which direction is good. See bench/README.md.',
    '',
  ];
  const table = ['| Suite | Figure | Value | Baseline (same run) | Ratio | Better |', '|---|---|---|---|---|---|'];
  const notes: string[] = [];
  const storefront = report.results.find((r) => r.suite === 'storefront');
  for (const result of report.results) {
    if (result.status === 'failed') table.push(`| ${result.suite} | **failed**: ${result.error?.replace(/\|/g, '/').slice(0, 300)} | | | | |`);
    // The storefront's Lighthouse figures are the table below; its first-tap figures go here.
    const lighthousePages = result === storefront ? Object.keys((result.details.pages ?? {}) as Record<string, unknown>) : [];
    for (const f of result.figures) {
      if (lighthousePages.some((page) => f.name.startsWith(`${page}: `))) continue;
      table.push(`| ${result.suite} | ${f.name} | ${num(f.value)} ${f.unit} | ${f.baseline.name}: ${num(f.baseline.value)} ${f.baseline.unit} | ${Number.isFinite(f.ratio) ? `${f.ratio}×` : 'n/a'} | ${f.better} |`);
      if (f.note) notes.push(`- ${result.suite}, ${f.name}: ${f.note}`);
    }
  }
  if (table.length > 2) lines.push(...table);
  if (storefront?.figures.length) lines.push('', ...storefrontTable(storefront));
  if (notes.length) lines.push('', 'Notes:', '', ...notes);
  return lines.join('\n') + '\n';
}

interface PageMedians {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  imageBytes: number;
  totalBytes: number;
  htmlCssImageBytes: number;
}
interface StaticRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** One row per page: the page's medians, with its static snapshot's values in brackets. */
function storefrontTable(result: SuiteResult): string[] {
  const pages = (result.details.pages ?? {}) as Record<string, { median: PageMedians; staticSnapshot: StaticRun }>;
  const runs = (result.details.lighthouseRunsPerPage ?? {}) as Record<string, number>;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}×` : 'n/a');
  const rows = [
    'Storefront, Lighthouse mobile preset (median of the runs shown). Each metric: page [static snapshot of the same rendered page, no JS] ratio. Bytes: transferred (CSS inlined in the prerendered HTML counts as HTML); the baseline is the page\'s own HTML + CSS + images.',
    '',
    '| Page | Runs | Score | LCP ms | TBT ms | CLS | JS KB | CSS KB | Images KB | Total KB [HTML+CSS+img] ratio |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, { median: m, staticSnapshot: s }] of Object.entries(pages)) {
    rows.push(
      `| ${name} | ${runs[name] ?? '?'} | ${m.score} [${s.score}] ${ratio(m.score, s.score)} | ${Math.round(m.lcp)} [${Math.round(s.lcp)}] ${ratio(m.lcp, s.lcp)} | ` +
        `${Math.round(m.tbt)} [${Math.round(s.tbt)}] ${ratio(m.tbt, s.tbt)} | ${m.cls.toFixed(3)} [${s.cls.toFixed(3)}] | ${kb(m.jsBytes)} | ${kb(m.cssBytes)} | ${kb(m.imageBytes)} | ` +
        `${kb(m.totalBytes)} [${kb(m.htmlCssImageBytes)}] ${ratio(m.totalBytes, m.htmlCssImageBytes)} |`,
    );
  }
  return rows;
}
