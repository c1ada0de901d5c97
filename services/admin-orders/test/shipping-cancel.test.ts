import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxWithClient } from '@pickles/courier-sandbox/testing';
import { call, insertOrder, startAsOwnerWithCourier, uniqueTag, type Harness, type OrderSeed } from './helpers.js';

/** The owner's courier tools beyond Ship: the courier picker's choices, cancelling a booking, labels for many. */
let sandbox: SandboxWithClient;
let h: Harness;
let token: string;
let username: string;
beforeAll(async () => ({ sandbox, h, token, username } = await startAsOwnerWithCourier()));
afterAll(() => h?.close());
beforeEach(() => {
  sandbox.state.setKnobs({ apiFailure: 'none', apiFailureCount: null, apiFailurePath: null, unserviceablePincodes: [], apiTimeoutHoldMs: 30_000, webhookUrl: `${h.app.url}/api/courier/webhook`, dropNextWebhooks: 0 });
});

const ship = (orderId: string, body: Record<string, unknown> = {}) => call(h.app, 'POST', `/api/admin/orders/${orderId}/ship`, { token, body });
const cancel = (orderId: string) => call(h.app, 'POST', `/api/admin/orders/${orderId}/cancel-shipment`, { token, body: {} });
const detail = (orderId: string) => call(h.app, 'GET', `/api/admin/orders/${orderId}`, { token });
const options = (orderId: string) => call(h.app, 'GET', `/api/admin/orders/${orderId}/courier-options`, { token });
const paidOrder = (seed: OrderSeed = {}) => insertOrder(h.db, { tag: uniqueTag(), status: 'paid', city: 'Bengaluru', state: 'Karnataka', pincode: '560034', ...seed });
/** The sandbox's bookings of one of our orders, the first and any made after a cancel ("-2", "-3"). */
const courierOrdersOf = (orderNumber: string) => [...sandbox.state.shipments.values()].filter((s) => s.channelOrderId === orderNumber || s.channelOrderId.startsWith(`${orderNumber}-`));

describe('GET /api/admin/orders/{id}/courier-options', () => {
  it("lists the couriers serving the order's pincode for its weight, cheapest first, with the recommended one, as the courier quotes them", async () => {
    const order = await paidOrder({ items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
    const response = await options(order.id);
    expect(response.status).toBe(200);
    // Two jars: 2 x 0.35 kg and the carton's 0.15 kg.
    const quoted = await sandbox.client.checkServiceability({ pickupPincode: '110006', deliveryPincode: '560034', weightKg: 0.85 });
    if (!quoted.serviceable) throw new Error('560034 should be served');
    expect(response.body).toMatchObject({ success: true, serviceable: true, pincode: '560034', weightKg: 0.85, recommendedCourierId: quoted.recommendedCourierId });
    const couriers = response.body.couriers as { courierId: number; ratePaise: number; estimatedDeliveryDays: number | null }[];
    expect(couriers.map((c) => c.courierId).sort()).toEqual(quoted.couriers.map((c) => c.courierId).sort());
    expect(couriers.length).toBeGreaterThan(1);
    expect(couriers.map((c) => c.ratePaise)).toEqual([...couriers.map((c) => c.ratePaise)].sort((a, b) => a - b));
    for (const c of couriers) {
      expect(Number.isInteger(c.ratePaise) && c.ratePaise > 0).toBe(true);
      expect(c.estimatedDeliveryDays).toBeGreaterThan(0);
    }
  });

  it("says when no courier serves the pincode, in the courier's words; 404 for an unknown order, 503 when the courier is down", async () => {
    const order = await paidOrder({ pincode: '560036' });
    sandbox.state.setKnobs({ unserviceablePincodes: ['560036'] });
    const response = await options(order.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, serviceable: false, pincode: '560036', weightKg: 0.5, message: expect.any(String) });
    expect(response.body.message.length).toBeGreaterThan(5);
    expect((await options('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    sandbox.state.setKnobs({ unserviceablePincodes: [], apiFailure: 'unavailable' });
    const down = await options(order.id);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ success: false, error: 'The courier did not answer: nothing was changed, try again in a minute' });
  });
});

describe('POST /api/admin/orders/{id}/cancel-shipment', () => {
  it('before pickup: cancelled at the courier, the dispatch record gone, the order paid and to ship again; Ship books a new parcel under the next reference', async () => {
    const order = await paidOrder();
    expect((await ship(order.id)).status).toBe(200);
    const [first] = courierOrdersOf(order.orderNumber);
    expect((await detail(order.id)).body).toMatchObject({ canCancelShipment: true, canShip: false });

    const response = await cancel(order.id);
    expect(response.status).toBe(200);
    expect(response.body.shipment).toMatchObject({ state: 'cancelled', awb: first!.awb, cancelledAt: expect.any(String) });
    expect(first!.phase).toBe('cancelled');
    const page = (await detail(order.id)).body;
    expect(page).toMatchObject({ dispatch: null, canShip: true, canCancelShipment: false, shipment: { state: 'cancelled' } });
    expect(page.order.status).toBe('paid');
    const row = await h.db.selectFrom('shipments').select(['cancelled_by', 'booking_count']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ cancelled_by: username, booking_count: 1 });

    // Cancelling again: refused with the reason, the courier not asked.
    const before = sandbox.state.requests.length;
    expect(await cancel(order.id)).toMatchObject({ status: 409, body: { success: false, error: 'The booking is already cancelled' } });
    expect(sandbox.state.requests.length).toBe(before);

    const again = await ship(order.id);
    expect(again.status).toBe(200);
    expect(again.body.shipment).toMatchObject({ state: 'booked', cancelledAt: null, attempts: 1 });
    const bookings = courierOrdersOf(order.orderNumber);
    expect(bookings.map((s) => [s.channelOrderId, s.phase])).toEqual([
      [order.orderNumber, 'cancelled'],
      [`${order.orderNumber}-2`, 'pickup-scheduled'],
    ]);
    expect(again.body.shipment.awb).toBe(bookings[1]!.awb);
    expect((await detail(order.id)).body.dispatch.awb).toBe(bookings[1]!.awb);
  });

  it('after pickup: refused (409) with a clear reason, nothing changed at the courier or here', async () => {
    const order = await paidOrder();
    await ship(order.id);
    const [booked] = courierOrdersOf(order.orderNumber);
    sandbox.state.step(booked!.awb!, 'pick-up');
    await expect.poll(async () => (await detail(order.id)).body.shipment.deliveryStatus, { timeout: 10_000 }).toBe('picked-up');
    expect((await detail(order.id)).body.canCancelShipment).toBe(false);
    const response = await cancel(order.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: 'The courier has already picked up the parcel: a booking can be cancelled only before pickup' });
    expect(booked!.phase).toBe('picked-up');
    expect((await detail(order.id)).body).toMatchObject({ shipment: { state: 'booked' }, dispatch: { awb: booked!.awb } });
  });

  it("the courier refusing (picked up before our events said so) is 409 in its words; the courier down is 503; neither changes anything", async () => {
    const order = await paidOrder();
    await ship(order.id);
    const [booked] = courierOrdersOf(order.orderNumber);
    sandbox.state.setKnobs({ apiFailure: 'unavailable' });
    const down = await cancel(order.id);
    expect(down).toMatchObject({ status: 503, body: { success: false, error: 'The courier did not answer: nothing was changed, try again in a minute' } });
    expect((await detail(order.id)).body.shipment.state).toBe('booked');

    sandbox.state.setKnobs({ apiFailure: 'none', dropNextWebhooks: 1 });
    sandbox.state.step(booked!.awb!, 'pick-up');
    const refused = await cancel(order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^The courier refused to cancel: Cannot cancel after pickup/);
    expect((await detail(order.id)).body).toMatchObject({ shipment: { state: 'booked' }, dispatch: { awb: booked!.awb } });
  });

  it('refuses an order never booked, and answers 404 for an unknown one', async () => {
    const order = await paidOrder();
    expect(await cancel(order.id)).toMatchObject({ status: 409, body: { success: false, error: 'This order was not booked with the courier' } });
    expect((await cancel('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(h.app, 'POST', `/api/admin/orders/${order.id}/cancel-shipment`, { body: {} })).status).toBe(401);
  });
});

describe('POST /api/admin/orders/labels', () => {
  it('one PDF with the labels of the booked orders; the others named as missing', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const notBooked = await paidOrder();
    await call(h.app, 'POST', '/api/admin/orders/ship-batch', { token, body: { orderIds: [a.id, b.id] } });
    const response = await call(h.app, 'POST', '/api/admin/orders/labels', { token, body: { orderIds: [a.id, b.id, notBooked.id] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, url: expect.stringMatching(/\.pdf$/), missing: [notBooked.orderNumber] });
    const pdf = await fetch(response.body.url);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const none = await call(h.app, 'POST', '/api/admin/orders/labels', { token, body: { orderIds: [notBooked.id] } });
    expect(none).toMatchObject({ status: 404, body: { success: false, error: 'None of these orders is booked with the courier: no label to print' } });
    expect((await call(h.app, 'POST', '/api/admin/orders/labels', { token, body: { orderIds: [] } })).status).toBe(400);
  });
});
