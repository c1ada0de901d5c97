import { createHmac, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, type Db } from '@pickles/db';
import { createCheckoutApp } from '@pickles/checkout/app';
import { createPaymentsApp } from '@pickles/payments/app';
import { createLogger } from '@pickles/service-kit';
import { createTestDatabase, insertOrder, orderPayload, startApp, type RunningApp, type TestDatabase } from '@pickles/test-kit';
import { oneFileStorefront, ownerToken, startAdminOrders, startGateway, startServiceGround, type ServiceGround } from './gateway-stack.js';

/**
 * Hostile input, property by property (fast-check): every route's body is a valid one with one field
 * somewhere replaced by what an attacker sends (control characters, 100,000-character strings, 1e309,
 * huge numbers, wrong types, nested junk). Through the gateway, each is answered with a 4xx whose
 * `fields` names the field it broke (or, for a webhook Razorpay signed but the shop cannot use, a
 * 2xx), never a 5xx, and nothing is stored. A database of its own, so "nothing stored" counts rows.
 */
const KEYS = { keyId: 'rzp_test_Hostile000000001', keySecret: 'hostile_key_secret_0123', webhookSecret: 'hostile_webhook_secret_0123' };
const silent = createLogger('hostile-input', 'silent');
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

let database: TestDatabase;
let db: Db;
let ground: ServiceGround;
let gateway: RunningApp;
let token: string;
let paidOrder: { id: string; orderNumber: string };
let complaintId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, max: 4 });
  ground = await startServiceGround(db, 'hostile-input', KEYS);
  const { redis, razorpay, apps } = ground;
  const prefix = `${process.env.REDIS_PREFIX}:hostile-${randomUUID().slice(0, 6)}`;
  const unlimited = 1_000_000;
  const checkout = await startApp(
    createCheckoutApp({
      db,
      razorpay,
      logger: silent,
      limits: { redis, prefix, perClientPerMinute: unlimited, perEmailPerHour: unlimited, discountChecksPerClientPerMinute: unlimited, heldJars: { perClient: unlimited, perContact: unlimited } },
      tracking: { perClientPerMinute: unlimited, perOrderPerHour: unlimited, linksPerClientPerMinute: unlimited },
      complaints: { perClientPerHour: unlimited, perEmailPerDay: unlimited },
      notifyMe: { perClientPerHour: unlimited, perEmailPerDay: unlimited },
    }),
  );
  const payments = await startApp(createPaymentsApp({ db, razorpay, logger: silent, relay: { nudge: () => {} }, redis, limits: { prefix, perClientPerMinute: unlimited } }));
  const admin = await startAdminOrders({ db, redis, logger: silent, redisPrefix: prefix, loginMaxFailures: unlimited });
  apps.push(checkout, payments, admin);
  gateway = await startGateway({ checkout: checkout.url, payments: payments.url, adminOrders: admin.url }, oneFileStorefront('hostile'), silent, { upstreamTimeoutMs: 15_000 });
  token = await ownerToken(gateway, db);
  paidOrder = await insertOrder(db, { status: 'paid' });
  complaintId = (
    await db
      .insertInto('complaints')
      .values({ ticket_number: `GRV-HOSTILE-${randomUUID().slice(0, 6)}`, name: 'Meera Iyer', email: 'meera@example.in', category: 'damaged', message: 'The jar leaked into the box.', acknowledge_by: new Date(), resolve_by: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await ground?.close();
  await database?.drop();
});

/** A number JSON cannot hold (JSON.parse makes it Infinity): written into the body's text as it is. */
const OVERFLOW = Symbol('1e309');

/** What an attacker puts in place of a field. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'Meera\u0000Iyer', 'a\u001bb', '\r\n\r\nBcc: x@y', '\u007f', 'x'.repeat(100_000), OVERFLOW, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, -0.5, true, null, [], {}),
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => `${text}\u0000`),
  fc.array(fc.anything({ maxDepth: 2 }), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 }).map((junk) => ({ ...junk, nested: { deeper: ['junk', 1e21] } })),
);

/** The body as text: OVERFLOW becomes the literal 1e309. */
function bodyText(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => (value === OVERFLOW ? '__OVERFLOW__' : value)).replaceAll('"__OVERFLOW__"', '1e309');
}

/** Every leaf's path in a valid body ('deliveryAddress.city', 'items.0.quantity'). */
function leaves(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, [...prefix, key]));
}

function replaced(body: unknown, at: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

/** Rows of every table an accepted request would write. */
async function stored(): Promise<Record<string, number>> {
  const tables = ['orders', 'order_items', 'complaints', 'batch_subscribers', 'discount_code_uses', 'outbox_events', 'refund_requests', 'order_dispatches', 'payments', 'refunds', 'processed_webhook_events', 'order_status_history', 'product_stock'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;
  const stock = (await sql<{ n: string }>`select coalesce(sum(reserved + sold), 0)::text as n from product_stock`.execute(db)).rows[0]!.n;
  return { ...counts, jars: Number(stock) };
}

interface Route {
  name: string;
  method: string;
  path: () => string;
  body: () => unknown;
  admin?: boolean;
  /** A signed webhook: the answer to an unusable one is a logged 2xx. */
  signed?: boolean;
  /** Cases run first, whatever fast-check draws: the ones a review found answered 500. */
  examples?: [string[], unknown][];
}

const ADDRESS_EXAMPLES: [string[], unknown][] = [
  [['deliveryAddress', 'street'], 'MG Road\u0000'],
  [['deliveryAddress', 'area'], 'x'.repeat(100_000)],
  [['customerInfo', 'name'], '\u001b[31mMeera'],
];
const WEBHOOK_EXAMPLES: [string[], unknown][] = [
  [['payload', 'payment', 'entity', 'amount'], OVERFLOW],
  [['payload', 'payment', 'entity', 'id'], 'pay_\u0000'],
  [['payload', 'payment', 'entity', 'error_description'], 'x'.repeat(100_000)],
  [['payload', 'payment', 'entity', 'order_id'], 'x'.repeat(100_000)],
  [['created_at'], OVERFLOW],
];

const ROUTES: Route[] = [
  { name: 'create-order', method: 'POST', path: () => '/api/payment/create-order', body: () => orderPayload(2), examples: ADDRESS_EXAMPLES },
  { name: 'verify-payment', method: 'POST', path: () => '/api/payment/verify-payment', body: () => ({ razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_payment_id: 'pay_ABCDEFGHIJKLMN', razorpay_signature: 'a'.repeat(64) }) },
  { name: 'payment-failed', method: 'POST', path: () => '/api/payment/payment-failed', body: () => ({ razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_payment_id: 'pay_ABCDEFGHIJKLMN', error: { code: 'BAD_REQUEST_ERROR', description: 'Card declined', reason: 'payment_failed', source: 'bank', step: 'payment_authorization' } }) },
  {
    name: 'webhook (signed)',
    method: 'POST',
    path: () => '/api/payment/webhook',
    signed: true,
    examples: WEBHOOK_EXAMPLES,
    body: () => ({
      entity: 'event',
      account_id: 'acc_Hostile0001',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: 'pay_Hostile00000001', entity: 'payment', amount: 115_000, currency: 'INR', status: 'captured', order_id: 'order_Hostile0000001', method: 'card', amount_refunded: 0, error_description: null, notes: { shop: 'x' } } } },
      created_at: 1_764_000_000,
    }),
  },
  { name: 'admin login', method: 'POST', path: () => '/api/admin/login', body: () => ({ username: 'owner', password: 'correct horse' }) },
  { name: 'admin status', method: 'PATCH', path: () => `/api/admin/orders/${paidOrder.id}/status`, body: () => ({ status: 'delivered' }), admin: true },
  { name: 'batch update', method: 'PATCH', path: () => '/api/order/batch-update-status', body: () => ({ orderIds: [paidOrder.id], status: 'delivered' }), admin: true },
  { name: 'remove', method: 'POST', path: () => '/api/order/remove-multiple', body: () => ({ orderIds: [paidOrder.id] }), admin: true },
  { name: 'dispatch', method: 'PUT', path: () => `/api/admin/orders/${paidOrder.id}/dispatch`, body: () => ({ courierId: 'delhivery', awb: 'AWB123456', trackingUrl: 'https://www.delhivery.com/track/package/AWB123456' }), admin: true },
  { name: 'batch dispatch', method: 'POST', path: () => '/api/admin/orders/dispatch-batch', body: () => ({ lines: `${paidOrder.orderNumber}, delhivery, AWB123456` }), admin: true },
  { name: 'refund', method: 'POST', path: () => `/api/admin/orders/${paidOrder.id}/refunds`, body: () => ({ amount: 100, reason: 'Damaged jar', requestKey: `rk-${randomUUID()}` }), admin: true },
  { name: 'stock', method: 'PUT', path: () => '/api/admin/stock/1', body: () => ({ state: 'on-sale', batchJars: 40, nextBatchDate: '2026-12-01', newBatch: false }), admin: true },
  { name: 'complaint resolve', method: 'POST', path: () => `/api/admin/complaints/${complaintId}/resolve`, body: () => ({ resolution: 'Sent a new jar.' }), admin: true },
  { name: 'complaint', method: 'POST', path: () => '/api/complaints', body: () => ({ name: 'Meera Iyer', email: 'meera@example.in', phone: '9876543210', orderNumber: 'RP261123-ABC123', category: 'damaged', message: 'The jar leaked into the box.' }) },
  { name: 'track', method: 'POST', path: () => '/api/track', body: () => ({ orderNumber: paidOrder.orderNumber, contact: '9876543210' }) },
  { name: 'discount code check', method: 'POST', path: () => '/api/discount-codes/check', body: () => ({ code: 'NOSUCHCODE', items: [{ itemId: 1, quantity: 1 }], email: 'meera@example.in', phone: '9876543210' }) },
  // An unknown product: the valid request is refused too, so nothing can be stored whatever breaks.
  { name: 'notify me', method: 'POST', path: () => '/api/notify-me', body: () => ({ productId: 987_654, email: 'meera@example.in' }) },
];

/** Fields whose value is not read as the field's own type: breaking them is refused under another name. */
const NAMED_ELSEWHERE: Record<string, RegExp> = {
  // A price or a total is checked against the catalogue's as a whole: the line total, the order total.
  'create-order': /^items\.0\.(price|total)$|^amount$/,
};

describe('hostile input, field by field (fast-check)', () => {
  for (const route of ROUTES) {
    it(`${route.name}: every broken field is a 4xx naming it${route.signed ? ' (a signed webhook: a logged 2xx)' : ''}, never a 5xx, and nothing is stored`, async () => {
      const before = await stored();
      const fields = leaves(route.body());
      let unusable = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), hostile, async (at, value) => {
          const text = bodyText(replaced(route.body(), at, value));
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (route.admin) headers.authorization = `Bearer ${token}`;
          if (route.signed) headers['x-razorpay-signature'] = createHmac('sha256', KEYS.webhookSecret).update(text).digest('hex');
          const rowsBefore = route.signed ? await stored() : undefined;
          const response = await fetch(`${gateway.url}${route.path()}`, { method: route.method, headers, body: text });
          const answer = (await response.json()) as { success: boolean; error?: string; fields?: Record<string, string>; outcome?: string };
          const where = `${route.name} ${at.join('.')} = ${text.length > 200 ? `${text.slice(0, 200)}...` : text}`;
          expect(response.status, where).toBeLessThan(500);
          if (route.signed) {
            // A field the shop does not read (the account, the currency, a note) leaves the event usable;
            // one it cannot use is acknowledged (so Razorpay stops sending it) and stores nothing.
            expect(response.status, where).toBe(200);
            if (answer.outcome === 'unusable') {
              unusable++;
              expect(await stored(), where).toEqual(rowsBefore);
            }
            return;
          }
          expect(response.status, where).toBeGreaterThanOrEqual(400);
          expect(answer.success, where).toBe(false);
          expect(typeof answer.error, where).toBe('string');
          const field = at.join('.');
          if (response.status === 400 && answer.fields && !NAMED_ELSEWHERE[route.name]?.test(field)) {
            const named = Object.keys(answer.fields).some((key) => key === field || field.startsWith(`${key}.`) || key.startsWith(`${field}.`));
            expect(named, `${where}: fields ${JSON.stringify(answer.fields)}`).toBe(true);
          }
        }),
        { numRuns: RUNS, seed: 20261128, endOnFailure: true, examples: route.examples ?? [] },
      );
      if (route.signed) expect(unusable).toBeGreaterThan(RUNS / 4);
      else expect(await stored()).toEqual(before);
    }, 180_000);
  }
});
