/**
 * One measured figure beside its same-run baseline. `ratio` is value / baseline; `better` says which
 * way is good for the ratio, so a reader knows whether 3.0 is a win or a loss.
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number; unit: string };
  ratio: number;
  better: 'lower' | 'higher';
  note?: string;
}

export interface SuiteResult {
  suite: string;
  status: 'ok' | 'failed' | 'skipped';
  seconds: number;
  figures: Figure[];
  details: Record<string, unknown>;
  error?: string;
}

export function figure(name: string, value: number, unit: string, baseline: Figure['baseline'], better: Figure['better'], note?: string): Figure {
  const ratio = baseline.value ? value / baseline.value : Number.NaN;
  return { name, value, unit, baseline, ratio: Math.round(ratio * 100) / 100, better, ...(note ? { note } : {}) };
}

/** Collects figures and details for one suite; the runner turns a throw into a failed suite. */
export class Recorder {
  readonly figures: Figure[] = [];
  readonly details: Record<string, unknown> = {};
  add(f: Figure): void {
    this.figures.push(f);
    const fmt = (v: number) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v));
    console.log(`  ${f.name}: ${fmt(f.value)} ${f.unit}  | baseline ${f.baseline.name}: ${fmt(f.baseline.value)} ${f.baseline.unit}  | ratio ${f.ratio} (${f.better} is better)`);
  }
  detail(key: string, value: unknown): void {
    this.details[key] = value;
  }
}
