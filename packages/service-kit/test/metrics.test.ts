import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleValue, samplesOf, scrapeMetrics, startApp, type RunningApp } from '@pickles/test-kit';
import { createServiceApp, serviceMetrics } from '../src/app.js';
import { errorHandler, NotFoundError } from '../src/errors.js';
import { healthRouter } from '../src/health.js';
import { defineGauge, metricsRegistry, readScrapeGauges, type ScrapeReading } from '../src/metrics.js';
import { byClient, rateLimit } from '../src/rate-limit.js';
import { createRedis } from '../src/redis.js';

const logger = pino({ level: 'silent' });
const running: RunningApp[] = [];
afterAll(async () => {
  for (const app of running) await app.close();
});

/** A service app with its metrics, as checkout, payments and admin-orders build theirs. */
async function serviceWith(readings: ScrapeReading[] = []): Promise<RunningApp> {
  const app = createServiceApp(logger, { metrics: serviceMetrics('checkout', { logger, readings }) });
  app.use(healthRouter('checkout', {}));
  app.get('/api/admin/orders/:id', (req, res) => {
    if (req.params.id === 'missing') throw new NotFoundError('Order not found');
    res.json({ success: true });
  });
  app.use(errorHandler(logger));
  const started = await startApp(app);
  running.push(started);
  return started;
}

describe('service metrics', () => {
  it('time requests by route pattern and status, never by raw path, on GET /metrics with the service label and process metrics', async () => {
    const service = await serviceWith();
    const orderNumber = `RP${randomUUID().slice(0, 8).toUpperCase()}`;
    expect((await fetch(`${service.url}/api/admin/orders/${orderNumber}`)).status).toBe(200);
    expect((await fetch(`${service.url}/api/admin/orders/missing`)).status).toBe(404);
    expect((await fetch(`${service.url}/wp-login.php?user=${orderNumber}`)).status).toBe(404);
    expect((await fetch(`${service.url}/alive`)).status).toBe(200);
    await fetch(`${service.url}/metrics`);

    const response = await fetch(`${service.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).not.toContain(orderNumber);
    expect(text).not.toContain('wp-login');
    const samples = await scrapeMetrics(`${service.url}/metrics`);
    const count = 'http_request_duration_seconds_count';
    const route = { service: 'checkout', method: 'GET', route: '/api/admin/orders/:id' };
    expect(sampleValue(samples, count, { ...route, status: '200' })).toBe(1);
    expect(sampleValue(samples, count, { ...route, status: '404' })).toBe(1);
    expect(sampleValue(samples, count, { ...route, route: 'unmatched', status: '404' })).toBe(1);
    // The health and metrics paths, answered by middleware rather than Express routes, by their paths.
    expect(sampleValue(samples, count, { ...route, route: '/alive', status: '200' })).toBe(1);
    expect(sampleValue(samples, count, { ...route, route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(samplesOf(samples, 'http_request_duration_seconds_bucket', { route: '/api/admin/orders/:id', le: '+Inf' })).toHaveLength(2);
    // prom-client's default process metrics, labelled with the service too.
    expect(sampleValue(samples, 'process_cpu_seconds_total', { service: 'checkout' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds', { service: 'checkout' })).toBeDefined();
  });

  it('read scrape-time gauges at each scrape; a failed or slow reading is counted and leaves no value, and the scrape still answers', async () => {
    const gauge = defineGauge('test_scrape_reading_value', 'a test reading', ['part']);
    let mode: 'ok' | 'fail' | 'slow' = 'ok';
    let reads = 0;
    // A slow reading answers only when the test lets it, after the scrape has given up on it.
    let answerSlowReading = () => {};
    const reading: ScrapeReading = {
      metric: 'test_scrape_reading_value',
      gauges: [gauge],
      read: async () => {
        reads++;
        gauge.set({ part: 'a' }, 7);
        if (mode === 'fail') throw new Error('database down');
        if (mode === 'slow') await new Promise<void>((resolve) => (answerSlowReading = resolve));
      },
    };
    const service = await serviceWith([reading]);
    const errors = (samples: Awaited<ReturnType<typeof scrapeMetrics>>) => sampleValue(samples, 'pickles_metrics_collect_errors_total', { metric: 'test_scrape_reading_value' }) ?? 0;

    let samples = await scrapeMetrics(`${service.url}/metrics`);
    expect(sampleValue(samples, 'test_scrape_reading_value', { part: 'a', service: 'checkout' })).toBe(7);
    expect(errors(samples)).toBe(0);
    expect(reads).toBe(1);

    mode = 'fail';
    samples = await scrapeMetrics(`${service.url}/metrics`);
    expect(sampleValue(samples, 'test_scrape_reading_value')).toBeUndefined();
    expect(errors(samples)).toBe(1);

    mode = 'slow';
    await readScrapeGauges([reading], logger, 50);
    expect(await metricsRegistry.getSingleMetricAsString('test_scrape_reading_value')).not.toContain('part="a"');
    answerSlowReading();

    mode = 'ok';
    samples = await scrapeMetrics(`${service.url}/metrics`);
    expect(sampleValue(samples, 'test_scrape_reading_value', { part: 'a' })).toBe(7);
    expect(errors(samples)).toBe(2);
  });

  it('count rate-limit refusals by rule', async () => {
    const redis = createRedis(process.env.REDIS_URL!, 'metrics-test');
    try {
      const rule = `test-rule-${randomUUID().slice(0, 8)}`;
      const app = createServiceApp(logger, { metrics: serviceMetrics('checkout', { logger }) });
      app.post('/api/limited', rateLimit(redis, `${process.env.REDIS_PREFIX}-${rule}`, [{ name: rule, points: 1, perSeconds: 60, key: byClient, message: 'Slow down' }], logger), (_req, res) => {
        res.json({ success: true });
      });
      app.use(errorHandler(logger));
      const service = await startApp(app);
      running.push(service);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${service.url}/api/limited`, { method: 'POST' })).status);
      expect(statuses).toEqual([200, 429, 429]);
      const samples = await scrapeMetrics(`${service.url}/metrics`);
      expect(sampleValue(samples, 'pickles_rate_limit_refusals_total', { rule, service: 'checkout' })).toBe(2);
      expect(sampleValue(samples, 'http_request_duration_seconds_count', { route: '/api/limited', status: '429' })).toBe(2);
    } finally {
      redis.disconnect();
    }
  });
});
