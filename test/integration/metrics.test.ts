import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, type Db } from '@pickles/db';
import { ATTENTION_KINDS } from '@pickles/shared';
import { createTestDatabase, eventually, orderPayload, postJson, sampleValue, scrapeMetrics, type PrometheusSample, type TestDatabase } from '@pickles/test-kit';
// @ts-expect-error plain ESM helper shared with `npm start`
import { DEMO_ADMIN, ROOT, SANDBOX_KEYS, canConnect, demoOwnerSecrets, offsetPorts, spawnStack, stackEnvironment, waitForHealthy } from '../../scripts/stack.mjs';

/**
 * Every process of the shop, started as `npm start` starts it (one replica each), on ports of its
 * own (52xx). A purchase goes through the gateway while SMTP is down, then SMTP comes back; a forged
 * webhook, a payment for an order the shop does not know, a wrong admin password and one order
 * lookup too many happen too. Each process's GET /metrics must then say so, with the names and
 * labels the alert rules and the dashboard use.
 */
const PORTS: Record<string, number> = offsetPorts({
  gateway: 5200,
  checkout: 5201,
  payments: 5202,
  adminOrders: 5203,
  notifications: 5204,
  gatewayMetrics: 5209,
  sandbox: 5210,
  mailHttp: 5225,
  mailSmtp: 5226,
});
const origin = `http://127.0.0.1:${PORTS.gateway}`;
const sandboxUrl = `http://127.0.0.1:${PORTS.sandbox}`;
const mailUrl = `http://127.0.0.1:${PORTS.mailHttp}`;
const METRICS = {
  gateway: `http://127.0.0.1:${PORTS.gatewayMetrics}/metrics`,
  checkout: `http://127.0.0.1:${PORTS.checkout}/metrics`,
  payments: `http://127.0.0.1:${PORTS.payments}/metrics`,
  'admin-orders': `http://127.0.0.1:${PORTS.adminOrders}/metrics`,
  notifications: `http://127.0.0.1:${PORTS.notifications}/metrics`,
};
type Process = keyof typeof METRICS;

let database: TestDatabase;
let db: Db;
let stack: { children: Map<string, ChildProcess>; stopAll: () => Promise<void> };
let webDir: string;
/** Every JSON log line the processes wrote. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  for (const [name, port] of Object.entries(PORTS)) {
    if (await canConnect('127.0.0.1', port, 300)) throw new Error(`port ${port} (${name}) is taken: the metrics test needs 5200-5299`);
  }
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, max: 2 });
  // A stand-in storefront: the gateway only needs its HTML to start.
  webDir = mkdtempSync(path.join(tmpdir(), 'pickles-metrics-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Royal Pickles</title>');
  writeFileSync(path.join(webDir, 'app-shell.html'), '<!doctype html><title>Royal Pickles</title>');
  const { processes } = stackEnvironment({
    ports: PORTS,
    base: {
      ...process.env,
      NODE_ENV: 'test',
      WEB_DIST_DIR: webDir,
      // Quick loops, so the test waits seconds, not minutes.
      RECONCILE_AFTER_SECONDS: '1',
      RECONCILE_INTERVAL_SECONDS: '1',
      OUTBOX_POLL_MS: '200',
      RETRY_BASE_MS: '200',
      RETRY_MAX_MS: '1000',
      // One lookup a minute: the second is refused, which the rate-limit counter must show.
      TRACK_LIMIT_PER_CLIENT: '1',
    },
    databaseUrl: database.url,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `${process.env.REDIS_PREFIX ?? 'pickles-test'}-metrics-${randomBytes(3).toString('hex')}`,
    ...(await demoOwnerSecrets()),
    logLevel: 'info',
  });
  mkdirSync(path.join(ROOT, '.ci/out'), { recursive: true });
  const log = createWriteStream(path.join(ROOT, '.ci/out/metrics-stack.log'));
  stack = spawnStack(processes, { quiet: true });
  for (const [name, child] of stack.children) {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(`${name} | ${chunk}`);
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('{')) logLines.push(JSON.parse(line) as Record<string, unknown>);
    });
    child.stderr?.on('data', (chunk: Buffer) => log.write(`${name} | ${chunk}`));
  }
  await waitForHealthy([`${origin}/api/health`], 90_000);
}, 150_000);

afterAll(async () => {
  await stack?.stopAll();
  await db?.destroy();
  await database?.drop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
}, 60_000);

const scrape = (name: Process) => scrapeMetrics(METRICS[name]);
const value = (samples: PrometheusSample[], name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);

async function setSmtpDown(down: boolean): Promise<void> {
  const response = await postJson(`${mailUrl}/api/smtp`, { down });
  expect(response.status).toBe(200);
}

/** A webhook as Razorpay signs it (or with a wrong signature), sent through the gateway. */
function sendWebhook(body: object, { forged = false } = {}) {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', forged ? 'not-the-webhook-secret' : SANDBOX_KEYS.webhookSecret).update(raw).digest('hex');
  return fetch(`${origin}/api/payment/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}` },
    body: raw,
  });
}

function capturedPaymentEvent(razorpayOrderId: string) {
  const payment = { id: `pay_${randomBytes(7).toString('hex')}`, entity: 'payment', amount: 1250, currency: 'INR', status: 'captured', order_id: razorpayOrderId, method: 'card', captured: true, created_at: Math.floor(Date.now() / 1000) };
  return { entity: 'event', account_id: 'acc_Metrics000001', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: payment } }, created_at: Math.floor(Date.now() / 1000) };
}

describe('GET /metrics of every process', () => {
  let orderNumber: string;
  let orderId: string;

  it('shows a paid order without its confirmation while SMTP is down, and the e-mail failures', async () => {
    await setSmtpDown(true);
    const created = await postJson(`${origin}/api/payment/create-order`, orderPayload(2), { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(201);
    orderNumber = created.body.orderId;
    orderId = (await db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).id;
    const paid = await postJson(`${sandboxUrl}/sandbox/payments`, { order_id: created.body.razorpayOrderId, status: 'captured' });
    expect(paid.status).toBe(200);
    const verified = await postJson(`${origin}/api/payment/verify-payment`, {
      razorpay_order_id: paid.body.razorpay_order_id,
      razorpay_payment_id: paid.body.razorpay_payment_id,
      razorpay_signature: paid.body.razorpay_signature,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const notifications = await eventually(async () => {
      const samples = await scrape('notifications');
      const failed = (value(samples, 'pickles_emails_failed_total', { kind: 'order-confirmation' }) ?? 0) >= 1 && (value(samples, 'pickles_queue_job_failures_total') ?? 0) >= 1;
      return failed && (value(samples, 'pickles_paid_orders_unconfirmed') ?? 0) >= 1 ? samples : undefined;
    }, 20_000);
    expect(value(notifications, 'pickles_paid_orders_unconfirmed', { service: 'notifications' })).toBe(1);
    expect(value(notifications, 'pickles_paid_order_unconfirmed_oldest_seconds')).toBeGreaterThan(0);
    expect(value(notifications, 'pickles_emails_sent_total', { kind: 'order-confirmation' })).toBeUndefined();
    expect(value(notifications, 'pickles_queue_job_failures_total', { queue: 'notifications' })).toBeGreaterThanOrEqual(1);
    // The failed job waits for its retry (delayed) or is being retried: it is in the queue either way.
    const queued = ['waiting', 'active', 'delayed'].map((state) => value(notifications, 'pickles_queue_jobs', { queue: 'notifications', state }) ?? 0);
    expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(value(notifications, 'pickles_queue_jobs', { queue: 'notifications', state: 'failed' })).toBe(0);
  }, 60_000);

  it('shows the confirmation sent and nothing unconfirmed once SMTP is back', async () => {
    await setSmtpDown(false);
    const notifications = await eventually(async () => {
      const samples = await scrape('notifications');
      // The owner's alert is a second e-mail of the same job, sent just after the confirmation.
      const settled = value(samples, 'pickles_paid_orders_unconfirmed') === 0 && value(samples, 'pickles_emails_sent_total', { kind: 'owner-alert' }) !== undefined;
      return settled ? samples : undefined;
    }, 20_000);
    expect(value(notifications, 'pickles_paid_order_unconfirmed_oldest_seconds')).toBe(0);
    expect(value(notifications, 'pickles_emails_sent_total', { kind: 'order-confirmation', service: 'notifications' })).toBe(1);
    expect(value(notifications, 'pickles_emails_sent_total', { kind: 'owner-alert' })).toBe(1);
  }, 30_000);

  it('counts webhook outcomes, a forged one included, and shows the attention item a stray payment raised', async () => {
    expect((await sendWebhook(capturedPaymentEvent('order_Forged0000001'), { forged: true })).status).toBe(400);
    expect((await sendWebhook(capturedPaymentEvent(`order_Unknown${randomBytes(4).toString('hex')}`))).status).toBe(200);

    const payments = await eventually(async () => {
      const samples = await scrape('payments');
      // The sandbox's own webhooks for the purchase (payment.captured, order.paid) arrive on their own time.
      return (value(samples, 'pickles_webhook_events_total', { outcome: 'processed', event: 'payment.captured' }) ?? 0) >= 2 ? samples : undefined;
    }, 20_000);
    expect(value(payments, 'pickles_webhook_events_total', { outcome: 'signature_invalid', event: 'unknown', service: 'payments' })).toBe(1);
    expect(value(payments, 'pickles_webhook_events_total', { outcome: 'error' })).toBeUndefined();

    const admin = await scrape('admin-orders');
    for (const kind of ATTENTION_KINDS) {
      expect(value(admin, 'pickles_attention_items_open', { kind, service: 'admin-orders' }), kind).toBe(kind === 'capture-for-unknown-order' ? 1 : 0);
    }
  }, 40_000);

  it('counts a wrong admin password and a refused order lookup', async () => {
    const login = await postJson(`${origin}/api/admin/login`, { username: DEMO_ADMIN.username, password: 'not-the-password' });
    expect(login.status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await postJson(`${origin}/api/track`, { orderNumber, email: 'someone@example.in' })).status);
    expect(statuses[1]).toBe(429);

    const admin = await scrape('admin-orders');
    expect(value(admin, 'pickles_login_failures_total', { reason: 'wrong_password', service: 'admin-orders' })).toBe(1);
    expect(value(admin, 'pickles_login_failures_total', { reason: 'locked_out' })).toBeUndefined();
    const checkout = await scrape('checkout');
    expect(value(checkout, 'pickles_rate_limit_refusals_total', { rule: 'track:client', service: 'checkout' })).toBe(1);
  }, 30_000);

  it('shows the outbox backlog: the age of the oldest unpublished event, and none once it is gone', async () => {
    // An event published only in an hour (as after failed publishes), written two minutes ago.
    const id = randomUUID();
    await sql`insert into outbox_events (id, type, version, payload, occurred_at, available_at)
      values (${id}, 'order.changed', 1, ${JSON.stringify({ id, type: 'order.changed', version: 1, occurredAt: new Date().toISOString(), data: {} })}::jsonb, now() - interval '2 minutes', now() + interval '1 hour')`.execute(db);
    try {
      const payments = await scrape('payments');
      expect(value(payments, 'pickles_outbox_unpublished_events', { service: 'payments' })).toBe(1);
      expect(value(payments, 'pickles_outbox_lag_seconds')).toBeGreaterThanOrEqual(120);
    } finally {
      await db.deleteFrom('outbox_events').where('id', '=', id).execute();
    }
    const payments = await scrape('payments');
    expect(value(payments, 'pickles_outbox_unpublished_events')).toBe(0);
    expect(value(payments, 'pickles_outbox_lag_seconds')).toBe(0);
    // An order nobody pays: the reconciler asks Razorpay about it a second after it was placed.
    expect((await postJson(`${origin}/api/payment/create-order`, orderPayload(1), { 'idempotency-key': randomUUID() })).status).toBe(201);
    const reconciled = await eventually(async () => {
      const samples = await scrape('payments');
      return (value(samples, 'pickles_reconciler_outcomes_total') ?? 0) >= 1 ? samples : undefined;
    }, 15_000);
    expect(value(reconciled, 'pickles_reconciler_outcomes_total', { outcome: 'unchanged', service: 'payments' })).toBeGreaterThanOrEqual(1);
    expect(value(reconciled, 'pickles_reconciler_outcomes_total', { outcome: 'error' })).toBeUndefined();
  }, 30_000);

  it('times requests by route pattern and status in every process, with process metrics, and no reading failed', async () => {
    const expected: Record<Process, Array<{ route: string; method: string; status: string }>> = {
      gateway: [
        { route: '/api/payment/create-order', method: 'POST', status: '201' },
        { route: '/api/payment/webhook', method: 'POST', status: '400' },
        { route: '/api/admin/', method: 'POST', status: '401' },
        { route: '/api/health', method: 'GET', status: '200' },
      ],
      checkout: [
        { route: '/api/payment/create-order', method: 'POST', status: '201' },
        { route: '/api/track', method: 'POST', status: '429' },
      ],
      payments: [
        { route: '/api/payment/verify-payment', method: 'POST', status: '200' },
        { route: '/api/payment/webhook', method: 'POST', status: '400' },
      ],
      'admin-orders': [{ route: '/api/admin/login', method: 'POST', status: '401' }],
      notifications: [{ route: '/health', method: 'GET', status: '200' }],
    };
    for (const [name, routes] of Object.entries(expected) as Array<[Process, (typeof expected)[Process]]>) {
      const text = await (await fetch(METRICS[name])).text();
      // Route patterns only: no order number, and none of the order's ids, in any label.
      expect(text, name).not.toContain(orderNumber);
      expect(text, name).not.toContain(orderId);
      const samples = await scrape(name);
      for (const route of routes) {
        expect(value(samples, 'http_request_duration_seconds_count', { ...route, service: name }), `${name} ${route.method} ${route.route} ${route.status}`).toBeGreaterThanOrEqual(1);
      }
      expect(value(samples, 'process_cpu_seconds_total', { service: name }), name).toBeGreaterThan(0);
      expect(value(samples, 'nodejs_heap_size_used_bytes', { service: name }), name).toBeGreaterThan(0);
      expect(value(samples, 'pickles_metrics_collect_errors_total'), name).toBeUndefined();
      expect(text, name).toContain('# TYPE pickles_metrics_collect_errors_total counter');
    }
  }, 30_000);

  it('declares every metric of the contract in the process that exports it', async () => {
    const contract: Record<Process, string[]> = {
      gateway: ['http_request_duration_seconds histogram'],
      checkout: ['http_request_duration_seconds histogram', 'pickles_rate_limit_refusals_total counter'],
      payments: [
        'http_request_duration_seconds histogram',
        'pickles_rate_limit_refusals_total counter',
        'pickles_outbox_lag_seconds gauge',
        'pickles_outbox_unpublished_events gauge',
        'pickles_webhook_events_total counter',
        'pickles_reconciler_outcomes_total counter',
      ],
      'admin-orders': ['http_request_duration_seconds histogram', 'pickles_rate_limit_refusals_total counter', 'pickles_login_failures_total counter', 'pickles_attention_items_open gauge'],
      notifications: [
        'http_request_duration_seconds histogram',
        'pickles_queue_jobs gauge',
        'pickles_queue_job_failures_total counter',
        'pickles_emails_sent_total counter',
        'pickles_emails_failed_total counter',
        'pickles_paid_orders_unconfirmed gauge',
        'pickles_paid_order_unconfirmed_oldest_seconds gauge',
      ],
    };
    for (const [name, metrics] of Object.entries(contract) as Array<[Process, string[]]>) {
      const text = await (await fetch(METRICS[name])).text();
      for (const metric of metrics) expect(text, name).toContain(`# TYPE ${metric}`);
    }
  });

  it('never shows the metrics on the gateway\'s public port', async () => {
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain('http_request_duration_seconds');
    expect(body).not.toContain('process_cpu_seconds_total');
  });

  it('logs every line about the purchase with the order\'s id', () => {
    const aboutOrder = logLines.filter((line) => line.orderNumber === orderNumber || line.orderId === orderId);
    const messages = new Set(aboutOrder.map((line) => line.msg));
    for (const msg of ['order created', 'payment verified', 'payment.verified handled', 'notification job failed']) expect(messages, msg).toContain(msg);
    for (const line of aboutOrder) expect({ msg: line.msg, orderId: line.orderId, orderNumber: line.orderNumber }).toEqual({ msg: line.msg, orderId, orderNumber });
  });
});
