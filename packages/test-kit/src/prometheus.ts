/** One sample of a Prometheus text exposition: `name{label="value",...} number`. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescape = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** The samples of a GET /metrics body (comments and blank lines skipped). */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = unescape(value!);
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples named `name` whose labels include every one of `labels`. */
export function samplesOf(samples: PrometheusSample[], name: string, labels: Record<string, string> = {}): PrometheusSample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The sum of those samples' values; undefined when there is none (the metric or series is absent). */
export function sampleValue(samples: PrometheusSample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samplesOf(samples, name, labels);
  return found.length ? found.reduce((sum, sample) => sum + sample.value, 0) : undefined;
}

/** GET `url` (a /metrics endpoint) and parse it; throws unless it answers 200 in Prometheus' text format. */
export async function scrapeMetrics(url: string): Promise<PrometheusSample[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/plain')) {
    throw new Error(`${url} answered ${response.status} ${response.headers.get('content-type')}: ${text.slice(0, 200)}`);
  }
  return parsePrometheusText(text);
}
