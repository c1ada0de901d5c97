import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry. Every metric of the process registers here (each defined once,
 * at import, in the module that counts it); GET /metrics shows it. A process is one service, so the
 * `service` label is a default label set once (startProcessMetrics), not a label every caller passes.
 */
export const metricsRegistry = new Registry();

let processService: string | undefined;

/**
 * Names the process (`service` on every series) and starts prom-client's default process metrics
 * (CPU, memory, event-loop lag, GC). The first call wins: tests run several apps in one process.
 */
export function startProcessMetrics(service: string): void {
  if (processService) return;
  processService = service;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
}

/** A counter in the process's registry; define each once, at import, in the module that counts it. */
export function defineCounter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A gauge in the process's registry (see defineCounter). */
export function defineGauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
}

/** The route label of a request whose path matched no route: raw paths would be unbounded (ids, order numbers, scanners). */
export const UNMATCHED_ROUTE = 'unmatched';

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its response finishing, by route pattern and status ("aborted": the client left first)',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/**
 * An Express app's route pattern for the request (`/api/admin/orders/:id`), known once a route has
 * matched; "unmatched" for everything that matched none (404s, scanners' probes, stray paths).
 */
export function expressRoutePattern(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  return route?.path === undefined ? UNMATCHED_ROUTE : `${req.baseUrl}${String(route.path)}`;
}

/**
 * One request's duration in http_request_duration_seconds (service-kit's request front times every
 * request: timeRequest). `status` is the answer's status code, or "aborted" when the client left first.
 */
export function observeRequestDuration(method: string, route: string, status: number | 'aborted', seconds: number): void {
  httpRequestDuration.observe({ method, route, status: String(status) }, seconds);
}

export const metricsCollectErrors = defineCounter(
  'pickles_metrics_collect_errors_total',
  'Scrapes whose reading of a gauge (a database or Redis query) failed or was too slow; the gauge showed no value that time',
  ['metric'],
);

export const rateLimitRefusals = defineCounter('pickles_rate_limit_refusals_total', 'Requests refused with 429 by a rate limit or lockout, by rule', ['rule']);

/** How long a scrape waits for one reading before giving up on it (Prometheus' own timeout is 10 s). */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;

/**
 * Gauges whose values are read from the database or Redis when Prometheus scrapes, rather than kept
 * up to date by the code that changes them (every replica reads the same truth, so nothing drifts).
 * `read` runs once per scrape and sets `gauges`; if it fails or takes longer than the timeout, the
 * gauges show no sample this time (never a stale one) and pickles_metrics_collect_errors_total
 * counts it under `metric` (the name of the reading's main gauge).
 */
export interface ScrapeReading {
  metric: string;
  /** Every series of these gauges is set by each successful reading (a kind with none open is set to 0). */
  gauges: ReadonlyArray<{ reset: () => void }>;
  read: () => Promise<void>;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs every reading side by side; a failed one is counted and logged, and the scrape goes on. */
export async function readScrapeGauges(readings: readonly ScrapeReading[], logger: Logger, timeoutMs = SCRAPE_READ_TIMEOUT_MS): Promise<void> {
  await Promise.all(
    // Not reset beforehand: a reading sets every series it has (each kind, each state), and two
    // scrapes at once (Prometheus in pairs) must not blank each other's answer.
    readings.map(async ({ metric, gauges, read }) => {
      try {
        await withTimeout(read(), timeoutMs, metric);
      } catch (error) {
        // A half-done reading leaves nothing behind: no value beats a wrong one.
        for (const gauge of gauges) gauge.reset();
        metricsCollectErrors.inc({ metric });
        logger.warn({ err: error, metric }, 'metrics: a gauge could not be read');
      }
    }),
  );
}

/**
 * GET /metrics in Prometheus' text format: the scrape-time readings first, then the whole registry.
 * A service mounts it on its own port, which only the cluster reaches (the gateway routes /api/* only).
 */
export function metricsEndpoint({ logger, readings = [] }: { logger: Logger; readings?: readonly ScrapeReading[] }): RequestHandler {
  return async (_req, res) => {
    await readScrapeGauges(readings, logger);
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await metricsRegistry.metrics());
  };
}
