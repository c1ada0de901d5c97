import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CourierError } from '../src/index.js';
import { courierSteps, rejection, sampleOrder, startWithClient, type Setup } from './helpers.js';

/** Every call of the client against the sandbox over real HTTP, as the shop will make them. */
let setup: Setup;
beforeAll(async () => {
  setup = await startWithClient();
});
afterAll(async () => {
  await setup.sandbox.close();
});
beforeEach(() => {
  setup.sandbox.state.reset();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);

async function booked(ref: string) {
  const shipment = await setup.client.createShipment(sampleOrder(ref));
  const awb = await setup.client.assignAwb({ shipmentId: shipment.shipmentId });
  return { ...shipment, awb: awb.awb };
}

describe('serviceability', () => {
  it('lists couriers with rates in paise, days and the expected day, and the recommended one', async () => {
    const answer = await setup.client.checkServiceability({ pickupPincode: '110006', deliveryPincode: '560034', weightKg: 1.6 });
    if (!answer.serviceable) throw new Error(answer.message);
    expect(answer.recommendedCourierId).toBe(10);
    expect(answer.couriers[0]).toEqual({
      courierId: 10,
      courierName: 'Delhivery Surface',
      // Zone C, 1.6 kg = 4 half kilograms: Rs 40 + 3 x Rs 36.
      ratePaise: 14_800,
      estimatedDeliveryDays: 4,
      expectedDeliveryDay: inDays(4),
      rating: 4.3,
    });
  });

  it('a pincode nobody serves is an answer, not an error', async () => {
    expect(await setup.client.checkServiceability({ pickupPincode: '110006', deliveryPincode: '682555', weightKg: 1 })).toEqual({
      serviceable: false,
      message: 'Delivery postcode 682555 is not serviceable',
    });
  });
});

describe('booking', () => {
  it('creates the shipment; asked again with the same reference, returns the first booking and makes no second order', async () => {
    const first = await setup.client.createShipment(sampleOrder('RP-9001'));
    expect(first).toMatchObject({ status: 'NEW', awb: null, courierName: null, alreadyExisted: false });
    const order = setup.sandbox.state.shipments.get(first.shipmentId)!;
    // Money leaves the client in rupees, as Shiprocket takes it: 2 x 649.00 + 449.50.
    expect(order.items.map((item) => item.selling_price)).toEqual([649, 449.5]);
    expect(order.subTotal).toBe(1747.5);
    expect(order).toMatchObject({ orderDate: '2026-11-28 14:05', parcel: { length: 20, breadth: 15, height: 12, weight: 1.6 }, paymentMethod: 'Prepaid' });
    const again = await setup.client.createShipment(sampleOrder('RP-9001'));
    expect(again).toEqual({ ...first, alreadyExisted: true });
    // A reference that only contains ours is not ours.
    const longer = await setup.client.createShipment(sampleOrder('RP-90011'));
    expect(longer.courierOrderId).not.toBe(first.courierOrderId);
    expect(setup.sandbox.state.shipments.size).toBe(2);
  });

  it('finds its booking among many the courier\'s fuzzy search returns (page after page), not booking twice', async () => {
    const first = await setup.client.createShipment(sampleOrder('RP-77'));
    // Sixty later orders whose references contain ours come first in the search, newest first.
    for (let i = 0; i < 60; i++) await setup.client.createShipment(sampleOrder(`RP-77${String(i).padStart(3, '0')}`));
    const again = await setup.client.createShipment(sampleOrder('RP-77'));
    expect(again).toEqual({ ...first, alreadyExisted: true });
    expect([...setup.sandbox.state.shipments.values()].filter((s) => s.channelOrderId === 'RP-77')).toHaveLength(1);
  });

  it('assigns an AWB (the courier\'s choice or ours); asked again, returns the same AWB', async () => {
    const auto = await setup.client.createShipment(sampleOrder('RP-9002'));
    const assigned = await setup.client.assignAwb({ shipmentId: auto.shipmentId });
    expect(assigned).toMatchObject({ courierId: 10, courierName: 'Delhivery Surface', shipmentId: auto.shipmentId, courierOrderId: auto.courierOrderId });
    expect(await setup.client.assignAwb({ shipmentId: auto.shipmentId })).toEqual(assigned);
    const chosen = await setup.client.createShipment(sampleOrder('RP-9003'));
    expect(await setup.client.assignAwb({ shipmentId: chosen.shipmentId, courierId: 1 })).toMatchObject({ courierId: 1, courierName: 'Blue Dart Air' });
    const found = await setup.client.createShipment(sampleOrder('RP-9003'));
    expect(found).toMatchObject({ alreadyExisted: true, courierName: 'Blue Dart Air', awb: expect.stringMatching(/^7789/) });
  });

  it('a courier that does not serve the route: invalid_request with the courier\'s reason', async () => {
    const { shipmentId } = await setup.client.createShipment(sampleOrder('RP-9004'));
    const error = await rejection(setup.client.assignAwb({ shipmentId, courierId: 999 }));
    expect(error).toBeInstanceOf(CourierError);
    expect(error).toMatchObject({ kind: 'invalid_request', message: 'Courier 999 does not serve this route' });
  });

  it('schedules the pickup (today, or the day asked); asked again, returns the same pickup', async () => {
    const { shipmentId } = await booked('RP-9005');
    const day = inDays(2);
    const pickup = await setup.client.schedulePickup({ shipmentId, pickupDate: day });
    expect(pickup).toMatchObject({ shipmentId, pickupTokenNumber: expect.stringMatching(/^Reference No: /) });
    expect(pickup.pickupScheduledAt?.toISOString()).toBe(new Date(`${day}T10:00:00+05:30`).toISOString());
    expect(await setup.client.schedulePickup({ shipmentId })).toEqual(pickup);
  });

  it('label and manifest: URLs of PDFs the sandbox serves', async () => {
    const one = await booked('RP-9006');
    const unassigned = await setup.client.createShipment(sampleOrder('RP-9007'));
    const label = await setup.client.labelUrl([one.shipmentId, unassigned.shipmentId]);
    expect(label.notCreated).toEqual([unassigned.shipmentId]);
    const pdf = await fetch(label.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await rejection(setup.client.labelUrl([unassigned.shipmentId]))).toMatchObject({ kind: 'invalid_request' });
    expect(await rejection(setup.client.manifestUrl([one.shipmentId]))).toMatchObject({ kind: 'invalid_request', message: `Schedule the pickup before the manifest: shipment ${one.shipmentId}` });
    await setup.client.schedulePickup({ shipmentId: one.shipmentId });
    const manifest = await setup.client.manifestUrl([one.shipmentId]);
    expect((await fetch(manifest.url)).status).toBe(200);
  });

  it('cancels by courier order or by AWB before pickup, twice harmlessly; after pickup it is refused', async () => {
    const byOrder = await booked('RP-9008');
    await setup.client.cancel({ courierOrderId: byOrder.courierOrderId });
    await setup.client.cancel({ courierOrderId: byOrder.courierOrderId });
    const byAwb = await booked('RP-9009');
    await setup.client.cancel({ awb: byAwb.awb });
    expect([byOrder.shipmentId, byAwb.shipmentId].map((id) => setup.sandbox.state.shipments.get(id)?.phase)).toEqual(['cancelled', 'cancelled']);
    const late = await booked('RP-9010');
    await setup.client.schedulePickup({ shipmentId: late.shipmentId });
    await courierSteps(setup.sandbox, late.awb, 'pick-up');
    expect(await rejection(setup.client.cancel({ awb: late.awb }))).toMatchObject({ kind: 'invalid_request', statusCode: 400 });
    expect(await rejection(setup.client.cancel({ courierOrderId: 1 }))).toMatchObject({ kind: 'not_found' });
  });
});

describe('tracking', () => {
  it('before the first scan: no status; then the scans oldest first with the courier\'s link and expected delivery', async () => {
    const { awb, shipmentId } = await booked('RP-9101');
    expect(await setup.client.track(awb)).toMatchObject({ awb, status: null, scans: [], trackUrl: `${setup.sandbox.url}/tracking/${awb}` });
    await setup.client.schedulePickup({ shipmentId });
    await courierSteps(setup.sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', 'deliver');
    const tracked = await setup.client.track(awb);
    expect(tracked).toMatchObject({ status: 'delivered', courierStatus: 'DELIVERED', courierName: 'Delhivery Surface', deliveredAt: tracked.scans.at(-1)!.at });
    expect(tracked.scans.map((scan) => scan.status)).toEqual(['pickup-scheduled', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered']);
    expect(tracked.expectedDelivery).toBeInstanceOf(Date);
    expect(await rejection(setup.client.track('1904000000000'))).toMatchObject({ kind: 'not_found' });
  });

  it('trackMany asks 50 at a time and maps an AWB the courier does not know to null', async () => {
    const { awb } = await booked('RP-9102');
    const unknown = Array.from({ length: 60 }, (_, i) => `1904${String(i).padStart(10, '0')}`);
    const results = await setup.client.trackMany([awb, ...unknown, awb]);
    expect(results.size).toBe(61);
    expect(results.get(awb)).toMatchObject({ awb, status: null });
    expect(results.get(unknown[59]!)).toBeNull();
    expect(setup.calls('/courier/track/awbs')).toBe(2);
  });
});

describe('failed deliveries (NDR)', () => {
  it('lists and details the undelivered with reason, its kind, attempts and history', async () => {
    const { awb, shipmentId } = await booked('RP-9201');
    await setup.client.schedulePickup({ shipmentId });
    await courierSteps(setup.sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'phone-switched-off']);
    const page = await setup.client.ndrList();
    expect(page).toMatchObject({ page: 1, totalPages: 1, total: 1 });
    expect(page.items[0]).toMatchObject({
      awb,
      shipmentId,
      courierName: 'Delhivery Surface',
      courierStatus: 'UNDELIVERED',
      reason: 'Customer Phone Switched Off',
      reasonCode: 'phone-unreachable',
      attempts: 1,
      customer: { name: 'Meera Iyer', phone: '9876543210', address: 'Flat 4C, 80 Feet Road, Koramangala 4th Block, Bengaluru, 560034' },
    });
    expect((await setup.client.ndrList({ awb })).items).toHaveLength(1);
    expect(await setup.client.ndrDetail(awb)).toEqual(page.items[0]);
    expect(await rejection(setup.client.ndrDetail('1904000000000'))).toMatchObject({ kind: 'not_found' });
  });

  it('re-attempt with a date, a corrected phone and an address note reaches the courier; a return starts RTO', async () => {
    const { awb, shipmentId } = await booked('RP-9202');
    await setup.client.schedulePickup({ shipmentId });
    await courierSteps(setup.sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'address-incomplete']);
    const day = inDays(1);
    await setup.client.ndrAction({ awb, action: 're-attempt', comments: 'Landmark added', date: day, phone: '9123456789', addressNote: 'Behind the blue temple' });
    const shipment = setup.sandbox.state.findAwb(awb)!;
    expect(shipment.customer).toMatchObject({ phone: '9123456789', address2: 'Behind the blue temple' });
    expect(shipment.ndr?.deferredDate).toBe(day);
    expect((await setup.client.ndrDetail(awb)).history.at(-1)).toMatchObject({ actionBy: 'seller', comment: 'Landmark added' });
    await courierSteps(setup.sandbox, awb, 'out-for-delivery', ['fail', 'refused']);
    await setup.client.ndrAction({ awb, action: 'return', comments: 'Shopper refused' });
    expect((await setup.client.track(awb)).status).toBe('rto-initiated');
    expect(await rejection(setup.client.ndrAction({ awb, action: 're-attempt', comments: 'Too late' }))).toMatchObject({ kind: 'invalid_request' });
  });
});
