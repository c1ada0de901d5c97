import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, type Db } from '@pickles/db';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { createMailer } from '@pickles/notifications/mailer';
import { settlePayment } from '@pickles/payments/settle-payment';
import { releaseLapsedHoldsOnce } from '@pickles/payments/stock-holds';
import { createLogger } from '@pickles/service-kit';
import { createTestDatabase, insertOrder, type TestDatabase } from '@pickles/test-kit';
import { dailySummaryOnce, type DailySummaryDeps } from '../../services/notifications/src/daily-summary.js';
import { startPurchaseHarness } from './purchase/harness.js';

/**
 * Background work that every replica runs, run by two "replicas" at the same moment (each with its
 * own connection pool, as two processes have). The whole stack with two replicas of everything is
 * in two-replicas.test.ts.
 */
describe('the owner\'s daily summary with two notifications replicas', () => {
  let database: TestDatabase;
  let catcher: RunningMailCatcher;
  const pools: Db[] = [];

  beforeAll(async () => {
    // The summary lists every paid order in its database: a database of its own.
    database = await createTestDatabase(process.env.DATABASE_URL);
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await catcher.close();
    await database.drop();
  });

  const replica = (): DailySummaryDeps => {
    const db = createDb({ connectionString: database.url, max: 2 });
    pools.push(db);
    return {
      db,
      mailer: createMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, 'Royal Pickles <orders@royalpickles.in>'),
      logger: createLogger('test', 'silent'),
      ownerEmail: 'owner@royalpickles.in',
      shopUrl: 'https://www.royalpickles.in',
      mailDomain: 'royalpickles.in',
    };
  };

  it('goes out once a day when both look at the same moment', async () => {
    const [first, second] = [replica(), replica()];
    await insertOrder(first.db, { paidAt: new Date('2026-11-20T10:00:00+05:30') });
    const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    for (const day of days) {
      const now = new Date(`${day}T09:30:00+05:30`);
      const results = await Promise.all([dailySummaryOnce(first, { hour: 9, now }), dailySummaryOnce(second, { hour: 9, now })]);
      // One sends; the other finds the day's claim taken (still sending, or sent).
      expect(results.filter((result) => result === 'sent'), `${day}: ${results}`).toHaveLength(1);
      expect(results.every((result) => ['sent', 'in-flight', 'already-sent'].includes(result))).toBe(true);
    }
    const summaries = catcher.store.list({ to: 'owner@royalpickles.in' });
    expect(summaries.map((mail) => mail.subject).sort()).toEqual(['24 Nov 2026', '25 Nov 2026', '26 Nov 2026', '27 Nov 2026'].map((day) => `1 paid order to dispatch (${day})`));
  });
});

describe('confirmations on two payments replicas at once', () => {
  it('a capture of an order whose jars were given back and one of an order still holding them never wait for each other crosswise', async () => {
    // A database of its own: the hold release below looks at every order in it.
    const database = await createTestDatabase();
    const shared = process.env.DATABASE_URL;
    process.env.DATABASE_URL = database.url;
    // Webhooks held: only these settles touch the orders.
    const h = await startPurchaseHarness({ knobs: { withholdWebhooks: true } });
    // As many connections as settles at once, as two busy payments replicas have between them.
    const db = createDb({ connectionString: database.url, max: 16 });
    try {
      const pairs = [];
      for (let i = 0; i < 8; i++) {
        const [holding, released] = [await h.createOrder(1), await h.createOrder(1)];
        pairs.push({ holding, released, holdingPayment: await h.pay(holding.razorpayOrderId), releasedPayment: await h.pay(released.razorpayOrderId) });
      }
      // The hold of every second order ran out: its jars went back to the batch (a declined card does the same).
      await sql`update orders set created_at = created_at - interval '2 hours' where order_number in (${sql.join(pairs.map((pair) => pair.released.orderNumber))})`.execute(db);
      expect(await releaseLapsedHoldsOnce(db, { holdMinutes: 30 })).toBe(pairs.length);
      const capture = (order: { razorpayOrderId: string; amountPaise: number }, paymentId: string) =>
        settlePayment(db, { razorpayOrderId: order.razorpayOrderId, observation: { kind: 'captured', paymentId, amountPaise: order.amountPaise }, source: 'webhook' });
      // The first takes the invoice number, then sells its reserved jars; the second takes its jars
      // back, then the invoice number. In opposite orders, PostgreSQL would abort one as a deadlock.
      const outcomes = await Promise.allSettled(
        pairs.flatMap((pair) => [capture(pair.holding, pair.holdingPayment.paymentId), capture(pair.released, pair.releasedPayment.paymentId)]),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
      expect(outcomes.every((outcome) => outcome.status === 'fulfilled' && outcome.value.confirmed)).toBe(true);
    } finally {
      await db.destroy();
      await h.close();
      process.env.DATABASE_URL = shared;
      await database.drop();
    }
  });
});
