import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@pickles/service-kit';
import { sampleValue, scrapeMetrics, startApp, type RunningApp } from '@pickles/test-kit';
import { apiPathOf } from '../src/api.js';
import { createGatewayApp } from '../src/app.js';
import { startMetricsListener } from '../src/metrics.js';

/**
 * The gateway in front of stand-in upstreams (small Express apps that record what reaches them),
 * with a throwaway built SPA folder.
 */
const logger = createLogger('gateway-test', 'silent');
const received: { path: string; requestId?: string; body: Buffer; contentType?: string; contentLength?: string; chunked: boolean; forwardedFor?: string; forwardedProto?: string }[] = [];
let redisHealthy = true;
let releaseExport!: () => void;
const exportReleased = new Promise<void>((resolve) => (releaseExport = resolve));

function upstream(name: string) {
  const app = express();
  app.get('/health', (_req, res) => {
    const checks = { postgres: { status: 'ok' }, redis: redisHealthy ? { status: 'ok' } : { status: 'fail', error: 'connection refused' } };
    const ok = redisHealthy;
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'fail', service: name, checks });
  });
  app.get('/api/admin/slow', () => {
    // never answers
  });
  // An answer with security headers of its own, as service-kit's helmet gives every service's answer.
  app.get('/api/order/own-headers', (_req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'self'");
    res.json({ success: true });
  });
  // The catalogue: public, cacheable for a moment (checkout's catalogue handler).
  app.get('/api/catalogue', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=30');
    res.json({ service: name, path: '/api/catalogue' });
  });
  // An export: streamed without a length, the rest only once the test has seen the first line.
  app.get('/api/admin/export', (_req, res) => {
    res.setHeader('content-type', 'application/x-ndjson');
    res.write('{"line":1}\n');
    void exportReleased.then(() => res.end('{"line":2}\n'));
  });
  app.get('/api/admin/big', (_req, res) => {
    res.json({ padding: 'p'.repeat(200_000) });
  });
  app.get('/api/order/large', (_req, res) => {
    res.json({ success: true, orders: Array.from({ length: 200 }, (_, i) => ({ id: i, status: 'paid' })) });
  });
  app.use(express.raw({ type: () => true, limit: '10mb' }), (req, res) => {
    received.push({
      path: req.originalUrl,
      requestId: req.header('x-request-id'),
      body: req.body as Buffer,
      contentType: req.header('content-type'),
      contentLength: req.header('content-length'),
      chunked: req.header('transfer-encoding') !== undefined,
      forwardedFor: req.header('x-forwarded-for'),
      forwardedProto: req.header('x-forwarded-proto'),
    });
    res.json({ success: true, service: name, path: req.originalUrl });
  });
  return app;
}

let checkout: RunningApp;
let payments: RunningApp;
let admin: RunningApp;
let notifications: RunningApp;
let gateway: RunningApp;
let slowGateway: RunningApp;
let dist: string;
let baseConfig: Parameters<typeof createGatewayApp>[0];

beforeAll(async () => {
  checkout = await startApp(upstream('checkout'));
  payments = await startApp(upstream('payments'));
  admin = await startApp(upstream('admin-orders'));
  notifications = await startApp(upstream('notifications'));
  dist = mkdtempSync(path.join(tmpdir(), 'gateway-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'shop'));
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Landing</title><script>document.documentElement.dataset.splash="1"</script>');
  writeFileSync(path.join(dist, 'shop/index.html'), '<!doctype html><title>Shop</title>');
  writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>Shell</title>');
  baseConfig = {
    NODE_ENV: 'test' as const,
    CHECKOUT_URL: checkout.url,
    PAYMENTS_URL: payments.url,
    ADMIN_ORDERS_URL: admin.url,
    NOTIFICATIONS_URL: notifications.url,
    WEB_DIST_DIR: dist,
    CORS_ORIGINS: ['https://shop.example.in'],
    RAZORPAY_CHECKOUT_SCRIPT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    UPSTREAM_TIMEOUT_MS: 5_000,
  };
  gateway = await startApp(createGatewayApp(baseConfig, logger));
  slowGateway = await startApp(createGatewayApp({ ...baseConfig, UPSTREAM_TIMEOUT_MS: 300 }, logger));
});

afterAll(async () => {
  await Promise.all([checkout, payments, admin, notifications, gateway, slowGateway].map((app) => app?.close()));
});

describe('routing', () => {
  it.each([
    ['/api/payment/create-order', 'checkout'],
    ['/api/payment/verify-payment', 'payments'],
    ['/api/payment/payment-failed', 'payments'],
    ['/api/payment/webhook', 'payments'],
    ['/api/admin/login', 'admin-orders'],
    ['/api/order/remove-multiple', 'admin-orders'],
    ['/api/courier/webhook', 'admin-orders'],
  ])('sends POST %s to %s with the full path and a request id', async (route, service) => {
    const response = await fetch(`${gateway.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body).toMatchObject({ service, path: route });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(received.at(-1)?.requestId).toBe(requestId);
  });

  it("sends GET /api/catalogue to checkout, keeping the service's cache header", async () => {
    const response = await fetch(`${gateway.url}/api/catalogue`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    expect((await response.json()) as any).toMatchObject({ service: 'checkout', path: '/api/catalogue' });
  });

  it('answers a JSON 404 for an unknown /api path', async () => {
    const response = await fetch(`${gateway.url}/api/nothing/here`);
    expect(response.status).toBe(404);
    expect((await response.json()) as any).toMatchObject({ success: false, error: expect.stringContaining('/api/nothing/here') });
  });

  it('passes the webhook body through byte for byte', async () => {
    const raw = Buffer.from('{"event":"order.paid",  "payload":{"x":"\\u00e9"}}\n');
    const response = await fetch(`${gateway.url}/api/payment/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'abc' }, body: raw });
    expect(response.status).toBe(200);
    expect(Buffer.compare(received.at(-1)!.body, raw)).toBe(0);
  });

  it('sends a body the client sent in chunks to the service whole, with its Content-Length', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"about":'));
        controller.enqueue(new TextEncoder().encode('"jars"}'));
        controller.close();
      },
    });
    const response = await fetch(`${gateway.url}/api/complaints`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(200);
    const seen = received.at(-1)!;
    expect(seen.body.toString()).toBe('{"about":"jars"}');
    expect(seen).toMatchObject({ contentLength: '16', chunked: false });
  });

  it('takes an API request in absolute form (http://host/api/...) like one in origin form', () => {
    expect(apiPathOf('/api/pincodes/560038?x=1')).toBe('/api/pincodes/560038');
    expect(apiPathOf('http://shop.example.in/api/pincodes/560038?x=1')).toBe('/api/pincodes/560038');
    expect(apiPathOf('http://shop.example.in/shop')).toBeUndefined();
    expect(apiPathOf('/api')).toBeUndefined();
    expect(apiPathOf('/shop')).toBeUndefined();
  });

  it('refuses a body over the route limit with a JSON 413', async () => {
    const response = await fetch(`${gateway.url}/api/payment/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ x: 'y'.repeat(20_000) }) });
    expect(response.status).toBe(413);
    expect((await response.json()) as any).toEqual({ success: false, error: 'Request body too large' });
  });

  it('admin bodies are small: a 100 KB status change is refused at the door; only the bulk actions may be megabytes', async () => {
    received.length = 0;
    const padded = JSON.stringify({ status: 'delivered', pad: 'x'.repeat(100_000) });
    for (const path of ['/api/admin/orders/6f0c4f6e-0000-4000-8000-000000000000/status', '/api/admin/login', '/api/order/anything']) {
      const response = await fetch(`${gateway.url}${path}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: padded });
      expect(response.status, path).toBe(413);
    }
    expect(received).toEqual([]);
    const ids = JSON.stringify({ orderIds: Array.from({ length: 60_000 }, () => crypto.randomUUID()), status: 'completed' });
    expect(Buffer.byteLength(ids)).toBeGreaterThan(2_000_000);
    const bulk = await fetch(`${gateway.url}/api/order/batch-update-status`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: ids });
    expect(bulk.status).toBe(200);
    expect(received.find((r) => r.path === '/api/order/batch-update-status')?.body.length).toBe(Buffer.byteLength(ids));
  });

  it('a bulk action streams its body to the service, which must know its length', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"orderIds":[]}'));
        controller.close();
      },
    });
    const response = await fetch(`${gateway.url}/api/order/remove-multiple`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(411);
    expect((await response.json()) as any).toEqual({ success: false, error: 'Send this request with a Content-Length' });
  });

  it('answers a JSON 502 when a service is down, and the other services keep working', async () => {
    const down = await startApp(upstream('down'));
    const downUrl = down.url;
    await down.close();
    const app = createGatewayApp(
      { NODE_ENV: 'test', CHECKOUT_URL: downUrl, PAYMENTS_URL: payments.url, ADMIN_ORDERS_URL: admin.url, NOTIFICATIONS_URL: notifications.url, WEB_DIST_DIR: dist, CORS_ORIGINS: [], RAZORPAY_CHECKOUT_SCRIPT_URL: 'https://checkout.razorpay.com/v1/checkout.js', UPSTREAM_TIMEOUT_MS: 2000 },
      logger,
    );
    const running = await startApp(app);
    try {
      const response = await fetch(`${running.url}/api/payment/create-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(502);
      expect((await response.json()) as any).toEqual({ success: false, error: expect.stringContaining('checkout service is unavailable') });
      const other = await fetch(`${running.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(other.status).toBe(200);
      const health = await fetch(`${running.url}/api/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as any).failing).toContain('checkout');
    } finally {
      await running.close();
    }
  });

  it('answers a JSON 504 when a service is too slow', async () => {
    const response = await fetch(`${slowGateway.url}/api/admin/slow`);
    expect(response.status).toBe(504);
    expect((await response.json()) as any).toEqual({ success: false, error: expect.stringContaining('took too long') });
  });
});

describe('client address', () => {
  it('a client-supplied X-Forwarded-For never reaches the services: they see the address the gateway saw', async () => {
    received.length = 0;
    await fetch(`${gateway.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' }, body: '{}' });
    const seen = received.find((r) => r.path === '/api/admin/login');
    expect(seen?.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });

  it('a client-supplied X-Forwarded-Proto never reaches the services either', async () => {
    received.length = 0;
    await fetch(`${gateway.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' }, body: '{}' });
    expect(received.find((r) => r.path === '/api/admin/login')?.forwardedProto).toBe('http');
  });

  it('behind a configured load balancer, its X-Forwarded-For names the client and its X-Forwarded-Proto the protocol', async () => {
    const behindBalancer = await startApp(createGatewayApp({ ...baseConfig, TRUSTED_PROXIES: ['loopback'] }, logger));
    try {
      received.length = 0;
      await fetch(`${behindBalancer.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77', 'x-forwarded-proto': 'https' }, body: '{}' });
      expect(received.find((r) => r.path === '/api/admin/login')).toMatchObject({ forwardedFor: '203.0.113.77', forwardedProto: 'https' });
      // Read from the right: trusted hops are passed over, the first untrusted one is the client,
      // whatever the client wrote further left.
      received.length = 0;
      await fetch(`${behindBalancer.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1, 203.0.113.77, 127.0.0.1' }, body: '{}' });
      expect(received.find((r) => r.path === '/api/admin/login')?.forwardedFor).toBe('203.0.113.77');
    } finally {
      await behindBalancer.close();
    }
  });
});

describe('a load balancer the gateway does not trust', () => {
  it('is reported loudly, once, when a private address forwards clients; a direct client is not', async () => {
    const lines: { level: number; msg: string; peer?: string }[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const unconfigured = await startApp(createGatewayApp({ ...baseConfig, TRUSTED_PROXIES: [] }, capture));
    try {
      const login = (headers: Record<string, string>) => fetch(`${unconfigured.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
      await login({});
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      // Two shoppers behind one proxy on this machine (a private address): both look like the proxy.
      received.length = 0;
      await login({ 'x-forwarded-for': '203.0.113.7' });
      await login({ 'x-forwarded-for': '198.51.100.9' });
      expect(new Set(received.map((r) => r.forwardedFor)).size).toBe(1);
      const alarms = lines.filter((line) => line.level >= 50);
      expect(alarms).toEqual([expect.objectContaining({ msg: expect.stringContaining('add its address or range to TRUSTED_PROXIES'), peer: expect.stringMatching(/127\.0\.0\.1|::1/) })]);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('health', () => {
  it('aggregates every service, PostgreSQL and Redis', async () => {
    redisHealthy = true;
    const response = await fetch(`${gateway.url}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.dependencies).toEqual({ postgres: 'ok', redis: 'ok' });
    expect(Object.keys(body.services).sort()).toEqual(['admin-orders', 'checkout', 'notifications', 'payments']);
  });

  it('answers 503 naming Redis when the services report it down', async () => {
    redisHealthy = false;
    try {
      const response = await fetch(`${gateway.url}/api/health`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as any;
      expect(body.failing).toContain('redis');
      expect(body.dependencies.redis).toBe('fail');
      // Which part fails, never why: the driver's message stays in the log.
      expect(JSON.stringify(body)).not.toContain('connection refused');
      expect(body.services.checkout).toEqual({ status: 'fail' });
    } finally {
      redisHealthy = true;
    }
  });
});

describe('cross-origin callers', () => {
  it('admits an allowed origin with credentials', async () => {
    const response = await fetch(`${gateway.url}/api/admin/orders`, { headers: { origin: 'https://shop.example.in' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example.in');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives no CORS headers to another origin and refuses its preflight', async () => {
    const response = await fetch(`${gateway.url}/api/admin/orders`, { headers: { origin: 'https://evil.example.com' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${gateway.url}/api/admin/orders`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(403);
  });

  it('answers an allowed preflight', async () => {
    const preflight = await fetch(`${gateway.url}/api/order/batch-update-status`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.in', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
  });
});

describe('API answers', () => {
  it("carry the gateway's security headers when the service's answer has none, and on the gateway's own answers", async () => {
    for (const response of [await fetch(`${gateway.url}/api/admin/orders`), await fetch(`${gateway.url}/api/nothing/here`)]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it("pass on the service's own security headers as they are, each once", async () => {
    const response = await fetch(`${gateway.url}/api/order/own-headers`);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('are never compressed (only the SPA\'s files are)', async () => {
    const response = await fetch(`${gateway.url}/api/order/large`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(((await response.json()) as { orders: unknown[] }).orders).toHaveLength(200);
  });

  it('of unknown length stream through as they come (an export is not held back until it ends)', async () => {
    const response = await fetch(`${gateway.url}/api/admin/export`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"line":1}\n');
    releaseExport();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('{"line":2}\n');
  });

  it('to a HEAD request keep the length of the GET answer and have no body', async () => {
    const response = await fetch(`${gateway.url}/api/order/large`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await response.text()).toBe('');
  });

  it('larger than what is read whole arrive whole, with their length', async () => {
    const response = await fetch(`${gateway.url}/api/admin/big`);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(200_000);
    expect(((await response.json()) as { padding: string }).padding).toHaveLength(200_000);
  });

  it('are timed into http_request_duration_seconds by the route table, on the metrics port', async () => {
    await withDurationCounts(async (count) => {
      const pincodes = { service: 'gateway', method: 'GET', route: '/api/pincodes/', status: '200' };
      const unmatched = { service: 'gateway', method: 'GET', route: 'unmatched', status: '404' };
      const [pincodesBefore, unmatchedBefore] = [await count(pincodes), await count(unmatched)];
      expect((await fetch(`${gateway.url}/api/pincodes/560038`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/api/no-such/RP12345`)).status).toBe(404);
      expect(await count(pincodes)).toBe(pincodesBefore + 1);
      expect(await count(unmatched)).toBe(unmatchedBefore + 1);
    });
  });
});

describe('one way in', () => {
  // The API's answers and the pages' come from two handlers (api.ts and Express) behind one front
  // (front.ts): what every answer must carry is checked on both kinds here.
  const answers = [
    ['a prerendered page', '/shop'],
    ['the app shell', '/payment'],
    ['an unknown page', '/no-such-page'],
    ['a file', '/assets/index-abc123.js'],
    ['liveness', '/alive'],
    ["a service's answer", '/api/catalogue'],
    ["the gateway's own API answer", '/api/nothing/here'],
    ['the health aggregate', '/api/health'],
    ['an API call in absolute form', '/api/catalogue', 'absolute'],
  ] as const;

  it.each(answers)('%s carries the request id the caller sent and the security headers', async (_kind, path, form?: 'absolute') => {
    const requestId = `one-way-in-${path.replace(/\W/g, '-')}`;
    const response =
      form === 'absolute'
        ? await rawGet(gateway.url, `http://shop.example.in${path}`, { 'x-request-id': requestId })
        : await fetch(`${gateway.url}${path}`, { headers: { 'x-request-id': requestId } }).then(async (r) => ({ status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() }));
    expect(response.status).toBeLessThan(500);
    expect(response.headers['x-request-id']).toBe(requestId);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('times pages and API calls alike, each under its own route label', async () => {
    await withDurationCounts(async (count) => {
      const page = { service: 'gateway', method: 'GET', route: 'static', status: '200' };
      const api = { service: 'gateway', method: 'GET', route: '/api/catalogue', status: '200' };
      const [pageBefore, apiBefore] = [await count(page), await count(api)];
      expect((await fetch(`${gateway.url}/shop`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/api/catalogue`)).status).toBe(200);
      expect(await count(page)).toBe(pageBefore + 1);
      expect(await count(api)).toBe(apiBefore + 1);
    });
  });
});

/** Runs `check` with the count of http_request_duration_seconds samples by labels, scraped from a metrics listener of its own. */
async function withDurationCounts(check: (count: (labels: Record<string, string>) => Promise<number>) => Promise<void>): Promise<void> {
  const metrics = await startMetricsListener(0, '127.0.0.1', logger);
  try {
    const url = `http://127.0.0.1:${metrics.port}/metrics`;
    await check(async (labels) => sampleValue(await scrapeMetrics(url), 'http_request_duration_seconds_count', labels) ?? 0);
  } finally {
    await metrics.close();
  }
}

/** A GET whose request line carries `target` as it is (fetch always sends the origin form). */
function rawGet(origin: string, target: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built SPA', () => {
  it('caches hashed assets for a year as immutable and compresses them', async () => {
    const response = await fetch(`${gateway.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves a prerendered route with no-cache', async () => {
    const response = await fetch(`${gateway.url}/shop`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Shop</title>');
  });

  it('serves the app shell for client routes without their own HTML, and 404 for unknown pages', async () => {
    for (const route of ['/payment', '/payment-success', '/admin', '/login', '/policies/refund-policy', '/policies', '/shop/royal-prawn-pickle']) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<title>Shell</title>');
    }
    const unknown = await fetch(`${gateway.url}/no-such-page`);
    expect(unknown.status).toBe(404);
    // A product page's address is a catalogue slug: lower case, digits and single hyphens.
    expect((await fetch(`${gateway.url}/shop/Not_A_Slug`)).status).toBe(404);
  });

  it('sends a CSP that admits Razorpay Checkout and the inline script by hash only', async () => {
    const response = await fetch(`${gateway.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/checkout\.razorpay\.com/);
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://api.razorpay.com');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
