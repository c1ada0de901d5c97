import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@pickles/test-kit';
import { OWNER_EMAIL, startPurchaseHarness, type PurchaseHarness } from './harness.js';

/**
 * PostgreSQL connections terminated (a failover, a restart, a network blip) and Redis paused while
 * shoppers pay: nothing crashes (every app runs in this test's process, so an unheard 'error' event
 * would fail it), requests that hit the outage answer a JSON 503, readiness fails during the outage
 * and recovers by itself, and every captured payment still ends paid once with one confirmation.
 */
let h: PurchaseHarness;
let admin: pg.Client;
const database = () => new URL(process.env.DATABASE_URL!).pathname.slice(1);

beforeAll(async () => {
  h = await startPurchaseHarness();
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
});
afterAll(async () => {
  await admin.query(`alter database ${database()} allow_connections true`).catch(() => undefined);
  await admin.end();
  await h.close();
});

const terminateShopConnections = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database()]);
const health = async (url: string) => {
  const response = await fetch(`${url}/health`);
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, { status: string }> } };
};

describe('dependency outages', () => {
  it('connections terminated again and again during checkouts, verifies, webhooks and e-mails: every payment ends paid once, confirmed once', async () => {
    let terminating = true;
    let terminations = 0;
    // The outage blinks: for 300 ms the shop's connections are cut every 50 ms, then the database
    // is left alone for 200-600 ms, again and again. Cutting every 50 ms without a pause would starve
    // any checkout slower than 50 ms on a loaded machine, which no real outage does for ever.
    const terminator = (async () => {
      while (terminating) {
        const burstEnds = Date.now() + 300;
        while (terminating && Date.now() < burstEnds) {
          terminations += (await terminateShopConnections()).rows.filter((row) => row.pg_terminate_backend).length;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 400));
      }
    })();
    const statuses: number[] = [];
    const refusals: string[] = [];
    const orders = [];
    try {
      // Twelve purchases, and more (up to 40) until the database has been cut under them more than ten
      // times: on a fast machine twelve can finish between a few blinks.
      for (let i = 0; i < 12 || (terminations <= 10 && i < 40); i++) {
        // A shopper's retry: the same checkout again until it is answered (503 while the database blinks).
        const order = await eventually(
          async () =>
            h.createOrder().catch((error: Error) => {
              refusals.push(error.message);
              return undefined;
            }),
          20_000,
        ).catch((error: Error) => {
          throw new Error(`${error.message}; the checkout's last answers: ${refusals.slice(-3).join(' | ')}`);
        });
        const payment = await h.pay(order.razorpayOrderId);
        const verified = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
        statuses.push(verified.status);
        orders.push(order);
      }
    } finally {
      terminating = false;
      await terminator;
    }
    // A checkout the outage refused was a clean 503, never a crash or a 500.
    expect(refusals.filter((refusal) => !refusal.startsWith('create-order answered 503')), refusals.join('\n')).toEqual([]);
    // The outage was real: the database was cut under the purchase path many times.
    expect(terminations).toBeGreaterThan(10);
    // Every answer was a success or a clean 503, never a crash or a 500.
    expect(statuses.every((status) => status === 200 || status === 503), String(statuses)).toBe(true);
    // Whatever the browser's verify missed, the webhooks (retried by Razorpay) and the reconciler settle.
    await h.reconcile();
    for (const order of orders) {
      await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'paid', 20_000);
      await eventually(async () => h.emailsFor(order.orderNumber).length === 2, 20_000);
    }
    await h.drained(20_000);
    for (const order of orders) {
      const emails = h.emailsFor(order.orderNumber);
      expect(emails.filter((email) => !email.to.includes(OWNER_EMAIL)), order.orderNumber).toHaveLength(1);
      expect(emails.filter((email) => email.to.includes(OWNER_EMAIL)), order.orderNumber).toHaveLength(1);
      expect(await h.outboxFor((await h.order(order.orderNumber)).id)).toBe(1);
    }
  }, 120_000);

  it('PostgreSQL refusing connections: requests answer a JSON 503, readiness fails, and both recover by themselves', async () => {
    await admin.query(`alter database ${database()} allow_connections false`);
    try {
      await terminateShopConnections();
      const during = await health(h.payments.url);
      expect(during.status, JSON.stringify(during.body)).toBe(503);
      expect(during.body.checks.postgres!.status).toBe('fail');
      const refused = await h.verify({ razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_payment_id: 'pay_ABCDEFGHIJKLMN', razorpay_signature: 'a'.repeat(64) });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ success: false, error: 'The shop is briefly unavailable. Please try again in a moment.' });
    } finally {
      await admin.query(`alter database ${database()} allow_connections true`);
    }
    await eventually(async () => (await health(h.payments.url)).status === 200, 15_000);
    await eventually(async () => (await health(h.checkout.url)).status === 200, 15_000);
  });

  it('Redis paused: readiness fails while it is away and recovers; a payment made meanwhile is confirmed once', async () => {
    const pauser = h.redis.duplicate();
    await pauser.call('CLIENT', 'PAUSE', '3000', 'ALL');
    const order = await h.createOrder();
    await h.pay(order.razorpayOrderId);
    const during = await health(h.payments.url);
    expect(during.status).toBe(503);
    expect(during.body.checks.redis!.status).toBe('fail');
    await eventually(async () => (await health(h.payments.url)).status === 200, 15_000);
    pauser.disconnect();
    await eventually(async () => h.emailsFor(order.orderNumber).length === 2, 20_000);
    await h.drained(20_000);
    expect(h.emailsFor(order.orderNumber).filter((email) => !email.to.includes(OWNER_EMAIL))).toHaveLength(1);
  });
});
