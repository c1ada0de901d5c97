import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { createLogger } from '@pickles/service-kit';
import type { SandboxWithClient } from '@pickles/courier-sandbox/testing';
import { retryDueBookings } from '../src/courier/worker.js';
import { call, insertOrder, loginToken, startAsOwnerWithCourier, startHarness, uniqueTag, type Harness, type OrderSeed } from './helpers.js';

let sandbox: SandboxWithClient;
let h: Harness;
let token: string;
let username: string;
const logger = createLogger('admin-orders', 'silent');
beforeAll(async () => ({ sandbox, h, token, username } = await startAsOwnerWithCourier()));
afterAll(() => h?.close());
beforeEach(() => {
  sandbox.state.setKnobs({ apiFailure: 'none', apiFailureCount: null, apiFailurePath: null, unserviceablePincodes: [], apiTimeoutHoldMs: 30_000 });
});

const ship = (orderId: string, body: Record<string, unknown> = {}) => call(h.app, 'POST', `/api/admin/orders/${orderId}/ship`, { token, body });
const detail = (orderId: string) => call(h.app, 'GET', `/api/admin/orders/${orderId}`, { token });
const paidOrder = (seed: OrderSeed = {}) => insertOrder(h.db, { tag: uniqueTag(), status: 'paid', city: 'Bengaluru', state: 'Karnataka', pincode: '560034', ...seed });

/** The sandbox's bookings of one of our orders (Shiprocket has no idempotency: a second create would be a second parcel). */
const courierOrdersOf = (orderNumber: string) => [...sandbox.state.shipments.values()].filter((shipment) => shipment.channelOrderId === orderNumber);

async function dispatchedEvents(orderId: string): Promise<number> {
  const rows = await h.db.selectFrom('outbox_events').select('payload').where('type', '=', 'order.changed').execute();
  return rows.filter((row) => {
    const data = (row.payload as { data: { orderId: string; kind: string } }).data;
    return data.orderId === orderId && data.kind === 'dispatched';
  }).length;
}

describe('POST /api/admin/orders/{id}/ship', () => {
  it("books a paid order (shipment, AWB, pickup), records its dispatch with the courier's tracking link and e-mails the shopper once; Ship again books nothing more", async () => {
    const order = await paidOrder({ items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
    const first = await ship(order.id);
    expect(first.status).toBe(200);
    const [booked] = courierOrdersOf(order.orderNumber);
    expect(booked).toBeDefined();
    expect(booked!.customer.pincode).toBe('560034');
    expect(booked!.pickupScheduledAt).not.toBeNull();
    expect(first.body).toEqual({
      success: true,
      shipment: expect.objectContaining({
        state: 'booked',
        awb: booked!.awb,
        courierName: booked!.courier!.name,
        trackingUrl: `${sandbox.url}/tracking/${booked!.awb}`,
        pickupScheduledAt: expect.any(String),
        error: null,
        attempts: 1,
        events: [],
      }),
    });
    const page = (await detail(order.id)).body;
    expect(page.dispatch).toMatchObject({ courierId: 'other', courierName: booked!.courier!.name, awb: booked!.awb, trackingUrl: `${sandbox.url}/tracking/${booked!.awb}`, recordedBy: username });
    expect(page.shipment.state).toBe('booked');
    expect(page.canShip).toBe(false);
    expect(await dispatchedEvents(order.id)).toBe(1);

    const again = await ship(order.id);
    expect(again.status).toBe(200);
    expect(again.body.shipment.awb).toBe(booked!.awb);
    expect(courierOrdersOf(order.orderNumber)).toHaveLength(1);
    expect(await dispatchedEvents(order.id)).toBe(1);
  });

  it("takes the owner's courier choice", async () => {
    const order = await paidOrder();
    const serviceability = await sandbox.client.checkServiceability({ pickupPincode: '110006', deliveryPincode: '560034', weightKg: 0.5 });
    if (!serviceability.serviceable) throw new Error('560034 should be served');
    const chosen = serviceability.couriers.find((courier) => courier.courierId !== serviceability.recommendedCourierId)!;
    const response = await ship(order.id, { courierId: chosen.courierId });
    expect(response.status).toBe(200);
    expect(response.body.shipment.courierName).toBe(chosen.courierName);
    expect(courierOrdersOf(order.orderNumber)[0]!.courier!.id).toBe(chosen.courierId);
  });

  it('refuses unpaid, cancelled, refunded and already dispatched orders and a bad courier id, asking the courier nothing', async () => {
    const before = sandbox.state.requests.length;
    const unpaid = await paidOrder({ status: 'pending', paymentStatus: 'pending' });
    const cancelled = await paidOrder({ status: 'cancelled' });
    const refunded = await paidOrder({ paymentStatus: 'refunded' });
    const byHand = await paidOrder();
    expect((await call(h.app, 'PUT', `/api/admin/orders/${byHand.id}/dispatch`, { token, body: { courierId: 'delhivery', awb: '1234567890123' } })).status).toBe(200);
    for (const [order, reason] of [
      [unpaid, 'Cannot ship: this order is not paid'],
      [cancelled, 'Cannot ship a cancelled order'],
      [refunded, "Cannot ship: this order's payment was refunded"],
      [byHand, 'This order has already been dispatched'],
    ] as const) {
      const response = await ship(order.id);
      expect(response.status, reason).toBe(409);
      expect(response.body).toEqual({ success: false, error: reason });
    }
    const bad = await ship(byHand.id, { courierId: 'fast' });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await call(h.app, 'POST', `/api/admin/orders/00000000-0000-4000-8000-000000000000/ship`, { token, body: {} })).status).toBe(404);
    expect((await call(h.app, 'POST', `/api/admin/orders/${unpaid.id}/ship`, { body: {} })).status).toBe(401);
    const { count } = await h.db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('order_id', 'in', [unpaid.id, cancelled.id, refunded.id, byHand.id])
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
    expect(sandbox.state.requests.slice(before).filter((request) => !request.path.includes('/auth/'))).toEqual([]);
  });

  it('the courier down: the booking is pending (202) with the reason, and the worker books it once the courier answers, as one parcel', async () => {
    const order = await paidOrder();
    sandbox.state.setKnobs({ apiFailure: 'unavailable' });
    const pending = await ship(order.id);
    expect(pending.status).toBe(202);
    expect(pending.body.shipment).toMatchObject({ state: 'pending', awb: null, attempts: 1, error: expect.stringMatching(/^The courier did not answer .*; the shop keeps trying$/) });
    expect((await detail(order.id)).body).toMatchObject({ dispatch: null, canShip: false, shipment: { state: 'pending' } });
    expect(await dispatchedEvents(order.id)).toBe(0);
    const waiting = async () => ((await call(h.app, 'GET', '/api/admin/delivery-problems', { token })).body.waitingBookings as Array<{ orderId: string }>).filter((booking) => booking.orderId === order.id);
    // Under half an hour it is the order page's to show; from then on the delivery problems page lists it too.
    expect(await waiting()).toEqual([]);
    await h.db.updateTable('shipments').set({ requested_at: sql`now() - interval '31 minutes'` }).where('order_id', '=', order.id).execute();
    expect(await waiting()).toEqual([
      { orderId: order.id, orderNumber: order.orderNumber, customerName: expect.any(String), city: 'Bengaluru', requestedAt: expect.any(String), attempts: 1, lastError: expect.stringMatching(/^The courier did not answer/) },
    ]);

    // Not due yet: the worker leaves it.
    sandbox.state.setKnobs({ apiFailure: 'none' });
    await retryDueBookings({ db: h.db, courier: { client: sandbox.client, pickupLocation: 'Primary', pickupPincode: '110006' }, logger });
    expect((await detail(order.id)).body.shipment.state).toBe('pending');

    await h.db.updateTable('shipments').set({ next_attempt_at: sql`now()` }).where('order_id', '=', order.id).execute();
    await retryDueBookings({ db: h.db, courier: { client: sandbox.client, pickupLocation: 'Primary', pickupPincode: '110006' }, logger });
    const page = (await detail(order.id)).body;
    expect(page.shipment).toMatchObject({ state: 'booked', attempts: 2, error: null });
    expect(page.dispatch.awb).toBe(page.shipment.awb);
    expect(courierOrdersOf(order.orderNumber)).toHaveLength(1);
    expect(await dispatchedEvents(order.id)).toBe(1);
    expect(await waiting()).toEqual([]);
  });

  it('a booking the courier made but never answered is found, not made twice', async () => {
    const order = await paidOrder();
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailurePath: '/orders/create/adhoc', apiFailureCount: 1, apiTimeoutHoldMs: 2_000 });
    const response = await ship(order.id);
    expect(response.status).toBe(200);
    expect(response.body.shipment.state).toBe('booked');
    expect(courierOrdersOf(order.orderNumber)).toHaveLength(1);
    expect(sandbox.calls('/orders/create/adhoc')).toBeGreaterThan(0);
  });

  it('the courier refusing (nobody serves the pincode): 422 with its reason, no dispatch; Ship again once it does', async () => {
    const order = await paidOrder({ pincode: '560035' });
    sandbox.state.setKnobs({ unserviceablePincodes: ['560035'] });
    const refused = await ship(order.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, error: expect.stringMatching(/^The courier refused the booking: /) });
    expect((await detail(order.id)).body).toMatchObject({ dispatch: null, canShip: true, shipment: { state: 'failed' } });
    expect(await dispatchedEvents(order.id)).toBe(0);

    sandbox.state.setKnobs({ unserviceablePincodes: [] });
    const booked = await ship(order.id);
    expect(booked.status).toBe(200);
    expect(booked.body.shipment.state).toBe('booked');
    expect(courierOrdersOf(order.orderNumber)).toHaveLength(1);
  });

  it("gives the courier's label to print", async () => {
    const order = await paidOrder();
    expect((await call(h.app, 'GET', `/api/admin/orders/${order.id}/label`, { token })).status).toBe(404);
    await ship(order.id);
    const label = await call(h.app, 'GET', `/api/admin/orders/${order.id}/label`, { token });
    expect(label.status).toBe(200);
    expect(label.body.url).toMatch(/\.pdf$/);
    const pdf = await fetch(label.body.url);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });
});

describe('POST /api/admin/orders/ship-batch', () => {
  it('books each paid order on its own and says why each other was refused', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const unpaid = await paidOrder({ status: 'pending', paymentStatus: 'pending' });
    const response = await call(h.app, 'POST', '/api/admin/orders/ship-batch', { token, body: { orderIds: [a.id, unpaid.id, b.id, a.id] } });
    expect(response.status).toBe(200);
    expect(response.body.shipped.map((line: { orderNumber: string; shipment: { state: string } }) => [line.orderNumber, line.shipment.state])).toEqual([
      [a.orderNumber, 'booked'],
      [b.orderNumber, 'booked'],
    ]);
    expect(response.body.refused).toEqual([{ orderId: unpaid.id, orderNumber: unpaid.orderNumber, reason: 'Cannot ship: this order is not paid' }]);
    expect(courierOrdersOf(a.orderNumber)).toHaveLength(1);
    expect((await call(h.app, 'POST', '/api/admin/orders/ship-batch', { token, body: { orderIds: [] } })).status).toBe(400);
  });
});

describe('without a courier configured', () => {
  it('Ship is not offered and answers 404 with what to do instead', async () => {
    const plain = await startHarness();
    try {
      const { token: plainToken } = await loginToken(plain.app, plain.db);
      const order = await insertOrder(plain.db, { tag: uniqueTag(), status: 'paid' });
      const response = await call(plain.app, 'POST', `/api/admin/orders/${order.id}/ship`, { token: plainToken, body: {} });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'No courier is configured: record the dispatch by hand' });
      expect((await call(plain.app, 'GET', `/api/admin/orders/${order.id}`, { token: plainToken })).body).toMatchObject({ canShip: false, shipment: null });
    } finally {
      await plain.close();
    }
  });
});
