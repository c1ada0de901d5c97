import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { eventually } from '@pickles/test-kit';
import { OWNER_EMAIL, startPurchaseHarness, type PurchaseHarness } from './harness.js';

/**
 * A paid order's confirmation is never given up: not after a long SMTP outage (retries have no
 * attempt limit; here the backoff is shortened so 60+ attempts take a second), not when Redis loses
 * the queued job after the outbox published it (the sweeper queues it again), and when it still
 * cannot go out after a day the owner is shown it.
 */
let h: PurchaseHarness;
beforeAll(async () => {
  h = await startPurchaseHarness({ retryBaseMs: 10, retryMaxMs: 20 });
});
afterAll(async () => {
  h.mail.controls.down = false;
  await h.close();
});

async function paidOrderEvent() {
  const order = await h.createOrder();
  await h.pay(order.razorpayOrderId);
  const row = await eventually(async () => {
    const current = await h.order(order.orderNumber);
    return current.payment_status === 'paid' ? current : undefined;
  });
  const event = await eventually(async () =>
    h.db
      .selectFrom('outbox_events')
      .select(['id', 'published_at'])
      .where('type', '=', 'payment.verified')
      .where(sql<string>`payload->'data'->>'orderId'`, '=', row.id)
      .where('published_at', 'is not', null)
      .executeTakeFirst(),
  );
  return { ...order, id: row.id, eventId: event.id };
}

const confirmations = (orderNumber: string) => h.emailsFor(orderNumber).filter((email) => !email.to.includes(OWNER_EMAIL));

describe('a confirmation e-mail is never given up', () => {
  it('after more failed attempts than the old limit of 60, it goes out once SMTP is back', async () => {
    h.mail.controls.down = true;
    const order = await paidOrderEvent();
    await eventually(async () => ((await h.queue.getJob(order.eventId))?.attemptsMade ?? 0) > 61, 20_000);
    expect(h.emailsFor(order.orderNumber)).toHaveLength(0);
    h.mail.controls.down = false;
    await eventually(async () => h.emailsFor(order.orderNumber).length === 2, 10_000);
    await h.drained();
    expect(confirmations(order.orderNumber)).toHaveLength(1);
  });

  it('when Redis loses the job after the outbox published it, the sweeper queues it again: one e-mail of each kind', async () => {
    await h.worker.close();
    const order = await paidOrderEvent();
    // What a Redis restart without persistence or a flush does to the queue.
    await h.queue.obliterate({ force: true });
    expect(await h.queue.getJob(order.eventId)).toBeUndefined();
    const worker = h.startWorker();
    try {
      const swept = await h.sweep({ afterSeconds: 0, alertAfterSeconds: 86_400 });
      expect(swept.requeued).toBeGreaterThanOrEqual(1);
      await eventually(async () => h.emailsFor(order.orderNumber).length === 2, 10_000);
      // A second sweep sends nothing twice. (Its count is not asserted: the database is shared with
      // other test files, whose e-mails may be on their way at this moment.)
      await h.sweep({ afterSeconds: 0, alertAfterSeconds: 86_400 });
      await h.drained();
      expect(confirmations(order.orderNumber)).toHaveLength(1);
      expect(h.emailsFor(order.orderNumber).filter((email) => email.to.includes(OWNER_EMAIL))).toHaveLength(1);
    } finally {
      await worker.close();
      h.startWorker();
    }
  });

  it('a confirmation still not sent after the alert delay is put on the owner\'s attention list, once', async () => {
    h.mail.controls.down = true;
    try {
      const order = await paidOrderEvent();
      const first = await h.sweep({ afterSeconds: 0, alertAfterSeconds: 0 });
      expect(first.flagged).toBeGreaterThanOrEqual(1);
      await h.sweep({ afterSeconds: 0, alertAfterSeconds: 0 });
      const items = await h.db.selectFrom('payment_attention').select(['kind', 'order_number']).where('order_id', '=', order.id).execute();
      expect(items).toEqual([{ kind: 'confirmation-not-sent', order_number: order.orderNumber }]);
    } finally {
      h.mail.controls.down = false;
    }
  });
});
