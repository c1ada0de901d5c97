import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { sql, type Db } from '@pickles/db';
import { trackingTokenVersion } from '@pickles/service-kit';
import { ORDER_CHANGED, type EventEnvelope, type ShopperUpdateKind } from '@pickles/shared';
import { insertOrder, type InsertedOrder } from '@pickles/test-kit';
import { processOrderChanged } from '../src/events/process-order-changed.js';
import type { NotificationDeps } from '../src/events/process-payment-verified.js';
import { EmailInFlightError } from '../src/db/sent-emails.js';
import { SHOP_URL, notificationsHarnessPerFile, sweeperQueuePerBlock, visibleText, type NotificationsHarness, type SweeperQueue } from './harness.js';

const SECRET = 'test-tracking-link-secret-0123456789abcdef';

let h: NotificationsHarness;
let db: Db;
let deps: NotificationDeps;

notificationsHarnessPerFile({ deps: { trackingLinkSecret: SECRET } }, (started) => {
  h = started;
  ({ db, deps } = started);
});

function update(order: { id: string }, kind: ShopperUpdateKind, dedupeKey: string = order.id, refundRequestId?: string): EventEnvelope {
  return { id: randomUUID(), type: ORDER_CHANGED, version: 1, occurredAt: new Date().toISOString(), data: { orderId: order.id, kind, dedupeKey, ...(refundRequestId ? { refundRequestId } : {}) } };
}

const mailsFor = (order: { orderNumber: string }) => h.mailsAbout(order.orderNumber);

/** The signed tracking link of an e-mail part, checked the way the tracking page checks it. */
function trackingLinkIn(part: string, order: { orderNumber: string }): string {
  const link = new RegExp(`${SHOP_URL}/track\\?order=[^\\s"<]+`).exec(part)?.[0];
  expect(link, 'a link to the tracking page').toBeDefined();
  const url = new URL(link!.replace(/&amp;/g, '&'));
  expect(url.searchParams.get('order')).toBe(order.orderNumber);
  expect(trackingTokenVersion(SECRET, order.orderNumber, url.searchParams.get('t')!)).toBe(0);
  return url.toString();
}

async function recordDispatch(order: { id: string }, values: { courier: string; awb: string; tracking_url: string | null; dispatched_at?: Date }) {
  await db.insertInto('order_dispatches').values({ order_id: order.id, recorded_by: 'admin', ...values }).execute();
}

/** A refund the owner asked for, as payments records it once Razorpay accepted it. */
async function recordRefund(order: InsertedOrder, amountPaise: number, status: 'pending' | 'processed' = 'pending') {
  const razorpayRefundId = `rfnd_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const request = await db
    .insertInto('refund_requests')
    .values({ order_id: order.id, razorpay_payment_id: order.razorpayPaymentId!, amount_paise: amountPaise, reason: 'Short of stock', requested_by: 'admin', client_key: randomUUID(), state: 'submitted', razorpay_refund_id: razorpayRefundId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('refunds').values({ razorpay_refund_id: razorpayRefundId, razorpay_payment_id: order.razorpayPaymentId!, order_id: order.id, amount_paise: amountPaise, status }).execute();
  return { requestId: request.id, razorpayRefundId };
}

describe('order.changed -> the shopper\'s e-mail', () => {
  it("dispatched: the courier's part of the delivery promise, the courier, AWB, its tracking link, the items and the unboxing rule, once", async () => {
    const order = await insertOrder(db, { email: 'meera@example.in', name: 'Meera Iyer', items: [{ name: 'Royal Chicken Pickle', quantity: 2 }], deliveryZone: 'regional' });
    // 00:30 on 5 Dec in India: the courier's 4-7 days count from 5 Dec.
    await recordDispatch(order, { courier: 'delhivery', awb: 'DL 1234567890', tracking_url: null, dispatched_at: new Date('2026-12-04T19:00:00Z') });
    const event = update(order, 'dispatched');
    expect(await processOrderChanged(event, deps)).toEqual({ shopper: 'sent' });

    const [mail, ...others] = mailsFor(order);
    expect(others).toHaveLength(0);
    expect(mail!.to).toEqual(['meera@example.in']);
    expect(mail!.subject).toBe(`Your Royal Pickles order ${order.orderNumber} is on its way`);
    const courierLink = 'https://www.delhivery.com/track/package/DL%201234567890';
    for (const part of [mail!.text, visibleText(mail!.html)]) {
      expect(part).toContain('Namaste Meera Iyer');
      expect(part).toContain('Delhivery');
      expect(part).toContain('DL 1234567890');
      expect(part).toMatch(/Royal Chicken Pickle (x|×) 2/);
      expect(part).toContain('Expected delivery: between 9 Dec and 12 Dec 2026');
      expect(part).toContain('With the courier: 4-7 days from dispatch.');
      expect(part).toContain('unboxing video');
      expect(part).toContain('within 24 hours of delivery');
      expect(part).toContain('help@royalpickles.in');
      expect(part).toContain('+91 11 2345 6789');
    }
    expect(mail!.text).toContain(`Track the parcel with Delhivery: ${courierLink}`);
    expect(mail!.html).toContain(`href="${courierLink}"`);
    trackingLinkIn(mail!.text, order);
    trackingLinkIn(mail!.html, order);

    // The same event again, or another event for the same dispatch: nothing more.
    expect(await processOrderChanged(event, deps)).toEqual({ shopper: 'already-sent' });
    expect(await processOrderChanged(update(order, 'dispatched'), deps)).toEqual({ shopper: 'already-sent' });
    expect(mailsFor(order)).toHaveLength(1);
  });

  it('dispatched with a courier of the owner\'s own: their name and link, escaped', async () => {
    const order = await insertOrder(db, { name: '<b>Ravi</b>' });
    await recordDispatch(order, { courier: 'Rajdhani <Express>', awb: 'RX-77', tracking_url: 'https://track.example.in/?awb=RX-77&x="y"' });
    await processOrderChanged(update(order, 'dispatched'), deps);
    const [mail] = mailsFor(order);
    expect(mail!.text).toContain('Courier: Rajdhani <Express>');
    expect(mail!.text).toContain('Track the parcel with Rajdhani <Express>: https://track.example.in/?awb=RX-77&x="y"');
    expect(mail!.html).toContain('Rajdhani &lt;Express&gt;');
    expect(mail!.html).toContain('href="https://track.example.in/?awb=RX-77&amp;x=&quot;y&quot;"');
    expect(mail!.html).not.toContain('<b>Ravi</b>');
    expect(mail!.html).toContain('&lt;b&gt;Ravi&lt;/b&gt;');
  });

  it("out for delivery and a failed attempt (the courier's events): what happened, what to do within 24 hours, each event once", async () => {
    const order = await insertOrder(db, { name: 'Meera Iyer' });
    await db
      .insertInto('shipments')
      .values({ order_id: order.id, state: 'booked', awb: 'SR123456789', courier_name: 'Delhivery Surface', requested_by: 'admin', booked_at: new Date() })
      .execute();
    const out = { key: `SR123456789|17|2026-12-05T04:30:00.000Z`, status: 'out-for-delivery', courier_status: 'OUT FOR DELIVERY', occurred_at: new Date('2026-12-05T04:30:00Z'), reason: null };
    const failed = { key: `SR123456789|21|2026-12-05T09:15:00.000Z`, status: 'undelivered', courier_status: 'UNDELIVERED', occurred_at: new Date('2026-12-05T09:15:00Z'), reason: 'Customer Not Available' };
    for (const event of [out, failed]) {
      await db
        .insertInto('shipment_events')
        .values({ event_key: event.key, order_id: order.id, awb: 'SR123456789', status: event.status, courier_status: event.courier_status, occurred_at: event.occurred_at, reason: event.reason, source: 'webhook' })
        .execute();
    }
    expect(await processOrderChanged(update(order, 'out-for-delivery', out.key), deps)).toEqual({ shopper: 'sent' });
    expect(await processOrderChanged(update(order, 'delivery-failed', failed.key), deps)).toEqual({ shopper: 'sent' });
    expect(await processOrderChanged(update(order, 'delivery-failed', failed.key), deps)).toEqual({ shopper: 'already-sent' });
    const [outMail, failedMail, ...others] = mailsFor(order);
    expect(others).toHaveLength(0);
    expect(outMail!.subject).toBe(`Your Royal Pickles order ${order.orderNumber} is out for delivery`);
    expect(failedMail!.subject).toBe(`We could not deliver your Royal Pickles order ${order.orderNumber}`);
    for (const part of [outMail!.text, visibleText(outMail!.html)]) {
      expect(part).toContain(`Your order ${order.orderNumber} is out for delivery today.`);
      expect(part).toContain('Delhivery Surface');
      expect(part).toContain('SR123456789');
    }
    for (const part of [failedMail!.text, visibleText(failedMail!.html)]) {
      expect(part).toContain(`The courier tried to deliver your order ${order.orderNumber} on 5 Dec 2026 but could not: Customer Not Available.`);
      expect(part).toContain('The courier will try again.');
      expect(part).toContain('call us at +91 11 2345 6789 or write to help@royalpickles.in within 24 hours');
      expect(part).toContain('After repeated failed attempts the courier returns the parcel to us.');
    }
    trackingLinkIn(outMail!.html, order);
    trackingLinkIn(failedMail!.text, order);
  });

  it('delivered: enjoy, the 24-hour unboxing-video rule and how to keep the pickles', async () => {
    const order = await insertOrder(db, { status: 'delivered' });
    await processOrderChanged(update(order, 'delivered'), deps);
    const [mail, ...others] = mailsFor(order);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Royal Pickles order ${order.orderNumber} has been delivered`);
    for (const part of [mail!.text, visibleText(mail!.html)]) {
      expect(part).toContain(`Your order ${order.orderNumber} has been delivered. We hope you enjoy every bite!`);
      expect(part).toContain('Claims without an unboxing video, or made more than 24 hours after delivery, cannot be accepted.');
      expect(part).toContain('clean, dry spoon');
    }
    trackingLinkIn(mail!.html, order);
  });

  it('cancelled after paying, before any refund: the money will come back, and an e-mail says when', async () => {
    const order = await insertOrder(db, { status: 'cancelled' });
    await processOrderChanged(update(order, 'cancelled'), deps);
    const [mail] = mailsFor(order);
    expect(mail!.subject).toBe(`Your Royal Pickles order ${order.orderNumber} has been cancelled`);
    for (const part of [mail!.text, visibleText(mail!.html)]) {
      expect(part).toContain(`Your order ${order.orderNumber} has been cancelled.`);
      expect(part).toContain('As you had paid ₹600, your money will be refunded to the account you paid from.');
      expect(part).toContain('7-10 business days');
    }
  });

  it('cancelled with a refund under way: says it has started, for how much', async () => {
    const order = await insertOrder(db, { status: 'cancelled' });
    await recordRefund(order, 60_000);
    await processOrderChanged(update(order, 'cancelled'), deps);
    const [mail] = mailsFor(order);
    expect(mail!.text).toContain('We have started a refund of ₹600. It reaches the account you paid from in 7-10 business days.');
    expect(mail!.text).not.toContain('will be refunded');
  });

  it('refund started: one e-mail per refund, each with its amount, the 7-10 business days and its reference', async () => {
    const order = await insertOrder(db);
    const first = await recordRefund(order, 20_000);
    const second = await recordRefund(order, 40_000);
    const firstEvent = update(order, 'refund-started', first.requestId, first.requestId);
    await processOrderChanged(firstEvent, deps);
    await processOrderChanged(update(order, 'refund-started', second.requestId, second.requestId), deps);
    await processOrderChanged(firstEvent, deps);

    const mails = mailsFor(order);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Refund of ₹200 started for your Royal Pickles order ${order.orderNumber}`,
      `Refund of ₹400 started for your Royal Pickles order ${order.orderNumber}`,
    ]);
    for (const [mail, refund] of [[mails[0]!, first], [mails[1]!, second]] as const) {
      for (const part of [mail.text, visibleText(mail.html)]) {
        expect(part).toContain('It reaches the account you paid from in 7-10 business days.');
        expect(part).toContain(refund.razorpayRefundId);
      }
      trackingLinkIn(mail.text, order);
    }
    expect(mails[0]!.text).toContain('Amount: ₹200');
    expect(mails[1]!.text).toContain('Amount: ₹400');
    expect(mails[0]!.messageId).not.toBe(mails[1]!.messageId);
  });

  it('refund completed: the amount, processed, and the reference', async () => {
    const order = await insertOrder(db);
    const refund = await recordRefund(order, 60_000);
    // Its refund-started e-mail went out while the refund was pending; the completion is an e-mail of its own.
    await processOrderChanged(update(order, 'refund-started', refund.requestId, refund.requestId), deps);
    await db.updateTable('refunds').set({ status: 'processed' }).where('razorpay_refund_id', '=', refund.razorpayRefundId).execute();
    await processOrderChanged(update(order, 'refund-completed', refund.requestId, refund.requestId), deps);
    await processOrderChanged(update(order, 'refund-completed', refund.requestId, refund.requestId), deps);
    const completed = mailsFor(order).filter((mail) => mail.subject.includes('processed'));
    expect(completed).toHaveLength(1);
    expect(completed[0]!.subject).toBe(`Refund of ₹600 processed for your Royal Pickles order ${order.orderNumber}`);
    for (const part of [completed[0]!.text, visibleText(completed[0]!.html)]) {
      expect(part).toContain(`Your refund of ₹600 for order ${order.orderNumber} has been processed.`);
      expect(part).toContain(refund.razorpayRefundId);
    }
    expect(mailsFor(order)).toHaveLength(2);
  });

  it('a refund processed before its "started" e-mail went out: the shopper gets "processed" only, in either order of the events, and a redelivery sends nothing', async () => {
    for (const startedFirst of [true, false]) {
      const order = await insertOrder(db);
      // Razorpay answered the refund already processed: payments wrote both events in one transaction.
      const refund = await recordRefund(order, 60_000, 'processed');
      const started = update(order, 'refund-started', refund.requestId, refund.requestId);
      const completed = update(order, 'refund-completed', refund.requestId, refund.requestId);
      if (startedFirst) expect(await processOrderChanged(started, deps)).toEqual({ shopper: 'superseded' });
      expect(await processOrderChanged(completed, deps)).toEqual({ shopper: 'sent' });
      expect(await processOrderChanged(started, deps)).toEqual({ shopper: 'superseded' });
      expect(mailsFor(order).map((mail) => mail.subject)).toEqual([`Refund of ₹600 processed for your Royal Pickles order ${order.orderNumber}`]);
      const rows = await db.selectFrom('sent_emails').select(['kind', 'state']).where('dedupe_key', '=', refund.requestId).orderBy('kind').execute();
      expect(rows).toEqual([
        { kind: 'refund-completed', state: 'sent' },
        { kind: 'refund-started', state: 'superseded' },
      ]);
    }
  });

  it('"processed" waits while its "started" is being sent, so the last e-mail names the latest state', async () => {
    const order = await insertOrder(db);
    const refund = await recordRefund(order, 60_000);
    // The "started" e-mail's SMTP conversation is slow; the refund is processed meanwhile.
    let finishSending!: () => void;
    const slow = new Promise<void>((resolve) => (finishSending = resolve));
    const slowMailer: NotificationDeps['mailer'] = {
      ...deps.mailer,
      send: async (message) => {
        if (message.subject.includes('started')) await slow;
        return deps.mailer.send(message);
      },
    };
    const sendingStarted = processOrderChanged(update(order, 'refund-started', refund.requestId, refund.requestId), { ...deps, mailer: slowMailer });
    await expect.poll(async () => (await db.selectFrom('sent_emails').select('state').where('dedupe_key', '=', refund.requestId).executeTakeFirst())?.state).toBe('sending');
    await db.updateTable('refunds').set({ status: 'processed' }).where('razorpay_refund_id', '=', refund.razorpayRefundId).execute();
    const completed = update(order, 'refund-completed', refund.requestId, refund.requestId);
    // Retried by the worker after its backoff; nothing is sent meanwhile, nothing is claimed.
    await expect(processOrderChanged(completed, deps)).rejects.toThrow(EmailInFlightError);
    expect(mailsFor(order)).toHaveLength(0);
    finishSending();
    expect(await sendingStarted).toEqual({ shopper: 'sent' });
    expect(await processOrderChanged(completed, deps)).toEqual({ shopper: 'sent' });
    expect(mailsFor(order).map((mail) => mail.subject)).toEqual([
      `Refund of ₹600 started for your Royal Pickles order ${order.orderNumber}`,
      `Refund of ₹600 processed for your Royal Pickles order ${order.orderNumber}`,
    ]);
  });

  it('a refund made in Razorpay\'s dashboard is found by its refund id', async () => {
    const order = await insertOrder(db);
    const razorpayRefundId = `rfnd_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    await db.insertInto('refunds').values({ razorpay_refund_id: razorpayRefundId, razorpay_payment_id: order.razorpayPaymentId!, order_id: order.id, amount_paise: 20_000, status: 'processed' }).execute();
    await processOrderChanged(update(order, 'refund-completed', razorpayRefundId), deps);
    const [mail] = mailsFor(order);
    expect(mail!.subject).toBe(`Refund of ₹200 processed for your Royal Pickles order ${order.orderNumber}`);
    expect(mail!.text).toContain(`Refund reference: ${razorpayRefundId}`);
  });

  it('confirmation resent: the order confirmation again, once per key, with its signed link', async () => {
    const order = await insertOrder(db, { items: [{ name: 'Royal Chicken Pickle', quantity: 3 }] });
    const first = update(order, 'confirmation-resent', randomUUID());
    await processOrderChanged(first, deps);
    await processOrderChanged(first, deps);
    await processOrderChanged(update(order, 'confirmation-resent', randomUUID()), deps);
    const mails = mailsFor(order);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Your Royal Pickles order ${order.orderNumber} is confirmed`);
      expect(mail.text).toContain('Royal Chicken Pickle x 3');
      expect(mail.text).toContain('Total paid: ₹1,700');
      trackingLinkIn(mail.text, order);
    }
    // Mail systems would fold two messages with one Message-ID into one.
    expect(mails[0]!.messageId).not.toBe(mails[1]!.messageId);
  });

  it('the signed link opens only its own order', async () => {
    const order = await insertOrder(db);
    await processOrderChanged(update(order, 'delivered'), deps);
    const link = new URL(trackingLinkIn(mailsFor(order)[0]!.text, order));
    expect(trackingTokenVersion(SECRET, 'RP00000000-0000', link.searchParams.get('t')!)).toBeUndefined();
    expect(trackingTokenVersion('another-secret-another-secret-0000', order.orderNumber, link.searchParams.get('t')!)).toBeUndefined();
  });

  it('sends nothing to a shopper who asked to be forgotten', async () => {
    const order = await insertOrder(db);
    await db.updateTable('orders').set({ customer_email: 'erased@erased.invalid', personal_data_erased_at: new Date() }).where('id', '=', order.id).execute();
    expect(await processOrderChanged(update(order, 'delivered'), deps)).toEqual({ shopper: 'erased' });
    expect(mailsFor(order)).toHaveLength(0);
  });

  it('fails at once, sending nothing, when the event cannot be read or its record is missing', async () => {
    const order = await insertOrder(db);
    await expect(processOrderChanged({ ...update(order, 'delivered'), version: 2 }, deps)).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(processOrderChanged({ ...update(order, 'delivered'), data: { orderId: order.id, kind: 'shipped', dedupeKey: 'x' } }, deps)).rejects.toBeInstanceOf(UnrecoverableError);
    // No dispatch record to tell the shopper about.
    await expect(processOrderChanged(update(order, 'dispatched'), deps)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(mailsFor(order)).toHaveLength(0);
  });

  it('an order removed from the panel since is read from its archived snapshot', async () => {
    const order = await insertOrder(db, { status: 'cancelled', name: 'Kabir Rao' });
    const refund = await recordRefund(order, 60_000, 'processed');
    // As admin-orders archives a removed order: the row as JSON, with its items.
    await sql`insert into archived_orders (order_id, order_number, status, snapshot, archived_by)
      select o.id, o.order_number, o.status, to_jsonb(o) || jsonb_build_object('items', (select jsonb_agg(to_jsonb(i)) from order_items i where i.order_id = o.id)), 'admin'
      from orders o where o.id = ${order.id}`.execute(db);
    await db.deleteFrom('orders').where('id', '=', order.id).execute();
    await processOrderChanged(update(order, 'refund-completed', refund.requestId, refund.requestId), deps);
    const [mail] = mailsFor(order);
    expect(mail!.to).toEqual([order.email]);
    expect(mail!.text).toContain('Namaste Kabir Rao');
  });
});

describe('the sweeper and shopper updates', () => {
  let sweeper: SweeperQueue;
  sweeperQueuePerBlock(() => db, (started) => (sweeper = started));

  it('queues a published update whose e-mail is not sent again, and leaves it once sent', async () => {
    const order = await insertOrder(db, { status: 'delivered' });
    const event = update(order, 'delivered');
    await sweeper.publishedLongAgo(event);

    await sweeper.sweep();
    const job = await sweeper.queue.getJob(event.id);
    expect(job?.name).toBe(ORDER_CHANGED);
    await processOrderChanged(job!.data as EventEnvelope, deps);
    await job!.remove();

    await sweeper.sweep();
    expect(await sweeper.queue.getJob(event.id)).toBeUndefined();
    expect(mailsFor(order)).toHaveLength(1);
  });
});
