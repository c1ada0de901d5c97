import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { createLogger } from '@pickles/service-kit';
import { eventually } from '@pickles/test-kit';
import type { SandboxWithClient } from '@pickles/courier-sandbox/testing';
import type { Step } from '@pickles/courier-sandbox';
import { pollSilentShipments } from '../src/courier/worker.js';
import { call, insertOrder, startAsOwnerWithCourier, uniqueTag, type Harness } from './helpers.js';

let sandbox: SandboxWithClient;
let h: Harness;
let token: string;
const logger = createLogger('admin-orders', 'silent');
const TOKEN = 'courier-sandbox-webhook-token';
beforeAll(async () => ({ sandbox, h, token } = await startAsOwnerWithCourier({ timeoutMs: 1_000 })));
afterAll(() => h?.close());
beforeEach(() => {
  sandbox.state.setKnobs({ webhookUrl: `${h.app.url}/api/courier/webhook`, duplicateWebhooks: false, withholdWebhooks: false, reorderWebhooks: 'none', dropNextWebhooks: 0 });
});

const detail = async (orderId: string) => (await call(h.app, 'GET', `/api/admin/orders/${orderId}`, { token })).body;

/** A paid order booked with the courier (its PICKUP SCHEDULED webhook taken); its AWB. */
async function bookedOrder() {
  const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid', city: 'Bengaluru', state: 'Karnataka', pincode: '560034' });
  const shipped = await call(h.app, 'POST', `/api/admin/orders/${order.id}/ship`, { token, body: {} });
  expect(shipped.status).toBe(200);
  await eventually(async () => (await storedEvents(order.id)).length === 1);
  return { order, awb: shipped.body.shipment.awb as string };
}

const storedEvents = (orderId: string) => h.db.selectFrom('shipment_events').select(['status', 'source']).where('order_id', '=', orderId).orderBy('occurred_at').execute();

/** The shopper e-mail events (order.changed) written for the order: kind, oldest first. */
async function shopperUpdates(orderId: string): Promise<string[]> {
  const rows = await h.db.selectFrom('outbox_events').select(['payload']).where('type', '=', 'order.changed').orderBy('occurred_at').execute();
  return rows.map((row) => (row.payload as { data: { orderId: string; kind: string } }).data).filter((data) => data.orderId === orderId).map((data) => data.kind);
}

/** Plays the courier: one step, then waits until its webhook is stored (so arrival order is the steps' order). */
async function step(orderId: string, awb: string, name: Step, reason?: 'customer-not-available') {
  const before = (await storedEvents(orderId)).length;
  sandbox.state.step(awb, name, reason);
  await eventually(async () => (await storedEvents(orderId)).length > before);
}

const webhook = (body: string, headers: Record<string, string>) => fetch(`${h.app.url}/api/courier/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('POST /api/courier/webhook', () => {
  it('takes only webhooks carrying our token, and only tracking webhooks; nothing else is stored', async () => {
    const { order, awb } = await bookedOrder();
    const body = JSON.stringify({ awb, current_status: 'DELIVERED', shipment_status_id: 7, current_timestamp: '28 11 2026 14:05:12', scans: [] });
    for (const headers of [{}, { 'x-api-key': 'not-our-token' }] as Record<string, string>[]) {
      const response = await webhook(body, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, error: 'Invalid webhook token' });
    }
    const notTracking = await webhook(JSON.stringify({ hello: 'world' }), { 'x-api-key': TOKEN });
    expect(notTracking.status).toBe(400);
    expect(((await notTracking.json()) as { success: boolean }).success).toBe(false);
    expect(await storedEvents(order.id)).toHaveLength(1);
    expect((await detail(order.id)).order.status).toBe('paid');
    // Another channel's parcel: taken (so the courier stops sending it), nothing to do.
    const unknown = await webhook(JSON.stringify({ ...JSON.parse(body), awb: 'UNKNOWN0000001' }), { 'x-api-key': TOKEN });
    expect(unknown.status).toBe(200);
  });

  it('follows the parcel: picked up, in transit, out for delivery, a failed attempt, out again, delivered; each shopper e-mail once, the order delivered', async () => {
    const { order, awb } = await bookedOrder();
    await step(order.id, awb, 'pick-up');
    await step(order.id, awb, 'in-transit');
    await step(order.id, awb, 'out-for-delivery');
    await step(order.id, awb, 'fail', 'customer-not-available');
    expect((await detail(order.id)).shipment).toMatchObject({ deliveryStatus: 'undelivered' });
    await step(order.id, awb, 'out-for-delivery');
    await step(order.id, awb, 'deliver');
    const page = await detail(order.id);
    expect(page.order.status).toBe('delivered');
    expect(page.shipment.deliveryStatus).toBe('delivered');
    expect(page.shipment.events.map((event: { status: string }) => event.status)).toEqual([
      'pickup-scheduled',
      'picked-up',
      'in-transit',
      'out-for-delivery',
      'undelivered',
      'out-for-delivery',
      'delivered',
    ]);
    expect(page.shipment.events[4]).toMatchObject({ courierStatus: 'UNDELIVERED', reason: 'Customer Not Available' });
    expect(await shopperUpdates(order.id)).toEqual(['dispatched', 'out-for-delivery', 'delivery-failed', 'out-for-delivery', 'delivered']);
    expect(page.history.at(-1)).toMatchObject({ toStatus: 'delivered', changedBy: 'courier' });
  });

  it('webhooks duplicated and delivered in reverse change nothing more: every event once, the order delivered once, no stale e-mail', async () => {
    const { order, awb } = await bookedOrder();
    sandbox.state.setKnobs({ duplicateWebhooks: true, withholdWebhooks: true, reorderWebhooks: 'reverse' });
    for (const name of ['pick-up', 'in-transit', 'out-for-delivery', 'deliver'] as const) sandbox.state.step(awb, name);
    expect(sandbox.state.webhooks.release()).toBe(4);
    await eventually(async () => sandbox.state.webhooks.idle && (await storedEvents(order.id)).length === 5);
    const page = await detail(order.id);
    expect(page.order.status).toBe('delivered');
    expect(page.shipment.deliveryStatus).toBe('delivered');
    expect(page.shipment.events.map((event: { status: string }) => event.status)).toEqual(['pickup-scheduled', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered']);
    // Delivered arrived first; the older out-for-delivery that came after it tells the shopper nothing.
    expect(await shopperUpdates(order.id)).toEqual(['dispatched', 'delivered']);
    expect(page.history.filter((entry: { toStatus: string }) => entry.toStatus === 'delivered')).toHaveLength(1);
  });
});

describe('polling shipments the courier fell silent about', () => {
  it('asks the track API after a day without events, applies the lost events once, and waits another day before asking again', async () => {
    const { order, awb } = await bookedOrder();
    sandbox.state.setKnobs({ dropNextWebhooks: 2 });
    sandbox.state.step(awb, 'pick-up');
    sandbox.state.step(awb, 'in-transit');
    const deps = { db: h.db, courier: { client: sandbox.client, pickupLocation: 'Primary', pickupPincode: '110006' }, logger };
    // Heard from within the day: not asked.
    await pollSilentShipments(deps, 24);
    expect(await storedEvents(order.id)).toHaveLength(1);

    await h.db.updateTable('shipments').set({ last_event_at: sql`now() - interval '25 hours'`, booked_at: sql`now() - interval '26 hours'` }).where('order_id', '=', order.id).execute();
    expect(await pollSilentShipments(deps, 24)).toBe(1);
    expect(await storedEvents(order.id)).toEqual([
      { status: 'pickup-scheduled', source: 'webhook' },
      { status: 'picked-up', source: 'poll' },
      { status: 'in-transit', source: 'poll' },
    ]);
    expect((await detail(order.id)).shipment.deliveryStatus).toBe('in-transit');
    const trackCalls = sandbox.calls('/courier/track/awbs');
    expect(await pollSilentShipments(deps, 24)).toBe(0);
    expect(sandbox.calls('/courier/track/awbs')).toBe(trackCalls);
    expect(await storedEvents(order.id)).toHaveLength(3);
  });
});

describe('the delivery problems queue', () => {
  it('lists a failed delivery with its reason, attempts and 24 hours to act; a re-attempt with a corrected phone reaches the courier and takes it off until the next failure', async () => {
    const { order, awb } = await bookedOrder();
    for (const name of ['pick-up', 'in-transit', 'out-for-delivery'] as const) await step(order.id, awb, name);
    await step(order.id, awb, 'fail', 'customer-not-available');
    const queue = (await call(h.app, 'GET', '/api/admin/delivery-problems', { token })).body;
    const problem = queue.problems.find((p: { orderId: string }) => p.orderId === order.id);
    expect(problem).toMatchObject({ orderNumber: order.orderNumber, awb, kind: 'undelivered', reason: 'Customer Not Available', attempts: 1 });
    expect(new Date(problem.actBy).getTime() - new Date(problem.failedAt).getTime()).toBe(24 * 3_600_000);

    const bad = await call(h.app, 'POST', `/api/admin/orders/${order.id}/delivery-problem`, { token, body: { action: 'return', phone: '9876543210' } });
    expect(bad.status).toBe(400);
    const answered = await call(h.app, 'POST', `/api/admin/orders/${order.id}/delivery-problem`, {
      token,
      body: { action: 're-attempt', phone: '9123456780', addressNote: 'Ring the bell twice, blue gate' },
    });
    expect(answered.body).toEqual({ success: true, action: 're-attempt' });
    const ndr = await sandbox.client.ndrDetail(awb);
    expect(ndr.history.filter((entry) => entry.actionBy === 'seller')).toHaveLength(1);
    expect((await call(h.app, 'GET', '/api/admin/delivery-problems', { token })).body.problems.some((p: { orderId: string }) => p.orderId === order.id)).toBe(false);
    const again = await call(h.app, 'POST', `/api/admin/orders/${order.id}/delivery-problem`, { token, body: { action: 're-attempt' } });
    expect(again.status).toBe(409);

    await step(order.id, awb, 'out-for-delivery');
    await step(order.id, awb, 'fail', 'customer-not-available');
    const second = (await call(h.app, 'GET', '/api/admin/delivery-problems', { token })).body.problems.find((p: { orderId: string }) => p.orderId === order.id);
    expect(second).toMatchObject({ kind: 'undelivered', attempts: 2 });
  });

  it('a return ends as returned: the parcel comes back and waits for the refund decision while the order is paid', async () => {
    const { order, awb } = await bookedOrder();
    for (const name of ['pick-up', 'in-transit', 'out-for-delivery'] as const) await step(order.id, awb, name);
    await step(order.id, awb, 'fail', 'customer-not-available');
    expect((await call(h.app, 'POST', `/api/admin/orders/${order.id}/delivery-problem`, { token, body: { action: 'return' } })).status).toBe(200);
    await eventually(async () => (await detail(order.id)).shipment.deliveryStatus === 'rto-initiated');
    await step(order.id, awb, 'rto-deliver');
    const page = await detail(order.id);
    expect(page.shipment.deliveryStatus).toBe('rto-delivered');
    expect(page.order.status).toBe('paid');
    const problem = (await call(h.app, 'GET', '/api/admin/delivery-problems', { token })).body.problems.find((p: { orderId: string }) => p.orderId === order.id);
    expect(problem).toMatchObject({ kind: 'returned', actBy: null });
    expect(await shopperUpdates(order.id)).toEqual(['dispatched', 'out-for-delivery', 'delivery-failed']);
  });
});
