import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
  seconds: number;
  p50: number;
  p99: number;
  /** 2xx answers per second over the run's wall time. */
  okPerSecond: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests?: unknown[];
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  timeout?: number;
}

/** One autocannon run (Node API, no progress bar). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({ pipelining: 1, timeout: options.timeout ?? 20, ...options });
  const ok = result['2xx'] as number;
  const seconds = (result.duration as number) || 1;
  return {
    requestsPerSecond: result.requests.average,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total + result.errors,
    seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    okPerSecond: ok / seconds,
  };
}
