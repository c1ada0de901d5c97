import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { createLogger } from '@pickles/service-kit';
import { insertOrder, orderPayload, startApp, testDb, type RunningApp } from '@pickles/test-kit';
import { prng } from '@pickles/test-kit/random';
import { createCheckoutApp } from '@pickles/checkout/app';
import { createPaymentsApp } from '@pickles/payments/app';
import { createAdmin } from '@pickles/admin-orders/test-helpers';
import { oneFileStorefront, startAdminOrders, startGateway, startServiceGround, type ServiceGround } from './gateway-stack.js';

/**
 * Hostile input through the gateway, as an attacker would send it: a seeded stream of at least
 * 3,000 malformed requests over every public route (wrong types, missing fields, control
 * characters, huge strings, deep nesting, odd query strings, forged tokens). The shop must answer
 * every one without a 5xx, and every refusal as JSON `{ success: false, error }`.
 */
const REQUESTS = 3_200;
const KEYS = { keyId: 'rzp_test_Fuzz000000000001', keySecret: 'fuzz_key_secret_0123', webhookSecret: 'fuzz_webhook_secret_0123' };
const silent = createLogger('fuzz', 'silent');


let db: Db;
let ground: ServiceGround;
let gateway: RunningApp;
let token: string;
let owner: { username: string; password: string };
let orderId: string;
let complaintId: string;

async function login(): Promise<string> {
  const response = await fetch(`${gateway.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
  return ((await response.json()) as { token: string }).token;
}

beforeAll(async () => {
  db = testDb();
  ground = await startServiceGround(db, 'fuzz', KEYS);
  const { redis, razorpay, apps } = ground;
  const limitPrefix = `${process.env.REDIS_PREFIX}:fuzz-limits-${randomUUID().slice(0, 6)}`;
  const checkout = await startApp(createCheckoutApp({ db, razorpay, logger: silent, limits: { redis, prefix: limitPrefix, perClientPerMinute: 1_000, perEmailPerHour: 1_000, heldJars: { perClient: 100_000, perContact: 100_000 } }, tracking: { perClientPerMinute: 100_000, perOrderPerHour: 100_000, linksPerClientPerMinute: 100_000 }, complaints: { perClientPerHour: 100_000, perEmailPerDay: 100_000 } }));
  const payments = await startApp(createPaymentsApp({ db, razorpay, logger: silent, relay: { nudge: () => {} }, redis, limits: { prefix: limitPrefix, perClientPerMinute: 1_000 } }));
  // Enough for the fuzz's own logins; the limiter's 429s are fine answers too.
  const admin = await startAdminOrders({ db, redis, logger: silent, redisPrefix: `${process.env.REDIS_PREFIX}:fuzz-${randomUUID().slice(0, 6)}`, loginMaxFailures: 1_000, razorpay });
  apps.push(checkout, payments, admin);
  gateway = await startGateway({ checkout: checkout.url, payments: payments.url, adminOrders: admin.url }, oneFileStorefront('fuzz', { appShell: true }), silent);
  owner = await createAdmin(db);
  token = await login();
  orderId = (await insertOrder(db, { status: 'paid' })).id;
  // A complaint sent through the gateway, for the admin's complaint routes to find.
  const validComplaint = { name: 'Meera Iyer', email: 'meera@example.in', category: 'damaged', message: 'The jar leaked into the box.' };
  const submitted = await fetch(`${gateway.url}/api/complaints`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validComplaint) });
  const { ticketNumber } = (await submitted.json()) as { ticketNumber: string };
  complaintId = (await db.selectFrom('complaints').select('id').where('ticket_number', '=', ticketNumber).executeTakeFirstOrThrow()).id;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await ground?.close();
});

/** `page`: a link a person opens from an e-mail; its refusals are HTML pages for them, not JSON. */
type Route = { method: string; path: (id: string) => string; body?: () => unknown; admin?: boolean; page?: boolean };

const validOrder = () => orderPayload(1);

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/health' },
  { method: 'POST', path: () => '/api/payment/create-order', body: validOrder },
  { method: 'POST', path: () => '/api/payment/verify-payment', body: () => ({ razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_payment_id: 'pay_ABCDEFGHIJKLMN', razorpay_signature: 'a'.repeat(64) }) },
  { method: 'POST', path: () => '/api/payment/payment-failed', body: () => ({ razorpay_order_id: 'order_ABCDEFGHIJKLMN', error: { description: 'Card declined' } }) },
  { method: 'POST', path: () => '/api/payment/webhook', body: () => ({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: {}, created_at: 1 }) },
  { method: 'POST', path: () => '/api/admin/login', body: () => ({ username: 'admin', password: 'wrong' }) },
  { method: 'POST', path: () => '/api/admin/logout', admin: true },
  { method: 'GET', path: () => '/api/admin/orders', admin: true },
  { method: 'GET', path: () => '/api/admin/orders/ids', admin: true },
  { method: 'GET', path: () => '/api/admin/orders/export', admin: true },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}/history`, admin: true },
  { method: 'PATCH', path: (id) => `/api/admin/orders/${id}/status`, body: () => ({ status: 'delivered' }), admin: true },
  { method: 'PATCH', path: () => '/api/order/batch-update-status', body: () => ({ orderIds: [randomUUID()], status: 'delivered' }), admin: true },
  { method: 'POST', path: () => '/api/order/remove-multiple', body: () => ({ orderIds: [randomUUID()] }), admin: true },
  { method: 'POST', path: (id) => `/api/admin/attention/${id}/resolve`, admin: true },
  { method: 'POST', path: () => '/api/track', body: () => ({ orderNumber: 'RP261123-ABC123', contact: '9876543210' }) },
  { method: 'GET', path: (id) => `/api/track?order=RP261123-${id.slice(0, 6)}&t=${id}` },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}`, admin: true },
  { method: 'PUT', path: (id) => `/api/admin/orders/${id}/dispatch`, body: () => ({ courierId: 'delhivery', awb: 'AWB123456' }), admin: true },
  { method: 'POST', path: () => '/api/admin/orders/dispatch-batch', body: () => ({ lines: 'RP261123-ABC123, delhivery, AWB123456' }), admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/refunds`, body: () => ({ amount: 100, reason: 'Damaged jar', requestKey: `fuzz-${randomUUID()}` }), admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/resend-confirmation`, admin: true },
  { method: 'GET', path: () => '/api/catalogue/availability' },
  { method: 'GET', path: () => '/api/admin/stock', admin: true },
  // Never a catalogue product's id: the run's other files sell from the shared database's stock.
  { method: 'PUT', path: (id) => `/api/admin/stock/${id}`, body: () => ({ state: 'on-sale', batchJars: 40, nextBatchDate: '2026-12-01', newBatch: false }), admin: true },
  { method: 'POST', path: () => '/api/complaints', body: () => ({ name: 'Meera Iyer', email: 'meera@example.in', phone: '9876543210', orderNumber: 'RP261123-ABC123', category: 'damaged', message: 'The jar leaked into the box.' }) },
  { method: 'GET', path: () => '/api/admin/complaints', admin: true },
  { method: 'POST', path: (id) => `/api/admin/complaints/${id}/acknowledge`, admin: true },
  { method: 'POST', path: (id) => `/api/admin/complaints/${id}/resolve`, body: () => ({ resolution: 'Sent a new jar.' }), admin: true },
  { method: 'POST', path: () => '/api/courier/webhook', body: () => ({ awb: 'AWB123456', current_status: 'DELIVERED', current_timestamp: '23 11 2026 10:00:00', scans: [] }) },
  { method: 'GET', path: (id) => `/api/track/invoice?order=RP261123-${id.slice(0, 6)}&t=${id}` },
  { method: 'GET', path: (id) => `/api/pincodes/${id.slice(0, 6)}` },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}/invoice.pdf`, admin: true },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}/credit-notes/${id}.pdf`, admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/ship`, body: () => ({ courierId: 'sandbox' }), admin: true },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}/courier-options`, admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/cancel-shipment`, admin: true },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}/label`, admin: true },
  { method: 'POST', path: () => '/api/admin/orders/labels', body: () => ({ orderIds: [randomUUID()] }), admin: true },
  { method: 'POST', path: () => '/api/admin/orders/ship-batch', body: () => ({ orderIds: [randomUUID()] }), admin: true },
  { method: 'GET', path: () => '/api/admin/delivery-problems', admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/delivery-problem`, body: () => ({ action: 're-attempt', phone: '9876543210' }), admin: true },
  { method: 'POST', path: () => '/api/discount-codes/check', body: () => ({ code: 'LAUNCH10', email: 'meera@example.in', phone: '9876543210', items: [{ itemId: 1, quantity: 1 }] }) },
  { method: 'GET', path: () => '/api/admin/discount-codes', admin: true },
  // No valid body to start from: a code, or a product, made by the fuzz would show in the shared database's other tests.
  { method: 'POST', path: () => '/api/admin/discount-codes', admin: true },
  { method: 'PUT', path: (id) => `/api/admin/discount-codes/${id}`, admin: true },
  { method: 'POST', path: () => '/api/notify-me', body: () => ({ productId: 987_654, email: 'meera@example.in' }) },
  { method: 'GET', path: (id) => `/api/notify-me/confirm?t=${id}.${'x'.repeat(32)}`, page: true },
  { method: 'POST', path: (id) => `/api/notify-me/confirm?t=${id}.${'x'.repeat(32)}`, page: true },
  { method: 'GET', path: (id) => `/api/notify-me/unsubscribe?t=${id}`, page: true },
  { method: 'POST', path: (id) => `/api/notify-me/unsubscribe?t=${id}`, page: true },
  { method: 'GET', path: () => '/api/catalogue' },
  { method: 'GET', path: (id) => `/api/catalogue/photos/${id}-640.avif` },
  { method: 'GET', path: () => '/api/admin/catalogue', admin: true },
  { method: 'POST', path: () => '/api/admin/catalogue', admin: true },
  // Never a catalogue product's id (see the stock route above).
  { method: 'PUT', path: (id) => `/api/admin/catalogue/${id}`, admin: true },
  { method: 'POST', path: (id) => `/api/admin/catalogue/${id}/archive`, admin: true },
  { method: 'PUT', path: () => '/api/admin/catalogue/order', admin: true },
  { method: 'GET', path: (id) => `/api/admin/catalogue/${id}/changes`, admin: true },
  { method: 'POST', path: (id) => `/api/admin/catalogue/${id}/photos`, admin: true },
  { method: 'DELETE', path: (id) => `/api/admin/catalogue/${id}/photos/${id}`, admin: true },
  { method: 'PUT', path: (id) => `/api/admin/catalogue/${id}/photos/order`, admin: true },
  // No valid body either: a phone order holds jars of the shared database's stock.
  { method: 'POST', path: () => '/api/admin/phone-orders', admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/payment-link`, admin: true },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/payment-link/cancel`, admin: true },
  { method: 'GET', path: (id) => `/api/payment/link-callback?razorpay_payment_id=pay_${id}&razorpay_payment_link_id=plink_${id}&razorpay_payment_link_reference_id=${id}&razorpay_payment_link_status=paid&razorpay_signature=${id}` },
];

function fuzzer(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const CONTROL = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\r\n', '\u0000\u0000'];
  const strings = () =>
    pick([
      '',
      ' ',
      'x'.repeat(40_000),
      `a${'@a.'.repeat(10_000)}`,
      `Meera${pick(CONTROL)}Iyer`,
      pick(CONTROL),
      '%00',
      '../../etc/passwd',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '\ud800',
      '𝕽𝖔𝖞𝖆𝖑',
      '1e309',
      '-1',
      'NaN',
    ]);
  const value = (depth = 0): unknown => {
    const kind = Math.floor(random() * (depth > 3 ? 6 : 9));
    switch (kind) {
      case 0:
        return null;
      case 1:
        return pick([0, -1, 1.5, Number.MAX_SAFE_INTEGER, -0, 1e21, Number.MIN_VALUE]);
      case 2:
        return random() < 0.5;
      case 3:
      case 4:
      case 5:
        return strings();
      case 6:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(['a', 'status', 'orderIds', 'name', '__proto__', 'constructor']), value(depth + 1)]));
    }
  };
  /** Replace one field somewhere in `body` with something hostile, or drop it. */
  const mutate = (body: unknown): unknown => {
    if (body === null || typeof body !== 'object') return value();
    const copy = structuredClone(body) as Record<string, unknown>;
    const keys = Object.keys(copy);
    if (!keys.length) return copy;
    const key = pick(keys);
    const roll = random();
    if (roll < 0.2) delete copy[key];
    else if (roll < 0.5 && copy[key] && typeof copy[key] === 'object') copy[key] = mutate(copy[key]);
    else copy[key] = value();
    return copy;
  };
  const deep = () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < 2_000; i++) nested = { a: nested };
    return nested;
  };
  const body = (route: Route): { text?: string; type?: string } => {
    const roll = random();
    if (roll < 0.08) return {};
    if (roll < 0.14) return { text: '{"amount":', type: 'application/json' };
    if (roll < 0.18) return { text: 'amount=1&name=%00', type: 'application/x-www-form-urlencoded' };
    if (roll < 0.22) return { text: JSON.stringify(deep()), type: 'application/json' };
    if (roll < 0.26) return { text: JSON.stringify(value()), type: 'application/json' };
    if (roll < 0.3) return { text: JSON.stringify(route.body?.() ?? {}), type: pick(['text/plain', 'application/xml', '']) };
    if (roll < 0.33) return { text: JSON.stringify({ pad: 'x'.repeat(6_000_000) }), type: 'application/json' };
    const base = route.body?.() ?? {};
    let mutated: unknown = base;
    for (let i = 0; i < 1 + Math.floor(random() * 3); i++) mutated = mutate(mutated);
    return { text: JSON.stringify(mutated), type: 'application/json' };
  };
  const query = () =>
    pick([
      '',
      '?search=%00',
      '?search=abc%00def',
      `?search=${'x'.repeat(8_000)}`,
      '?page=1e309',
      '?pageSize=1e309',
      '?page=-1&pageSize=0',
      '?page=NaN',
      '?limit=1e309',
      '?status=bogus',
      '?status[]=paid&status[]=failed',
      '?search[a]=1',
      '?dateFrom=2026-02-31&dateTo=99999-01-01',
      '?dateFrom=%E0%A4%A',
      '?sortField=__proto__&sortDir=sideways',
      `?asOf=${encodeURIComponent(new Date().toISOString())}&removable=maybe`,
      '?asOf=yesterday',
      '?city=%25&state=_',
      `?asOf=${encodeURIComponent(new Date().toISOString())}&search=%01`,
    ]);
  const id = () => pick([orderId, complaintId, randomUUID(), 'not-a-uuid', '%00', '..%2F..%2Fadmin', '1e309', 'x'.repeat(300)]);
  const auth = (route: Route): Record<string, string> => {
    if (!route.admin || random() < 0.15) return {};
    if (route.path('x') === '/api/admin/logout') return { authorization: `Bearer ${token.slice(0, -3)}abc` };
    return {
      authorization: pick([
        `Bearer ${token}`,
        `Bearer ${token}`,
        `Bearer ${token}`,
        'Bearer ',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
        `Bearer ${token.slice(0, -3)}abc`,
        `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        `Bearer ${'A'.repeat(5_000)}`,
        'Bearer a.b.c; drop table orders',
      ]),
    };
  };
  return { pick, body, query, id, auth };
}

describe('hostile input through the gateway', () => {
  it('sends its requests to every route the OpenAPI document describes', () => {
    // The committed document (test/docs checks it is the code's): a route added without a line here fails.
    const document = JSON.parse(readFileSync(new URL('../../docs/api/openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const fuzzed = ROUTES.map((route) => `${route.method} ${route.path('x').split('?')[0]}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations ?? {})
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ name: `${method.toUpperCase()} ${path}`, pattern: new RegExp(`^${method.toUpperCase()} ${path.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`) })),
    );
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((route) => !fuzzed.some((request) => route.pattern.test(request))).map((route) => route.name)).toEqual([]);
  });

  it(`answers ${REQUESTS} malformed requests over every route without a 5xx, refusals as JSON`, async () => {
    const random = prng(20261123);
    const fuzz = fuzzer(random);
    const problems: string[] = [];
    let refused = 0;
    let answeredAdmin = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const route = ROUTES[i % ROUTES.length]!;
      const { text, type } = route.method === 'GET' ? {} : fuzz.body(route);
      const target = `${route.path(fuzz.id())}${fuzz.query()}`;
      // Logout revokes the token it is sent with: it gets a token of its own, so the others stay valid.
      const authorization = route.path('x') === '/api/admin/logout' && random() < 0.1 ? { authorization: `Bearer ${await login()}` } : fuzz.auth(route);
      const headers: Record<string, string> = {
        ...authorization,
        ...(type ? { 'content-type': type } : {}),
        ...(random() < 0.1 ? { 'x-forwarded-for': fuzz.pick(['1.2.3.4', 'evil', '127.0.0.1, 10.0.0.1', '::1']) } : {}),
        ...(random() < 0.1 ? { 'idempotency-key': fuzz.pick(['short', 'x'.repeat(200), 'good-key-123456', 'bad key!']) } : {}),
      };
      let response: Response;
      let answer: string;
      try {
        response = await fetch(`${gateway.url}${target}`, { method: route.method, headers, body: text, signal: AbortSignal.timeout(20_000) });
        answer = await response.text();
      } catch (error) {
        problems.push(`#${i} ${route.method} ${target.slice(0, 120)}: no answer (${String(error)})`);
        continue;
      }
      const { status } = response;
      const contentType = response.headers.get('content-type') ?? '';
      if (route.admin && status !== 401) answeredAdmin++;
      const label = `#${i} ${route.method} ${target.slice(0, 120)} ${String(text ?? '').slice(0, 80)}`;
      if (status >= 500 && !(route.path('x') === '/api/health' && status === 503)) problems.push(`${label}: ${status} ${answer.slice(0, 200)}`);
      if (status >= 400) {
        refused++;
        let parsed: { success?: unknown; error?: unknown } | undefined;
        try {
          parsed = JSON.parse(answer) as typeof parsed;
        } catch {
          parsed = undefined;
        }
        const isHealth = route.path('x') === '/api/health';
        if (route.page) {
          if (!contentType.includes('text/html') && !contentType.includes('application/json')) problems.push(`${label}: ${status} neither a page nor JSON: ${answer.slice(0, 200)}`);
        } else if (!isHealth && (!contentType.includes('application/json') || parsed?.success !== false || typeof parsed?.error !== 'string' || !parsed.error)) {
          problems.push(`${label}: ${status} not a JSON refusal: ${answer.slice(0, 200)}`);
        }
      }
    }
    expect(problems.slice(0, 25)).toEqual([]);
    // The admin routes were reached with a valid token, not only refused at the door.
    expect(answeredAdmin).toBeGreaterThan(REQUESTS / 20);
    // Most of what the fuzz sends is refused; the rest is valid enough to be answered normally.
    expect(refused).toBeGreaterThan(REQUESTS / 2);
  }, 300_000);
});
