import { eventually } from '@pickles/test-kit';
import { webhookPairPerFile } from '@pickles/test-kit/per-file';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type TrackingEvent } from '../src/index.js';
import { courierSteps, DEFAULT_WEBHOOK_TOKEN, sampleOrder, startWebhookReceiver, startWithClient, type Setup } from './helpers.js';

/** Tracking webhooks as the sandbox sends them, checked and parsed by the client the way the shop will. */
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let setup: Setup;
webhookPairPerFile(
  startWebhookReceiver,
  (webhookUrl) => startWithClient({ webhookUrl }),
  (started) => started.sandbox.close(),
  (started, sending) => {
    receiver = started;
    setup = sending;
  },
);
beforeEach(() => {
  setup.sandbox.state.reset();
  receiver.received.length = 0;
});

async function shipped(ref: string) {
  const { shipmentId, courierOrderId } = await setup.client.createShipment(sampleOrder(ref));
  const { awb } = await setup.client.assignAwb({ shipmentId });
  await setup.client.schedulePickup({ shipmentId });
  return { awb, shipmentId, courierOrderId };
}

const settled = () => eventually(async () => setup.sandbox.state.webhooks.idle, 5_000, 10);
/** The webhooks of one AWB, in the order things happened (each is sent on its own, so they may arrive in another). */
const eventsOf = (awb: string): TrackingEvent[] =>
  receiver.received
    .filter((w) => w.json.awb === awb)
    .map((w) => setup.client.parseTrackingWebhook(w.rawBody))
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());

describe('isAuthenticWebhook', () => {
  it('accepts the token the sandbox sends as x-api-key, in any header spelling', async () => {
    const { awb } = await shipped('RP-9401');
    await settled();
    const headers = receiver.received.find((w) => w.json.awb === awb)!.headers;
    expect(setup.client.isAuthenticWebhook(headers)).toBe(true);
    expect(setup.client.isAuthenticWebhook({ 'X-Api-Key': DEFAULT_WEBHOOK_TOKEN })).toBe(true);
    expect(setup.client.isAuthenticWebhook(new Headers({ 'x-api-key': DEFAULT_WEBHOOK_TOKEN }))).toBe(true);
  });

  it.each([
    ['no header', {}],
    ['an empty token', { 'x-api-key': '' }],
    ['another token', { 'x-api-key': 'courier-sandbox-webhook-tokeN' }],
    ['a longer token', { 'x-api-key': `${DEFAULT_WEBHOOK_TOKEN}x` }],
    ['the header twice', { 'x-api-key': [DEFAULT_WEBHOOK_TOKEN, DEFAULT_WEBHOOK_TOKEN] }],
    ['the token elsewhere', { authorization: `Bearer ${DEFAULT_WEBHOOK_TOKEN}` }],
  ])('refuses %s', (_name, headers) => {
    expect(setup.client.isAuthenticWebhook(headers as Record<string, string>)).toBe(false);
  });
});

describe('parseTrackingWebhook', () => {
  it('every status the courier sends, typed, with true instants, reasons and attempt numbers', async () => {
    const { awb, courierOrderId } = await shipped('RP-9402');
    await courierSteps(setup.sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'customer-not-available']);
    await setup.client.ndrAction({ awb, action: 're-attempt', comments: 'Evening please' });
    await courierSteps(setup.sandbox, awb, 'out-for-delivery', ['fail', 'address-incomplete'], 'out-for-delivery', 'deliver');
    const returned = await shipped('RP-9403');
    await courierSteps(setup.sandbox, returned.awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'refused']);
    await setup.client.ndrAction({ awb: returned.awb, action: 'return', comments: 'Refused' });
    await courierSteps(setup.sandbox, returned.awb, 'rto-deliver');
    const cancelled = await shipped('RP-9404');
    await setup.client.cancel({ awb: cancelled.awb });
    await settled();

    const delivered = eventsOf(awb);
    expect(delivered.map((e) => [e.status, e.attempt ?? null, e.reasonCode ?? null])).toEqual([
      ['pickup-scheduled', null, null],
      ['picked-up', null, null],
      ['in-transit', null, null],
      ['out-for-delivery', null, null],
      ['undelivered', 1, 'customer-unavailable'],
      ['out-for-delivery', null, null],
      ['undelivered', 2, 'address-problem'],
      ['out-for-delivery', null, null],
      ['delivered', null, null],
    ]);
    expect(delivered[4]).toMatchObject({ reason: 'Customer Not Available', courierStatus: 'UNDELIVERED', courierStatusId: 21 });
    expect(delivered.at(-1)).toMatchObject({ awb, ourOrderRef: 'RP-9402', courierOrderId, courierName: 'Delhivery Surface', isReturn: false, trackUrl: `${setup.sandbox.url}/tracking/${awb}` });
    expect(delivered.at(-1)!.scans).toHaveLength(9);
    expect(delivered.every((e) => e.expectedDelivery instanceof Date)).toBe(true);
    // Instants, not India wall-clock read as UTC: each within a minute of now, each later than the one before.
    for (const [index, event] of delivered.entries()) {
      expect(Math.abs(event.occurredAt.getTime() - Date.now())).toBeLessThan(60_000);
      if (index > 0) expect(event.occurredAt.getTime()).toBeGreaterThan(delivered[index - 1]!.occurredAt.getTime());
    }
    expect(eventsOf(returned.awb).map((e) => [e.status, e.isReturn])).toEqual([
      ['pickup-scheduled', false],
      ['picked-up', false],
      ['in-transit', false],
      ['out-for-delivery', false],
      ['undelivered', false],
      ['rto-initiated', true],
      ['rto-delivered', true],
    ]);
    expect(eventsOf(cancelled.awb).map((e) => e.status)).toEqual(['pickup-scheduled', 'cancelled']);
    const seen = new Set([...delivered, ...eventsOf(returned.awb), ...eventsOf(cancelled.awb)].map((e) => e.status));
    expect(SHIPMENT_STATUSES.filter((status) => !seen.has(status))).toEqual(['other']);
  });

  it('duplicates and reordering: the same eventKeys, and sorting by occurredAt restores what happened', async () => {
    setup.sandbox.state.setKnobs({ duplicateWebhooks: true, withholdWebhooks: true, reorderWebhooks: 'shuffle' });
    const { awb } = await shipped('RP-9405');
    await courierSteps(setup.sandbox, awb, 'pick-up', 'in-transit', 'in-transit', 'out-for-delivery', ['fail', 'phone-switched-off'], 'out-for-delivery', 'deliver');
    setup.sandbox.state.webhooks.release();
    await eventually(async () => receiver.received.length === 16, 5_000, 10);
    const events = eventsOf(awb);
    const keys = new Set(events.map((e) => e.eventKey));
    expect(keys.size).toBe(8);
    const byKey = new Map(events.map((e) => [e.eventKey, e]));
    const inOrder = [...byKey.values()].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    expect(inOrder.map((e) => e.courierStatus)).toEqual(['PICKUP SCHEDULED', 'PICKED UP', 'IN TRANSIT', 'IN TRANSIT', 'OUT FOR DELIVERY', 'UNDELIVERED', 'OUT FOR DELIVERY', 'DELIVERED']);
    // The same keys as the scans polling finds: an event seen by webhook and by polling is one event.
    expect((await setup.client.track(awb)).scans.map((scan) => scan.eventKey)).toEqual(inOrder.map((e) => e.eventKey));
    // A late webhook carries every scan so far: a lost one's scan is in the next one's list.
    expect(inOrder.at(-1)!.scans.map((scan) => scan.eventKey)).toEqual(inOrder.map((e) => e.eventKey));
  });

  it('refuses what is not a tracking webhook; an unknown status is `other` with its label kept', () => {
    const refusal = (body: unknown) => {
      try {
        setup.client.parseTrackingWebhook(body);
      } catch (error) {
        return error;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal('{not json')).toMatchObject({ kind: 'invalid_request', field: 'body' });
    expect(refusal('[]')).toMatchObject({ kind: 'invalid_request', field: 'body' });
    expect(refusal({ current_timestamp: '23 05 2023 11:43:52' })).toMatchObject({ field: 'awb' });
    expect(refusal({ awb: '1904', current_timestamp: '31 02 2023 11:43:52', shipment_status: 'DELIVERED' })).toMatchObject({ field: 'current_timestamp' });
    expect(refusal({ awb: 1904, current_timestamp: '23 05 2023 11:43:52' })).toMatchObject({ field: 'shipment_status' });
    const lost = setup.client.parseTrackingWebhook({ awb: 19041424751540, courier_name: 'Delhivery Surface', shipment_status: 'LOST', shipment_status_id: 12, current_timestamp: '23 05 2023 11:43:52' });
    expect(lost).toMatchObject({ awb: '19041424751540', status: 'other', courierStatus: 'LOST', courierStatusId: 12, ourOrderRef: null, scans: [] });
    expect(lost.occurredAt.toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(lost.eventKey).toBe('19041424751540|12|2023-05-23T06:13:52.000Z');
  });

  it('reads the reference payload of Shiprocket\'s documentation', () => {
    const event = setup.client.parseTrackingWebhook({
      awb: '19041424751540',
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      current_status_id: 20,
      shipment_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_timestamp: '23 05 2023 11:43:52',
      order_id: '1373900_150876814',
      sr_order_id: 348456385,
      awb_assigned_date: '2023-05-19 11:59:16',
      pickup_scheduled_date: '2023-05-19 11:59:17',
      etd: '2023-05-23 15:40:19',
      scans: [
        { date: '2023-05-19 11:59:16', status: 'X-UCI', activity: 'Manifested - Manifest uploaded', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '5', 'sr-status-label': 'MANIFEST GENERATED' },
        { date: '2023-05-19 15:32:17', status: 'X-PPOM', activity: 'In Transit - Shipment picked up', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '42', 'sr-status-label': 'PICKED UP' },
      ],
      is_return: 0,
      channel_id: 3422553,
      pod_status: 'OTP Based Delivery',
      pod: 'Not Available',
    });
    expect(event).toMatchObject({ status: 'in-transit', courierStatusId: 18, ourOrderRef: '1373900_150876814', courierOrderId: 348456385, isReturn: false, trackUrl: `${setup.sandbox.url}/tracking/19041424751540` });
    expect(event.occurredAt.toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(event.expectedDelivery?.toISOString()).toBe('2023-05-23T10:10:19.000Z');
    expect(event.scans.map((scan) => [scan.status, scan.courierStatus])).toEqual([
      ['other', 'MANIFEST GENERATED'],
      ['picked-up', 'PICKED UP'],
    ]);
  });
});
