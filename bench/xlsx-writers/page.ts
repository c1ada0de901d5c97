import { CANDIDATES, ROWS_ONLY } from './candidates.js';

/** What the runner calls in the page: one candidate's workbook of `orders` orders, POSTed back for checking. */
async function run(name: string, orders: number): Promise<{ ms: number; bytes: number }> {
  const candidate = name === 'rows only' ? ROWS_ONLY : CANDIDATES[name];
  if (!candidate) throw new Error(`no candidate "${name}"`);
  const started = performance.now();
  const blob = await candidate(orders);
  const ms = performance.now() - started;
  await fetch('/result', { method: 'POST', body: blob });
  return { ms, bytes: blob.size };
}

(globalThis as { xlsxBench?: typeof run }).xlsxBench = run;
