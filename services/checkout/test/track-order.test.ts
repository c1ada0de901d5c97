import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { issueInvoice } from '@pickles/invoices';
import { insertOrder, type OrderSeed } from '@pickles/test-kit';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

/**
 * The shopper's order tracking (decision 010): POST /api/track with the order number and the phone
 * or e-mail used at checkout, GET /api/track?order=…&t=… with the signed link of the e-mails. Whatever
 * makes a lookup fail, the answer is the same bytes as for an order that does not exist.
 */
const NOT_FOUND = { success: false, error: 'We could not find an order with those details. Check the order number and the phone number or e-mail you used at checkout.' };

let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness();
});
afterAll(async () => {
  await h.close();
});

interface Answer {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text), headers: response.headers };
}

const lookUp = async (body: unknown, ip = '203.0.113.10', url = h.checkout.url) =>
  read(await fetch(`${url}/api/track`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) }));

const openLink = async (order: string, token: string, ip = '203.0.113.10', url = h.checkout.url) =>
  read(await fetch(`${url}/api/track?order=${encodeURIComponent(order)}&t=${encodeURIComponent(token)}`, { headers: { 'x-forwarded-for': ip } }));

/** Headers that differ between any two answers (the clock, the request id). */
const PER_REQUEST = new Set(['date', 'x-request-id']);
const stableHeaders = (headers: Headers) => [...headers.entries()].filter(([name]) => !PER_REQUEST.has(name));

function expectSameAsUnknown(answer: Answer, unknown: Answer) {
  expect(answer.status).toBe(404);
  expect(answer.text).toBe(unknown.text);
  expect(answer.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
  expect(stableHeaders(answer.headers)).toEqual(stableHeaders(unknown.headers));
}

const tag = () => randomBytes(4).toString('hex').toUpperCase();
const seed = (extra: OrderSeed = {}) =>
  insertOrder(h.db, { orderNumber: `RP261123-${tag()}`, email: `Kavya.${tag()}@Example.in`, phone: '9812345670', ...extra });

describe('POST /api/track', () => {
  it('finds a paid order by its phone number, typed with +91 and spaces, and tells where it is', async () => {
    const order = await seed({ items: [{ name: 'Royal Chicken Pickle', quantity: 2 }], createdAt: new Date('2026-11-20T05:30:00Z'), deliveryZone: 'local' });
    const found = await lookUp({ orderNumber: order.orderNumber, contact: '+91 98123 45670' });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      success: true,
      orderNumber: order.orderNumber,
      placedAt: '2026-11-20T05:30:00.000Z',
      stage: 'paid',
      headline: 'Your order is confirmed and being prepared',
      next: "We prepare and pack your pickles within 7-10 days, then e-mail you the courier's tracking number.",
      items: [{ name: 'Royal Chicken Pickle', quantity: 2 }],
      amount: 1150,
      dispatch: null,
      refunds: [],
      invoiceNumber: null,
      // The delivery promise the order was given: 20 Nov + 7-10 days of preparing + 2-4 by courier.
      deliveryPromise: { zone: 'local', from: '2026-11-20', earliest: '2026-11-29', latest: '2026-12-04', processingDays: [7, 10], courierDays: [2, 4] },
      courierEvents: [],
    });
    expect(found.headers.get('cache-control')).toBe('no-store');
    // Nothing the shopper did not type: no name, address, phone or e-mail.
    for (const personal of ['9812345670', order.email.toLowerCase(), 'Asha', 'Lodhi', 'Green Park', '110016']) {
      expect(found.text.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  });

  it('finds it by the e-mail address in any case, and by the order number typed in lower case', async () => {
    const order = await seed();
    for (const contact of [order.email, order.email.toUpperCase(), ` ${order.email.toLowerCase()} `]) {
      const found = await lookUp({ orderNumber: order.orderNumber.toLowerCase(), contact });
      expect(found.status).toBe(200);
      expect(found.body.orderNumber).toBe(order.orderNumber);
    }
  });

  it('a wrong phone or e-mail answers exactly like an order number that does not exist', async () => {
    const order = await seed();
    const unknown = await lookUp({ orderNumber: `RP261123-${tag()}`, contact: '9812345670' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    expectSameAsUnknown(await lookUp({ orderNumber: order.orderNumber, contact: '9812345671' }), unknown);
    expectSameAsUnknown(await lookUp({ orderNumber: order.orderNumber, contact: 'someone.else@example.in' }), unknown);
    // Another order's contact does not open this one.
    const other = await seed({ phone: '9700000001' });
    expectSameAsUnknown(await lookUp({ orderNumber: order.orderNumber, contact: '9700000001' }), unknown);
    expect((await lookUp({ orderNumber: other.orderNumber, contact: '9700000001' })).status).toBe(200);
  });

  it('refuses a lookup without an order number or a usable contact with 400 and the field messages', async () => {
    const refused = await lookUp({ orderNumber: ' ', contact: '12345' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      error: 'Enter the order number from your confirmation e-mail',
      fields: {
        orderNumber: 'Enter the order number from your confirmation e-mail',
        contact: 'Enter the 10-digit phone number or the e-mail address you used at checkout',
      },
    });
  });

  it('an order whose personal data was erased, or that was archived, answers like an unknown order', async () => {
    const unknown = await lookUp({ orderNumber: `RP261123-${tag()}`, contact: '9812345670' });
    const erased = await seed({ paymentStatus: 'failed', status: 'failed' });
    await h.db.updateTable('orders').set({ personal_data_erased_at: new Date() }).where('id', '=', erased.id).execute();
    expectSameAsUnknown(await lookUp({ orderNumber: erased.orderNumber, contact: '9812345670' }), unknown);
    expectSameAsUnknown(await openLink(erased.orderNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, erased.orderNumber)), await openLink(`RP261123-${tag()}`, 'x'.repeat(32)));

    const archived = await seed({ status: 'completed' });
    // As the admin's removal does: a snapshot in archived_orders, the row gone from orders.
    await sql`insert into archived_orders (order_id, order_number, status, snapshot, archived_by)
      select id, order_number, status, to_jsonb(orders), 'test' from orders where id = ${archived.id}`.execute(h.db);
    await h.db.deleteFrom('orders').where('id', '=', archived.id).execute();
    expectSameAsUnknown(await lookUp({ orderNumber: archived.orderNumber, contact: '9812345670' }), unknown);
  });
});

describe('GET /api/track (the signed link)', () => {
  it('opens the order with its token, and answers a bad, foreign or missing token like an unknown order', async () => {
    const order = await seed();
    const opened = await openLink(order.orderNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber));
    expect(opened.status).toBe(200);
    expect(opened.body.orderNumber).toBe(order.orderNumber);

    const unknownNumber = `RP261123-${tag()}`;
    const unknown = await openLink(unknownNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, unknownNumber));
    expect(unknown.body).toEqual(NOT_FOUND);
    const other = await seed();
    expectSameAsUnknown(await openLink(order.orderNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, other.orderNumber)), unknown);
    expectSameAsUnknown(await openLink(order.orderNumber, trackingToken('another-shops-secret-0123456789', order.orderNumber)), unknown);
    expectSameAsUnknown(await openLink(order.orderNumber, 'abc'), unknown);
    expectSameAsUnknown(await read(await fetch(`${h.checkout.url}/api/track?order=${order.orderNumber}`)), unknown);
    expectSameAsUnknown(await read(await fetch(`${h.checkout.url}/api/track?order=${order.orderNumber}&order=x&t[]=1`)), unknown);
  });

  it('a link stops opening the order and its invoice six weeks after it was delivered; the form with the phone still works', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const deliveredOn = async (days: number) => {
      const order = await seed({ status: 'delivered', createdAt: daysAgo(days + 20), updatedAt: daysAgo(days) });
      await h.db
        .insertInto('order_status_history')
        .values([
          { order_id: order.id, from_status: 'paid', to_status: 'delivered', from_payment_status: 'paid', to_payment_status: 'paid', changed_by: 'admin:owner', changed_at: daysAgo(days) },
          // A correction among closed statuses later does not restart the clock.
          { order_id: order.id, from_status: 'delivered', to_status: 'completed', from_payment_status: 'paid', to_payment_status: 'paid', changed_by: 'admin:owner', changed_at: daysAgo(1) },
          { order_id: order.id, from_status: 'completed', to_status: 'delivered', from_payment_status: 'paid', to_payment_status: 'paid', changed_by: 'admin:owner', changed_at: daysAgo(1) },
        ])
        .execute();
      await h.db.transaction().execute((trx) => issueInvoice(trx, order.id));
      return order;
    };
    const recent = await deliveredOn(41);
    const old = await deliveredOn(43);
    const link = (order: { orderNumber: string }) => trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber);
    const invoice = (order: { orderNumber: string }) => fetch(`${h.checkout.url}/api/track/invoice?order=${order.orderNumber}&t=${link(order)}`, { headers: { 'x-forwarded-for': '203.0.113.31' } });

    expect((await openLink(recent.orderNumber, link(recent), '203.0.113.31')).status).toBe(200);
    expect((await invoice(recent)).status).toBe(200);
    const unknownNumber = `RP261123-${tag()}`;
    const unknown = await openLink(unknownNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, unknownNumber), '203.0.113.31');
    expectSameAsUnknown(await openLink(old.orderNumber, link(old), '203.0.113.31'), unknown);
    expect((await invoice(old)).status).toBe(404);
    expect((await lookUp({ orderNumber: old.orderNumber, contact: '9812345670' }, '203.0.113.32')).status).toBe(200);
  });

  it('revoked (the order\'s link version raised): the links sent so far answer like an unknown order, the new version\'s link opens it', async () => {
    const order = await seed();
    const first = trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber);
    expect((await openLink(order.orderNumber, first, '203.0.113.33')).status).toBe(200);
    await h.db.updateTable('orders').set({ tracking_link_version: 1 }).where('id', '=', order.id).execute();
    const unknownNumber = `RP261123-${tag()}`;
    const unknown = await openLink(unknownNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, unknownNumber), '203.0.113.33');
    expectSameAsUnknown(await openLink(order.orderNumber, first, '203.0.113.33'), unknown);
    const second = trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber, 1);
    expect(second).toMatch(/^1\./);
    expect((await openLink(order.orderNumber, second, '203.0.113.33')).status).toBe(200);
    // A made-up version is no better than a made-up signature.
    expectSameAsUnknown(await openLink(order.orderNumber, `2.${second.slice(2)}`, '203.0.113.33'), unknown);
  });
});

describe('stages from what the database holds', () => {
  it('a dispatched order with a partial refund: the courier, its tracking link and both refunds', async () => {
    const order = await seed({ items: [{ name: 'Royal Chicken Pickle', quantity: 3 }], deliveryZone: 'national' });
    await h.db
      .insertInto('order_dispatches')
      .values({ order_id: order.id, courier: 'delhivery', awb: 'DLV 1234567', tracking_url: null, dispatched_at: new Date('2026-11-24T04:00:00Z'), recorded_by: 'admin', updated_at: new Date() })
      .execute();
    // One refund Razorpay processed (requested by the owner), one still with the payments service.
    const refundId = `rfnd_${randomBytes(7).toString('hex')}`;
    await h.db
      .insertInto('refund_requests')
      .values({ order_id: order.id, razorpay_payment_id: order.razorpayPaymentId!, amount_paise: 20_000, reason: 'broken jar', requested_by: 'admin', client_key: randomUUID(), state: 'submitted', razorpay_refund_id: refundId, next_attempt_at: new Date(), updated_at: new Date() })
      .execute();
    await h.db.insertInto('refunds').values({ razorpay_refund_id: refundId, razorpay_payment_id: order.razorpayPaymentId!, order_id: order.id, amount_paise: 20_000, status: 'processed', updated_at: new Date() }).execute();
    await h.db.updateTable('orders').set({ refunded_paise: 20_000 }).where('id', '=', order.id).execute();
    await h.db
      .insertInto('refund_requests')
      .values({ order_id: order.id, razorpay_payment_id: order.razorpayPaymentId!, amount_paise: 5_000, reason: 'late', requested_by: 'admin', client_key: randomUUID(), next_attempt_at: new Date(), updated_at: new Date() })
      .execute();
    // A refused request moved no money: the shopper does not see it.
    await h.db
      .insertInto('refund_requests')
      .values({ order_id: order.id, razorpay_payment_id: order.razorpayPaymentId!, amount_paise: 9_000, reason: 'typo', requested_by: 'admin', client_key: randomUUID(), state: 'refused', error: 'no', next_attempt_at: new Date(), updated_at: new Date() })
      .execute();

    const { body } = await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' });
    expect(body.stage).toBe('dispatched');
    expect(body.headline).toBe('On its way with Delhivery');
    expect(body.next).toBe("Follow your parcel on the courier's website with the tracking number. A refund is being processed. Refunds reach your account in 7-10 business days.");
    // Once dispatched, the courier's part of the promise, from the dispatch's day in India.
    expect(body.deliveryPromise).toEqual({ zone: 'national', from: '2026-11-24', earliest: '2026-12-01', latest: '2026-12-04', processingDays: null, courierDays: [7, 10] });
    expect(body.amount).toBe(1700);
    expect(body.dispatch).toEqual({ courierName: 'Delhivery', awb: 'DLV 1234567', trackingUrl: 'https://www.delhivery.com/track/package/DLV%201234567', dispatchedAt: '2026-11-24T04:00:00.000Z' });
    expect(body.refunds.map((refund: { amount: number; state: string }) => [refund.amount, refund.state])).toEqual([
      [200, 'processed'],
      [50, 'in-progress'],
    ]);
  });

  it("shipped through the courier: its events oldest first (a failed attempt with its reason), and its expected day as the promise", async () => {
    const order = await seed({ deliveryZone: 'national' });
    await h.db
      .insertInto('order_dispatches')
      .values({ order_id: order.id, courier: 'Delhivery Surface', awb: 'SR0001', tracking_url: 'https://shiprocket.co/tracking/SR0001', dispatched_at: new Date('2026-11-24T04:00:00Z'), recorded_by: 'admin', updated_at: new Date() })
      .execute();
    await h.db
      .insertInto('shipments')
      .values({ order_id: order.id, state: 'booked', awb: 'SR0001', courier_name: 'Delhivery Surface', requested_by: 'admin', booked_at: new Date('2026-11-24T04:00:00Z'), expected_delivery_at: new Date('2026-11-28T20:00:00Z') })
      .execute();
    const events = [
      ['SR0001|21|b', 'undelivered', '2026-11-27T09:00:00.000Z', 'Customer Not Available'],
      ['SR0001|42|a', 'picked-up', '2026-11-24T08:00:00.000Z', null],
    ] as const;
    for (const [key, status, at, reason] of events) {
      await h.db.insertInto('shipment_events').values({ event_key: key, order_id: order.id, awb: 'SR0001', status, courier_status: status.toUpperCase(), occurred_at: at, reason, source: 'webhook' }).execute();
    }
    const { body } = await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' });
    expect(body.courierEvents).toEqual([
      { status: 'picked-up', occurredAt: '2026-11-24T08:00:00.000Z', reason: null },
      { status: 'undelivered', occurredAt: '2026-11-27T09:00:00.000Z', reason: 'Customer Not Available' },
    ]);
    // 20:00 UTC on 28 Nov is 29 Nov in India: the courier's day replaces the 7-10 days from dispatch.
    expect(body.deliveryPromise).toEqual({ zone: 'national', from: '2026-11-24', earliest: '2026-11-29', latest: '2026-11-29', processingDays: null, courierDays: [7, 10] });
    expect(body.dispatch.trackingUrl).toBe('https://shiprocket.co/tracking/SR0001');
  });

  it("a courier the owner named, with the owner's link; then delivered", async () => {
    const order = await seed();
    await h.db
      .insertInto('order_dispatches')
      .values({ order_id: order.id, courier: 'Jaipur Express', awb: 'JX-77', tracking_url: 'https://jaipurexpress.example/t/JX-77', recorded_by: 'admin', updated_at: new Date() })
      .execute();
    const dispatched = await lookUp({ orderNumber: order.orderNumber, contact: order.email });
    expect(dispatched.body.headline).toBe('On its way with Jaipur Express');
    expect(dispatched.body.dispatch.trackingUrl).toBe('https://jaipurexpress.example/t/JX-77');
    await h.db.updateTable('orders').set({ status: 'delivered' }).where('id', '=', order.id).execute();
    const delivered = await lookUp({ orderNumber: order.orderNumber, contact: order.email });
    expect(delivered.body).toMatchObject({ stage: 'delivered', headline: 'Your order was delivered', dispatch: { courierName: 'Jaipur Express', awb: 'JX-77' } });
  });

  it('cancelled and refunded in full, a failed payment, and an order made at checkout still awaiting payment', async () => {
    const cancelled = await seed({ status: 'cancelled', paymentStatus: 'refunded' });
    await h.db.insertInto('refunds').values({ razorpay_refund_id: `rfnd_${randomBytes(7).toString('hex')}`, razorpay_payment_id: cancelled.razorpayPaymentId!, order_id: cancelled.id, amount_paise: cancelled.amountPaise, status: 'processed', updated_at: new Date() }).execute();
    await h.db.updateTable('orders').set({ refunded_paise: cancelled.amountPaise }).where('id', '=', cancelled.id).execute();
    expect((await lookUp({ orderNumber: cancelled.orderNumber, contact: '9812345670' })).body).toMatchObject({
      stage: 'cancelled',
      headline: 'Your order was cancelled and refunded in full',
      refunds: [{ amount: 600, state: 'processed' }],
    });

    const failed = await seed({ status: 'failed', paymentStatus: 'failed' });
    expect((await lookUp({ orderNumber: failed.orderNumber, contact: '9812345670' })).body.stage).toBe('payment-failed');

    const created = await h.createOrder(orderPayload(1, `Track.${tag()}@example.in`));
    expect(created.status).toBe(201);
    const awaiting = await lookUp({ orderNumber: created.body.orderId, contact: '98765 43210' });
    expect(awaiting.body).toMatchObject({ stage: 'awaiting-payment', headline: 'We are waiting for the payment for this order', amount: 600 });
  });
});

describe('the GST tax invoice', () => {
  it('gives the invoice number once payments has issued it, to a lookup and to the signed link alike', async () => {
    const order = await seed();
    const link = () => openLink(order.orderNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber));
    expect((await link()).body.invoiceNumber).toBeNull();

    // Columns of migration 008; a number no other test takes.
    const sequence = 100000 + Math.floor(Math.random() * 900000);
    const number = `RP/99-00/${sequence}`;
    await h.db
      .insertInto('tax_documents')
      .values({
        kind: 'invoice', number, financial_year: '2099-00', sequence, order_id: order.id, order_number: order.orderNumber,
        razorpay_payment_id: order.razorpayPaymentId!, issued_at: new Date(), place_of_supply_name: 'Delhi', supply: 'intra-state',
        figures: '{}', seller: '{}', recipient: '{}',
      })
      .execute();
    expect((await link()).body.invoiceNumber).toBe(number);
    expect((await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' })).body.invoiceNumber).toBe(number);
  });
});

describe('rate limits', () => {
  let limited: CheckoutHarness;
  beforeAll(async () => {
    limited = await startCheckoutHarness({}, {}, { perClientPerMinute: 3, perOrderPerHour: 4, linksPerClientPerMinute: 2 });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('limits lookups per client: the fourth within a minute is 429 with a readable message, found or not; others go on', async () => {
    const order = await insertOrder(limited.db, { orderNumber: `RP261123-${tag()}`, phone: '9812345670' });
    const ip = '198.51.100.31';
    expect((await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' }, ip, limited.checkout.url)).status).toBe(200);
    expect((await lookUp({ orderNumber: `RP261123-${tag()}`, contact: '9812345670' }, ip, limited.checkout.url)).status).toBe(404);
    expect((await lookUp({ orderNumber: order.orderNumber, contact: '9812345671' }, ip, limited.checkout.url)).status).toBe(404);
    const refused = await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' }, ip, limited.checkout.url);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many order lookups from this connection. Please wait a minute and try again.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' }, '198.51.100.32', limited.checkout.url)).status).toBe(200);
  });

  it('limits lookups per order number from any connection, in any case: guessing phone numbers stays slow', async () => {
    const order = await insertOrder(limited.db, { orderNumber: `RP261123-${tag()}`, phone: '9812345670' });
    for (let i = 0; i < 4; i++) {
      const guess = await lookUp({ orderNumber: i % 2 ? order.orderNumber.toLowerCase() : order.orderNumber, contact: `98000000${10 + i}` }, `198.51.100.${40 + i}`, limited.checkout.url);
      expect(guess.status).toBe(404);
    }
    const refused = await lookUp({ orderNumber: order.orderNumber, contact: '9812345670' }, '198.51.100.50', limited.checkout.url);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many lookups for this order number. Please try again in an hour.' });
    // The same for a number that does not exist: the limit tells nothing about the order.
    const missing = `RP261123-${tag()}`;
    for (let i = 0; i < 4; i++) await lookUp({ orderNumber: missing, contact: '9812345670' }, `198.51.100.${60 + i}`, limited.checkout.url);
    expect((await lookUp({ orderNumber: missing, contact: '9812345670' }, '198.51.100.70', limited.checkout.url)).status).toBe(429);
  });

  it('limits signed links per client', async () => {
    const order = await insertOrder(limited.db, { orderNumber: `RP261123-${tag()}` });
    const token = trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber);
    const ip = '198.51.100.80';
    expect((await openLink(order.orderNumber, token, ip, limited.checkout.url)).status).toBe(200);
    expect((await openLink(order.orderNumber, 'y'.repeat(32), ip, limited.checkout.url)).status).toBe(404);
    const refused = await openLink(order.orderNumber, token, ip, limited.checkout.url);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many order lookups from this connection. Please wait a minute and try again.');
  });
});
