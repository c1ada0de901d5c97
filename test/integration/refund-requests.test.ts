import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { eventually, insertRefundRequest, useOwnDatabase, type OwnDatabase } from '@pickles/test-kit';
import { submitRefundsOnce } from '@pickles/payments/refund-submitter';
import { silentLogger, startPurchaseHarness, type PurchaseHarness } from './purchase/harness.js';

/**
 * The owner's refunds reach Razorpay once and come back as one refund each, with the real
 * purchase path around them (checkout, payments with Razorpay's webhooks, the outbox relay), even
 * when the payments process dies between Razorpay's answer and its commit.
 *
 * This file runs in a database of its own: the submitter claims every due request in its database,
 * and other files' requests name payments this file's sandbox does not know (it would refuse them).
 */
let h: PurchaseHarness;
let database: OwnDatabase;

beforeAll(async () => {
  // The purchase harness (and the child process) connect to DATABASE_URL, which now names it.
  database = await useOwnDatabase();
  h = await startPurchaseHarness();
});
afterAll(async () => {
  await h?.close();
  await database?.release();
});

const submit = () => submitRefundsOnce({ db: h.db, razorpay: h.razorpay, logger: silentLogger, relay: h.relay });

const paidOrder = () => h.paidOrder();

/** What admin-orders commits when the owner confirms a refund. */
const requestRefund = (order: { id: string; paymentId: string }, amountPaise: number) => insertRefundRequest(h.db, order, amountPaise);

const request = (id: string) => h.db.selectFrom('refund_requests').select(['state', 'razorpay_refund_id', 'attempts', 'lease_until']).where('id', '=', id).executeTakeFirstOrThrow();
const refundRows = (orderId: string) => h.db.selectFrom('refunds').select(['razorpay_refund_id', 'amount_paise', 'status']).where('order_id', '=', orderId).orderBy('created_at').execute();
const madeAtRazorpay = (paymentId: string) => [...h.sandbox.state.refunds.values()].filter((refund) => refund.payment_id === paymentId);

/** The refund e-mail events of an order: kind, key and whether the relay has published them. */
async function shopperUpdates(orderId: string) {
  const rows = await h.db
    .selectFrom('outbox_events')
    .select([sql<string>`payload->'data'->>'kind'`.as('kind'), sql<string>`payload->'data'->>'dedupeKey'`.as('dedupeKey'), 'published_at'])
    .where('type', '=', 'order.changed')
    .where(sql<string>`payload->'data'->>'orderId'`, '=', orderId)
    .execute();
  return rows.map((row) => ({ kind: row.kind, dedupeKey: row.dedupeKey, published: row.published_at !== null })).sort((a, b) => `${a.dedupeKey}${a.kind}`.localeCompare(`${b.dedupeKey}${b.kind}`));
}

describe("the owner's refunds through Razorpay", () => {
  it('part, then the rest: two refunds, the order refunded in full, each refund e-mail event written once and relayed', async () => {
    const order = await paidOrder();
    const part = await requestRefund(order, 20_000);
    expect((await submit()).submitted).toBe(1);
    const rest = await requestRefund(order, order.amountPaise - 20_000);
    expect((await submit()).submitted).toBe(1);
    await h.drained();

    const made = madeAtRazorpay(order.paymentId);
    expect(made.map((refund) => refund.amount)).toEqual([20_000, order.amountPaise - 20_000]);
    expect(await refundRows(order.id)).toEqual(made.map((refund) => ({ razorpay_refund_id: refund.id, amount_paise: refund.amount, status: 'processed' })));
    expect(await h.db.selectFrom('orders').select(['status', 'payment_status', 'refunded_paise']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
      status: 'paid',
      payment_status: 'refunded',
      refunded_paise: order.amountPaise,
    });
    expect(await request(part)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[0]!.id });
    expect(await request(rest)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[1]!.id });
    const expected = [part, rest].flatMap((key) => ['refund-completed', 'refund-started'].map((kind) => ({ kind, dedupeKey: key, published: true })));
    expect(await shopperUpdates(order.id)).toEqual(expected.sort((a, b) => `${a.dedupeKey}${a.kind}`.localeCompare(`${b.dedupeKey}${b.kind}`)));
  });

  it('the payments process is killed after Razorpay refunded but before the commit: the retry refunds once', async () => {
    const order = await paidOrder();
    const id = await requestRefund(order, 30_000);
    // Razorpay's own refund webhooks would tell the shop too; hold them so only the retry can.
    h.setKnobs({ withholdWebhooks: true });
    const here = path.dirname(fileURLToPath(import.meta.url));
    const { keyId, keySecret, webhookSecret } = h.sandbox.state.config;
    let child: ReturnType<typeof spawn> | undefined;
    let output = '';
    try {
      // Holding the order's row lock stops the child inside its recording transaction, after
      // Razorpay's answer: that is where it dies.
      await h.db.transaction().execute(async (trx) => {
        await trx.selectFrom('orders').select('id').where('id', '=', order.id).forUpdate().execute();
        child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'refund-submitter-process.ts')], {
          env: {
            ...process.env,
            RAZORPAY_KEY_ID: keyId,
            RAZORPAY_KEY_SECRET: keySecret,
            RAZORPAY_WEBHOOK_SECRET: webhookSecret,
            RAZORPAY_API_BASE_URL: h.sandboxApp.url,
            LEASE_SECONDS: '1',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        child.stdout!.on('data', (chunk) => (output += chunk));
        await eventually(async () => madeAtRazorpay(order.paymentId).length === 1, 20_000);
        await eventually(async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database() and a.application_name = 'refund-submitter-process'`.execute(h.db);
          return rows[0]!.waiting > 0;
        });
        child.kill('SIGKILL');
        await new Promise((resolve) => child!.once('exit', resolve));
      });
      expect(output).not.toContain('done');
      // Nothing of the refund was recorded; the lease the dead process took runs out.
      expect(await request(id)).toMatchObject({ state: 'requested', razorpay_refund_id: null, attempts: 1 });
      expect(await refundRows(order.id)).toEqual([]);
      expect(await shopperUpdates(order.id)).toEqual([]);
      const retried = await eventually(async () => {
        const result = await submit();
        return result.claimed ? result : undefined;
      }, 10_000);
      expect(retried).toMatchObject({ claimed: 1, submitted: 1 });
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      h.setKnobs({ withholdWebhooks: false });
    }
    h.sandbox.state.webhooks.release();
    await h.drained();

    const made = madeAtRazorpay(order.paymentId);
    expect(made).toHaveLength(1);
    expect(await request(id)).toMatchObject({ state: 'submitted', razorpay_refund_id: made[0]!.id, attempts: 2 });
    expect(await refundRows(order.id)).toEqual([{ razorpay_refund_id: made[0]!.id, amount_paise: 30_000, status: 'processed' }]);
    expect((await h.db.selectFrom('orders').select('refunded_paise').where('id', '=', order.id).executeTakeFirstOrThrow()).refunded_paise).toBe(30_000);
    expect(await shopperUpdates(order.id)).toEqual([
      { kind: 'refund-completed', dedupeKey: id, published: true },
      { kind: 'refund-started', dedupeKey: id, published: true },
    ]);
  });
});
