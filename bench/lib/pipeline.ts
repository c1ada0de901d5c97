import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createDb, newOrderColumns, outboxRowOf, sql, type Db } from '@pickles/db';
import { newEventEnvelope, PAYMENT_VERIFIED, PAYMENT_VERIFIED_VERSION, QUEUES, type PaymentVerifiedV1 } from '@pickles/shared';
import type { BenchStack } from './stack.js';
import { sleep } from './stats.js';

/**
 * The event pipeline of a bench stack as the bench sees it: the outbox (PostgreSQL) and the
 * notifications queue (BullMQ on the stack's Redis prefix). One per run; close it at the end.
 */
export interface BenchPipeline {
  db: Db;
  /** Unpublished outbox rows and notification jobs not yet finished (waiting, active, delayed). */
  backlog: () => Promise<{ outbox: number; jobs: number }>;
  /**
   * Resolves once the outbox has no unpublished row and the queue no unfinished job, so a suite is
   * measured on an idle pipeline and not behind the e-mails of the one before; returns the wait.
   */
  drained: (timeoutMs?: number) => Promise<number>;
  close: () => Promise<void>;
}

export function openPipeline(stack: BenchStack): BenchPipeline {
  const db = createDb({ connectionString: stack.database.url, max: 2, applicationName: 'bench' });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  redis.on('error', () => {});
  const queue = new Queue(QUEUES.notifications, { connection: redis, prefix: stack.redisPrefix });
  queue.on('error', () => {});
  const backlog = async () => {
    const row = await db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<number>().as('n')).where('published_at', 'is', null).executeTakeFirstOrThrow();
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    return { outbox: Number(row.n), jobs: Object.values(counts).reduce((sum, n) => sum + n, 0) };
  };
  return {
    db,
    backlog,
    drained: async (timeoutMs = 600_000) => {
      const started = performance.now();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = await backlog();
        if (left.outbox === 0 && left.jobs === 0) return performance.now() - started;
        if (Date.now() > deadline) throw new Error(`the event pipeline did not drain within ${timeoutMs / 1000} s (${left.outbox} outbox rows, ${left.jobs} jobs left)`);
        await sleep(250);
      }
    },
    close: async () => {
      await queue.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}

/**
 * `count` paid orders and their payment.verified events written straight into the database in one
 * transaction, as if that many payments had settled at once while the relay or worker was down: the
 * backlog a launch leaves. Returns the orders and the database clock right after the commit.
 */
export async function insertPaidBacklog(db: Db, count: number): Promise<{ orderIds: string[]; customerEmails: string[]; committedAt: Date }> {
  const run = randomBytes(3).toString('hex');
  const now = new Date();
  const orders = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const quantity = 1 + (i % 3);
    const subtotal = 50_000 * quantity;
    const shipping = 5_000 + 5_000 * quantity;
    return {
      id,
      quantity,
      subtotal,
      shipping,
      orderNumber: `RPBL${run.toUpperCase()}-${String(i).padStart(5, '0')}`,
      email: `backlog${run}${i}@example.com`,
      paymentId: `pay_Backlog${run}${String(i).padStart(6, '0')}`,
      razorpayOrderId: `order_Backlog${run}${String(i).padStart(6, '0')}`,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < orders.length; start += 500) {
      const batch = orders.slice(start, start + 500);
      await trx
        .insertInto('orders')
        .values(
          batch.map((o, i) => ({
            id: o.id,
            ...newOrderColumns({
              orderNumber: o.orderNumber,
              razorpayPaymentId: o.paymentId,
              name: `Backlog Shopper ${start + i}`,
              email: o.email,
              phone: `98${String(start + i).padStart(8, '0')}`,
              createdAt: now,
              address: { flatNumber: `Flat ${1 + ((start + i) % 90)}`, street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
              itemNames: ['Royal Chicken Pickle'],
            }),
            razorpay_order_id: o.razorpayOrderId,
            subtotal_paise: o.subtotal,
            shipping_paise: o.shipping,
            amount_paise: o.subtotal + o.shipping,
            status: 'paid',
            payment_status: 'paid',
            updated_at: now,
            paid_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('order_items')
        .values(batch.map((o) => ({ order_id: o.id, product_id: 1, name: 'Royal Chicken Pickle', quantity: o.quantity, unit_price_paise: 50_000, line_total_paise: 50_000 * o.quantity })))
        .execute();
      await trx
        .insertInto('outbox_events')
        .values(
          batch.map((o) => {
            const data: PaymentVerifiedV1 = { orderId: o.id, orderNumber: o.orderNumber, razorpayOrderId: o.razorpayOrderId, razorpayPaymentId: o.paymentId, amountPaise: o.subtotal + o.shipping, source: 'verify' };
            return outboxRowOf(newEventEnvelope(PAYMENT_VERIFIED, PAYMENT_VERIFIED_VERSION, data, now.toISOString()));
          }),
        )
        .execute();
    }
  });
  const { rows } = await sql<{ at: Date }>`select clock_timestamp() as at`.execute(db);
  return { orderIds: orders.map((o) => o.id), customerEmails: orders.map((o) => o.email), committedAt: rows[0]!.at };
}

/** How many of these orders' e-mails are recorded as sent (SMTP accepted them), and when the last one was. */
export async function sentEmailsOf(db: Db, orderIds: string[]): Promise<{ sent: number; confirmations: number; lastSentAt: Date | null; lastConfirmationAt: Date | null }> {
  const row = await db
    .selectFrom('sent_emails')
    .select((eb) => [
      eb.fn.countAll<number>().as('sent'),
      sql<number>`count(*) filter (where kind = 'order-confirmation')`.as('confirmations'),
      eb.fn.max('sent_at').as('last_sent_at'),
      sql<Date | null>`max(sent_at) filter (where kind = 'order-confirmation')`.as('last_confirmation_at'),
    ])
    .where(sql<boolean>`order_id = any(${orderIds}::uuid[])`)
    .where('state', '=', 'sent')
    .executeTakeFirstOrThrow();
  return { sent: Number(row.sent), confirmations: Number(row.confirmations), lastSentAt: row.last_sent_at ? new Date(row.last_sent_at) : null, lastConfirmationAt: row.last_confirmation_at ? new Date(row.last_confirmation_at) : null };
}

/**
 * CPU seconds used so far by each part of the machine (Linux /proc; empty elsewhere): the shop's
 * processes by their entry file, PostgreSQL and Redis, this bench, and everything else (other work on
 * a shared machine). The difference of two readings says where a figure's time went.
 */
export function cpuByProcess(stackPrefix?: string): Record<string, number> {
  const totals: Record<string, number> = {};
  if (!existsSync('/proc/self/stat')) return totals;
  const ticksPerSecond = 100;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // Another shop on the machine (npm start, an e-mail test run) has the same entry files: only
      // processes of this bench's stack (its Redis prefix) count under their own names.
      const ours = !stackPrefix || readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`REDIS_PREFIX=${stackPrefix}\0`);
      const shopPart = /services\/(\w[\w-]*)\/src\/index\.ts/.exec(cmdline)?.[1] ?? (cmdline.includes('mail-catcher') ? 'mail-catcher' : cmdline.includes('gateway/src') ? 'gateway' : undefined);
      const part =
        Number(pid) === process.pid ? 'bench'
        : shopPart ? (ours ? shopPart : 'other')
        : comm.startsWith('postgres') ? 'postgres' : comm.startsWith('redis') ? 'redis' : 'other';
      totals[part] = (totals[part] ?? 0) + seconds;
    } catch {
      // The process ended while we looked.
    }
  }
  return totals;
}
