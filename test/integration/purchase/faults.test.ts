import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { createRedis } from '@pickles/service-kit';
import { eventually } from '@pickles/test-kit';
import { startOutboxRelay } from '@pickles/outbox-relay';
import { OWNER_EMAIL, silentLogger, startPurchaseHarness, type PurchaseHarness } from './harness.js';

let h: PurchaseHarness;
/** The order an outbox row's event is about. */
const eventOrderId = sql<string>`payload->'data'->>'orderId'`;

beforeAll(async () => {
  h = await startPurchaseHarness({ knobs: { withholdWebhooks: true } });
});
afterAll(async () => {
  await h.close();
});

describe('infrastructure faults on the way from payment to e-mail', () => {
  it('when Redis is down during verify, the order is paid at once and the outbox delivers the event later', async () => {
    await h.relay.stop();
    const deadRedis = createRedis('redis://127.0.0.1:1', 'dead');
    const downRelay = startOutboxRelay({ db: h.db, connection: deadRedis, prefix: h.prefix, logger: silentLogger, pollMs: 60_000, publishTimeoutMs: 500 });
    h.useRelay(downRelay);
    const order = await h.createOrder();
    const payment = await h.pay(order.razorpayOrderId);
    const response = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
    expect(response.status).toBe(200);
    const row = await h.order(order.orderNumber);
    expect(row.payment_status).toBe('paid');

    expect((await downRelay.runOnce()).published).toBe(0);
    const pending = await eventually(async () => {
      const outbox = await h.db.selectFrom('outbox_events').select(['published_at', 'attempts']).where(eventOrderId, '=', row.id).executeTakeFirstOrThrow();
      return outbox.attempts >= 1 ? outbox : undefined;
    });
    expect(pending.published_at).toBeNull();
    await downRelay.stop();
    deadRedis.disconnect();
    expect(h.emailsFor(order.orderNumber)).toHaveLength(0);

    // Redis is back, later: this order's row is due, and any claim a relay had on it has run out. Only
    // this row: rows other files in this database left waiting would otherwise come due with it, and
    // the relay publishes the oldest first.
    await h.db.updateTable('outbox_events').set({ available_at: new Date(0), claimed_until: null }).where(eventOrderId, '=', row.id).where('published_at', 'is', null).execute();
    const relay = startOutboxRelay({ db: h.db, connection: h.redis, prefix: h.prefix, logger: silentLogger, pollMs: 100 });
    h.useRelay(relay);
    try {
      await eventually(async () => {
        if (h.emailsFor(order.orderNumber).length === 2) return true;
        // If it never happens, the failure says where the event stopped.
        const outbox = await h.db.selectFrom('outbox_events').select(['published_at', 'attempts', 'claimed_until', 'last_error']).where(eventOrderId, '=', row.id).executeTakeFirst();
        throw new Error(`${h.emailsFor(order.orderNumber).length} e-mails; outbox row ${JSON.stringify(outbox)}; queue ${JSON.stringify(await h.queue.getJobCounts())}`);
      }, 20_000);
      await h.drained();
      expect(h.emailsFor(order.orderNumber)).toHaveLength(2);
    } finally {
      await relay.stop();
    }
  });

  it('when the worker is killed in the middle of a job, another worker finishes it and each e-mail goes out once', async () => {
    await h.worker.close();
    const relay = startOutboxRelay({ db: h.db, connection: h.redis, prefix: h.prefix, logger: silentLogger, pollMs: 100 });
    // The SMTP server is slow, so the job is still sending when the worker dies.
    h.mail.controls.delayMs = 5_000;
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'worker-process.ts')], {
      env: { ...process.env, QUEUE_PREFIX: h.prefix, SMTP_URL: `smtp://127.0.0.1:${h.mail.smtpPort}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    try {
      const order = await h.createOrder();
      const payment = await h.pay(order.razorpayOrderId);
      await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
      await eventually(async () => output.includes('active'), 15_000);
      // Mid-send: an e-mail claimed ('sending') and its SMTP conversation held by the slow server.
      const orderId = (await h.order(order.orderNumber)).id;
      await eventually(async () => (await h.db.selectFrom('sent_emails').select('id').where('order_id', '=', orderId).where('state', '=', 'sending').execute()).length > 0, 15_000, 20);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      h.mail.controls.delayMs = 0;
      expect(h.emailsFor(order.orderNumber)).toHaveLength(0);

      const restarted = h.startWorker();
      try {
        await eventually(async () => h.emailsFor(order.orderNumber).length === 2, 20_000);
        await h.drained();
      } finally {
        // The next test runs its own workers: this one must not take their jobs.
        await restarted.close();
      }
      const emails = h.emailsFor(order.orderNumber);
      expect(emails).toHaveLength(2);
      expect(emails.filter((email) => email.to.includes(OWNER_EMAIL))).toHaveLength(1);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      h.mail.controls.delayMs = 0;
      await relay.stop();
    }
  });

  it('when the worker dies twice while the same jobs run, every paid order still gets one confirmation and one alert', async () => {
    const relay = startOutboxRelay({ db: h.db, connection: h.redis, prefix: h.prefix, logger: silentLogger, pollMs: 100 });
    h.mail.controls.delayMs = 5_000;
    const here = path.dirname(fileURLToPath(import.meta.url));
    const startChild = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'worker-process.ts')], {
        env: { ...process.env, QUEUE_PREFIX: h.prefix, SMTP_URL: `smtp://127.0.0.1:${h.mail.smtpPort}` },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const seen = { output: '' };
      child.stdout.on('data', (chunk) => (seen.output += chunk));
      return { child, seen };
    };
    const kill = async (child: ReturnType<typeof spawn>) => {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    };
    const orders = [];
    const first = startChild();
    let second: ReturnType<typeof startChild> | undefined;
    try {
      for (let i = 0; i < 3; i++) {
        const order = await h.createOrder();
        const payment = await h.pay(order.razorpayOrderId);
        await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: payment.paymentId, razorpay_signature: payment.signature! });
        orders.push(order);
      }
      // Dies mid-send, twice: the stalled job comes back to the next worker, which dies too.
      await eventually(async () => first.seen.output.includes('active'), 15_000);
      await kill(first.child);
      second = startChild();
      await eventually(async () => second!.seen.output.includes('active'), 15_000).catch((error: unknown) => {
        throw new Error(`second worker never took a job (first: ${first.seen.output.trim()}; second: ${second!.seen.output.trim()}): ${String(error)}`);
      });
      await kill(second.child);
      h.mail.controls.delayMs = 0;
      for (const order of orders) expect(h.emailsFor(order.orderNumber)).toHaveLength(0);

      h.startWorker();
      for (const order of orders) await eventually(async () => h.emailsFor(order.orderNumber).length === 2, 20_000);
      await h.drained();
      for (const order of orders) {
        const emails = h.emailsFor(order.orderNumber);
        expect(emails.filter((email) => email.to.includes(OWNER_EMAIL)), order.orderNumber).toHaveLength(1);
        expect(emails.filter((email) => !email.to.includes(OWNER_EMAIL)), order.orderNumber).toHaveLength(1);
      }
    } finally {
      for (const run of [first, second]) if (run && run.child.exitCode === null) run.child.kill('SIGKILL');
      h.mail.controls.delayMs = 0;
      await relay.stop();
    }
  });
});
