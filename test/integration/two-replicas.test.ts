import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { eventually, orderPayload, postJson } from '@pickles/test-kit';
import { linesOf, requestsServed, startTwoReplicaStack, type TwoReplicaStack } from './two-replicas-stack.js';

/**
 * Two replicas of every service behind the gateway, under a purchase load with webhooks
 * delivered twice, shuffled and side by side, payments verified twice at once, payments settled
 * only by the reconcilers of both payments replicas at once, and declined cards paid on a retry.
 * What a shopper and the owner would notice: one order per checkout, each paid order paid,
 * confirmed, e-mailed and invoiced exactly once. Plus: the admin lockout counts across replicas.
 */
let stack: TwoReplicaStack;

/** Orders older than this are asked about at Razorpay; the test moves the clock of the ones it wants checked. */
const RECONCILE_AFTER_SECONDS = 60;

beforeAll(async () => {
  stack = await startTwoReplicaStack({
    RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER_SECONDS),
    // Both payments replicas look every second: their passes overlap.
    RECONCILE_INTERVAL_SECONDS: '1',
    RETRY_BASE_MS: '200',
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/**
 * What a shopper does: `verify` pays and the browser verifies; `verify-twice` double-clicks both
 * create-order and the verify; `late` pays and closes the tab (only Razorpay's webhooks or the
 * reconciler can tell the shop); `declined-then-paid` has a card declined, reported by the browser,
 * then pays on a retry; `abandoned` has a card declined and leaves.
 */
type Plan = 'verify' | 'verify-twice' | 'late' | 'declined-then-paid' | 'abandoned';

interface Shopper {
  plan: Plan;
  orderNumber: string;
  razorpayOrderId: string;
  /** Every answer the shopper got from the shop, by what it was for. */
  answers: { call: string; status: number; body: any }[];
}

const api = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(`${stack.origin}${path}`, body, headers);

async function sandboxPayment(razorpayOrderId: string, status: 'captured' | 'failed') {
  const response = await postJson(`${stack.sandboxUrl}/sandbox/payments`, { order_id: razorpayOrderId, status, ...(status === 'failed' ? { failure_reason: 'card_declined' } : {}) });
  if (response.status !== 200) throw new Error(`sandbox payment answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { razorpay_payment_id: string; razorpay_signature?: string; error?: { description: string } };
}

async function shop(plan: Plan): Promise<Shopper> {
  const answers: Shopper['answers'] = [];
  const call = async (name: string, path: string, body: unknown, headers?: Record<string, string>) => {
    const response = await api(path, body, headers);
    answers.push({ call: name, status: response.status, body: response.body });
    return response;
  };
  const key = randomUUID();
  const payload = orderPayload(1 + Math.floor(Math.random() * 3));
  const clicks = plan === 'verify-twice' ? 2 : 1;
  const [created] = await Promise.all(Array.from({ length: clicks }, () => call('create-order', '/api/payment/create-order', payload, { 'idempotency-key': key })));
  const { orderId: orderNumber, razorpayOrderId } = created!.body as { orderId: string; razorpayOrderId: string };
  const shopper = { plan, orderNumber, razorpayOrderId, answers };
  if (plan === 'declined-then-paid' || plan === 'abandoned') {
    const declined = await sandboxPayment(razorpayOrderId, 'failed');
    await call('payment-failed', '/api/payment/payment-failed', { razorpay_order_id: razorpayOrderId, razorpay_payment_id: declined.razorpay_payment_id, error: { description: declined.error?.description } });
    if (plan === 'abandoned') return shopper;
  }
  const paid = await sandboxPayment(razorpayOrderId, 'captured');
  if (plan === 'late') return shopper;
  const proof = { razorpay_order_id: razorpayOrderId, razorpay_payment_id: paid.razorpay_payment_id, razorpay_signature: paid.razorpay_signature };
  await Promise.all(Array.from({ length: plan === 'verify-twice' ? 2 : 1 }, () => call('verify', '/api/payment/verify-payment', proof)));
  return shopper;
}

const plans = (counts: Partial<Record<Plan, number>>): Plan[] => Object.entries(counts).flatMap(([plan, n]) => Array<Plan>(n).fill(plan as Plan));
const setKnobs = (knobs: Record<string, unknown>) => postJson(`${stack.sandboxUrl}/sandbox/knobs`, knobs);
const sumOf = (lines: Record<string, unknown>[], field: string) => lines.reduce((total, line) => total + Number(line[field] ?? 0), 0);

describe('two replicas of every service', () => {
  it('a purchase load with webhooks duplicated and reordered: one order per checkout, each paid order confirmed, e-mailed and invoiced once', async () => {
    // Razorpay's worst: every webhook twice, in a random order, eight at a time (protocol §6).
    await setKnobs({ withholdWebhooks: true, duplicateWebhooks: true, reorderWebhooks: 'shuffle', webhookConcurrency: 8, webhookDelayMs: 0, webhookRetryBaseMs: 200 });

    // Wave 1, webhooks held back: more shoppers close the tab than one reconciler pass takes (25).
    const first = await Promise.all(plans({ late: 26, verify: 5, 'verify-twice': 3, abandoned: 3 }).map(shop));
    const lateOnes = first.filter((shopper) => shopper.plan === 'late');
    const orderIdOf = async (orderNumber: string) => (await stack.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).id;
    expect(await Promise.all(lateOnes.map(async (s) => (await stack.db.selectFrom('orders').select('payment_status').where('order_number', '=', s.orderNumber).executeTakeFirstOrThrow()).payment_status))).toEqual(lateOnes.map(() => 'pending'));

    // The clock moves on for them: all due for a check at once, on both payments replicas' next passes.
    await sql`update orders set created_at = created_at - make_interval(secs => ${RECONCILE_AFTER_SECONDS * 2}) where order_number in (${sql.join(lateOnes.map((s) => s.orderNumber))})`.execute(stack.db);
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders where payment_status = 'paid' and order_number in (${sql.join(lateOnes.map((s) => s.orderNumber))})`.execute(stack.db);
      return rows[0]!.n === lateOnes.length;
    }, 30_000);
    // Each replica took its own share (SKIP LOCKED): every order claimed once, confirmed by one of them.
    const reconciled = await eventually(async () => {
      const paid = stack.replicas('payments').map((name) => sumOf(linesOf(stack, name, 'reconcile pass'), 'paid'));
      return paid[0]! + paid[1]! >= lateOnes.length && paid;
    });
    expect(reconciled[0]! + reconciled[1]!).toBe(lateOnes.length);
    expect(reconciled.every((paid) => paid > 0), `orders paid by each payments replica's reconciler: ${reconciled}`).toBe(true);
    const { rows: claims } = await sql<{ attempts: number }>`select reconcile_attempts as attempts from orders where order_number in (${sql.join(lateOnes.map((s) => s.orderNumber))})`.execute(stack.db);
    expect(claims.map((row) => row.attempts)).toEqual(lateOnes.map(() => 1));

    // Wave 2 with webhooks live, while the held ones of wave 1 arrive shuffled and twice.
    await setKnobs({ withholdWebhooks: false });
    await postJson(`${stack.sandboxUrl}/sandbox/webhooks/release`, {});
    const second = await Promise.all(plans({ verify: 8, 'declined-then-paid': 3, late: 5, abandoned: 2 }).map(shop));
    const shoppers = [...first, ...second];
    await stack.drained(60_000);

    // Every answer a shopper got was a success; the two clicks of one checkout got the same order.
    for (const shopper of shoppers) {
      for (const answer of shopper.answers) expect(answer.status, `${shopper.plan} ${answer.call}: ${JSON.stringify(answer.body)}`).toBe(answer.call === 'create-order' ? 201 : 200);
      const created = shopper.answers.filter((answer) => answer.call === 'create-order').map((answer) => [answer.body.orderId, answer.body.razorpayOrderId]);
      expect(new Set(created.map(String)).size).toBe(1);
    }

    // One order per checkout; every order that was paid is paid, once.
    const orders = await stack.db.selectFrom('orders').select(['id', 'order_number', 'status', 'payment_status']).execute();
    expect(orders.map((order) => order.order_number).sort()).toEqual(shoppers.map((shopper) => shopper.orderNumber).sort());
    const paidShoppers = shoppers.filter((shopper) => shopper.plan !== 'abandoned');
    const paidIds = new Set(await Promise.all(paidShoppers.map((shopper) => orderIdOf(shopper.orderNumber))));
    for (const order of orders) expect([order.order_number, order.status, order.payment_status]).toEqual([order.order_number, ...(paidIds.has(order.id) ? ['paid', 'paid'] : ['failed', 'failed'])]);
    const { rows: paidHistory } = await sql<{ order_id: string; n: number }>`select order_id, count(*)::int as n from order_status_history where to_payment_status = 'paid' group by order_id`.execute(stack.db);
    expect(new Set(paidHistory.map((row) => row.order_id))).toEqual(paidIds);
    expect(paidHistory.every((row) => row.n === 1)).toBe(true);

    // One event per (type, order); one payment.verified per paid order; nothing for the owner to look into.
    const { rows: events } = await sql<{ type: string; order_id: string; n: number }>`
      select type, payload->'data'->>'orderId' as order_id, count(*)::int as n from outbox_events group by 1, 2`.execute(stack.db);
    expect(events.filter((row) => row.n > 1)).toEqual([]);
    expect(new Set(events.filter((row) => row.type === 'payment.verified').map((row) => row.order_id))).toEqual(paidIds);
    expect(events.filter((row) => row.type !== 'payment.verified')).toEqual([]);
    expect(await stack.db.selectFrom('payment_attention').select('id').execute()).toEqual([]);

    // One tax invoice per paid order, numbered 1..N with no gap or repeat.
    const invoices = await stack.db.selectFrom('tax_documents').select(['order_id', 'sequence', 'kind']).execute();
    expect(invoices.every((invoice) => invoice.kind === 'invoice')).toBe(true);
    expect(invoices.map((invoice) => invoice.order_id).sort()).toEqual([...paidIds].sort());
    expect(invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual(invoices.map((_, index) => index + 1));

    // One confirmation per paid order to its shopper, one alert to the owner, nothing else.
    const { messages } = (await (await fetch(`${stack.mailUrl}/api/messages`)).json()) as { messages: { subject: string; to: string[] }[] };
    for (const shopper of shoppers) {
      const about = messages.filter((message) => message.subject.includes(shopper.orderNumber));
      const expected = shopper.plan === 'abandoned' ? [] : [`New paid order ${shopper.orderNumber}`, `Your Royal Pickles order ${shopper.orderNumber} is confirmed`];
      expect(about.map((message) => message.subject.replace(/^(New paid order \S+): .*$/, '$1')).sort(), shopper.plan).toEqual(expected);
    }
    expect(messages).toHaveLength(2 * paidIds.size);

    // Every webhook arrived twice and was answered 2xx each time; each event counted once.
    const sandbox = (await (await fetch(`${stack.sandboxUrl}/sandbox/state`)).json()) as { webhooks: { events: { id: string }[]; deliveries: { eventId: string; ok: boolean; statusCode: number | null }[] } };
    const failedDeliveries = sandbox.webhooks.deliveries.filter((delivery) => !delivery.ok);
    expect(failedDeliveries, 'webhook deliveries the shop did not take').toEqual([]);
    expect(sandbox.webhooks.deliveries.length).toBe(2 * sandbox.webhooks.events.length);
    const processed = await stack.db.selectFrom('processed_webhook_events').select('event_id').execute();
    expect(processed.map((row) => row.event_id).sort()).toEqual(sandbox.webhooks.events.map((event) => event.id).sort());

    // Both replicas of each service did the work: the gateway spread requests, the relays shared the
    // publishing (each event once between them), both notification workers sent e-mails.
    const [checkout1, checkout2] = stack.replicas('checkout').map((name) => requestsServed(stack, name, '/api/payment/create-order'));
    expect(Math.min(checkout1!, checkout2!), `create-orders served: ${checkout1} and ${checkout2}`).toBeGreaterThanOrEqual((checkout1! + checkout2!) / 4);
    const paymentCalls = (name: string) => ['/api/payment/verify-payment', '/api/payment/payment-failed', '/api/payment/webhook'].reduce((n, path) => n + requestsServed(stack, name, path), 0);
    const [payments1, payments2] = stack.replicas('payments').map(paymentCalls);
    expect(Math.min(payments1!, payments2!), `payment calls served: ${payments1} and ${payments2}`).toBeGreaterThanOrEqual((payments1! + payments2!) / 4);
    const eventCount = events.reduce((n, row) => n + row.n, 0);
    // Every service that writes events runs a relay (decision 030): six relays here, each event published once between them.
    const relays = (['checkout', 'payments', 'admin-orders'] as const).flatMap((service) => stack.replicas(service));
    const published = await eventually(async () => {
      const counts = relays.map((name) => sumOf(linesOf(stack, name, 'outbox relayed'), 'published'));
      return counts.reduce((sum, n) => sum + n, 0) >= eventCount && counts;
    });
    expect(published.reduce((sum, n) => sum + n, 0)).toBe(eventCount);
    expect(published.filter((n) => n > 0).length, `events published by each relay (${relays.join(', ')}): ${published}`).toBeGreaterThan(1);
    const handled = stack.replicas('notifications').map((name) => linesOf(stack, name, 'payment.verified handled').length);
    expect(handled.every((n) => n > 0), `payment.verified jobs handled by each worker: ${handled}`).toBe(true);
    expect(stack.exits).toEqual([]);
  }, 120_000);

  it('the admin lockout counts wrong passwords on both admin-orders replicas as one', async () => {
    const login = (password: string) => api('/api/admin/login', { username: 'admin', password });
    // LOGIN_MAX_FAILURES (5) wrong passwords, taken in turn by the two replicas.
    for (let attempt = 1; attempt <= 5; attempt++) expect((await login(`wrong-${attempt}`)).status).toBe(401);
    // Each replica's own log says how many it checked (a line may trail its answer a little).
    const failures = await eventually(async () => {
      const counts = stack.replicas('admin-orders').map((name) => linesOf(stack, name, 'admin login failed').length);
      return counts[0]! + counts[1]! === 5 && counts;
    });
    expect(failures.every((n) => n >= 2), `wrong passwords checked by each replica: ${failures}`).toBe(true);
    // The sixth try is refused whichever replica takes it, even with the right password.
    const refused = await login('wrong-6');
    expect(refused.status).toBe(429);
    const right = await login('pickles-admin');
    expect(right.status).toBe(429);
    expect(right.body.error).toMatch(/Too many failed login attempts/);
    // Both refusals came from the replicas' shared count, whichever of them answered.
    const answeredBy = await eventually(async () => {
      const counts = stack.replicas('admin-orders').map((name) => requestsServed(stack, name, '/api/admin/login'));
      return counts[0]! + counts[1]! === 7 && counts;
    });
    expect(Math.min(...answeredBy), `logins answered by each replica: ${answeredBy}`).toBeGreaterThanOrEqual(3);
  });
});
