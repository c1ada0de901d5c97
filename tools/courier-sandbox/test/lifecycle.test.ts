import { eventually } from '@pickles/test-kit';
import { parseCourierTime } from '@pickles/courier-client';
import { webhookPairPerFile } from '@pickles/test-kit/per-file';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookedShipment, control, DEFAULT_WEBHOOK_TOKEN, startTestSandbox, startWebhookReceiver, steps, type TestSandbox } from './helpers.js';

/** What the sandbox's courier lets happen to a parcel, and the webhooks that tell the shop. */
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let sandbox: TestSandbox;
webhookPairPerFile(
  startWebhookReceiver,
  (webhookUrl) => startTestSandbox({ webhookUrl }),
  (started) => started.close(),
  (started, sending) => {
    receiver = started;
    sandbox = sending;
  },
);
beforeEach(async () => {
  await control(sandbox.url, '/reset');
  receiver.received.length = 0;
});

/** The webhooks of one AWB in the order of their scans (each is sent on its own, so they may arrive in another). */
const webhooksOf = (awb: string) =>
  receiver.received
    .filter((w) => w.json.awb === awb)
    .sort((a, b) => parseCourierTime(a.json.current_timestamp)!.getTime() - parseCourierTime(b.json.current_timestamp)!.getTime());
const statusesOf = (awb: string) => webhooksOf(awb).map((w) => w.json.shipment_status as string);
const latestOf = (awb: string) => webhooksOf(awb).at(-1)!.json;
const settled = () => eventually(async () => sandbox.state.webhooks.idle, 5_000, 10);

describe('the state machine', () => {
  it('nothing is delivered before it is picked up: refused with 409, nothing changes, no webhook', async () => {
    const { awb } = await bookedShipment(sandbox, 'RP-6001');
    await settled();
    const sentBefore = receiver.received.length;
    for (const step of ['deliver', 'out-for-delivery', 'fail', 'rto', 'rto-deliver']) {
      const answer = await control(sandbox.url, `/shipments/${awb}/${step}`);
      expect(answer.status, step).toBe(409);
      expect(answer.json.success).toBe(false);
    }
    expect((await control(sandbox.url, `/shipments/${awb}/deliver`)).json.error).toBe('Cannot deliver: the shipment is PICKUP SCHEDULED (deliver needs OUT FOR DELIVERY)');
    expect(sandbox.state.findAwb(awb)?.phase).toBe('pickup-scheduled');
    await settled();
    expect(receiver.received.length).toBe(sentBefore);
    expect((await control(sandbox.url, '/shipments/1904000000000/pick-up')).status).toBe(404);
    expect((await control(sandbox.url, `/shipments/${awb}/teleport`)).status).toBe(404);
    expect((await control(sandbox.url, `/shipments/${awb}/fail`, { reason: 'dog ate it' })).status).toBe(400);
  });

  it('booked to delivered: one webhook per scan, with the token, the whole history and times that only go forward', async () => {
    const { awb, courierOrderId } = await bookedShipment(sandbox, 'RP-6002');
    await steps(sandbox, awb, 'pick-up', 'in-transit', 'in-transit', 'out-for-delivery', 'deliver');
    await settled();
    expect(statusesOf(awb)).toEqual(['PICKUP SCHEDULED', 'PICKED UP', 'IN TRANSIT', 'IN TRANSIT', 'OUT FOR DELIVERY', 'DELIVERED']);
    for (const webhook of receiver.received) {
      expect(webhook.headers['x-api-key']).toBe(DEFAULT_WEBHOOK_TOKEN);
      expect(webhook.headers['content-type']).toBe('application/json');
    }
    const delivered = latestOf(awb);
    expect(delivered).toMatchObject({
      awb,
      courier_name: 'Delhivery Surface',
      current_status: 'DELIVERED',
      current_status_id: 7,
      shipment_status_id: 7,
      order_id: 'RP-6002',
      sr_order_id: courierOrderId,
      is_return: 0,
      pod_status: 'OTP Based Delivery',
      current_timestamp: expect.stringMatching(/^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/),
      awb_assigned_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(delivered.scans).toHaveLength(6);
    const times = (delivered.scans as Array<{ date: string }>).map((scan) => parseCourierTime(scan.date)!.getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    // The webhook's time is its latest scan's, in the other layout: "DD MM YYYY HH:mm:ss" against "YYYY-MM-DD HH:mm:ss".
    expect(parseCourierTime(delivered.current_timestamp)!.getTime()).toBe(times.at(-1));
    // Both are India time: five and a half hours ahead of UTC, and close to now.
    expect(Math.abs(times.at(-1)! - Date.now())).toBeLessThan(60_000);
    expect((await control(sandbox.url, `/shipments/${awb}/fail`)).status).toBe(409);
  });

  it('failed attempts are counted; a seller re-attempt restarts the count; the courier returns it by itself after 3 unanswered', async () => {
    const { awb } = await bookedShipment(sandbox, 'RP-6003');
    await steps(sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'customer-not-available']);
    await sandbox.client.ndrAction({ awb, action: 're-attempt', comments: 'Shopper is home after 6 pm' });
    await steps(sandbox, awb, 'out-for-delivery', ['fail', 'phone-switched-off'], 'out-for-delivery', ['fail', 'customer-not-available']);
    expect(sandbox.state.findAwb(awb)).toMatchObject({ phase: 'undelivered', attempts: 3, attemptsSinceAction: 2 });
    await steps(sandbox, awb, 'out-for-delivery', ['fail', 'refused']);
    await settled();
    expect(sandbox.state.findAwb(awb)).toMatchObject({ phase: 'rto-initiated', attempts: 4, isReturn: true });
    expect(statusesOf(awb).slice(-2)).toEqual(['UNDELIVERED', 'RTO INITIATED']);
    const rto = latestOf(awb);
    expect(rto).toMatchObject({ is_return: 1, shipment_status_id: 9 });
    expect(rto.scans.at(-1).activity).toBe('Return to origin: 3 delivery attempts failed');
    const ndr = await sandbox.client.ndrDetail(awb);
    expect(ndr.history.map((entry) => `${entry.actionBy}:${entry.attempt}:${entry.reason}`)).toEqual([
      'courier:1:Customer Not Available',
      'seller:1:Customer Not Available',
      'courier:2:Customer Phone Switched Off',
      'courier:3:Customer Not Available',
      'courier:4:Customer Refused To Accept',
    ]);
    await steps(sandbox, awb, 'rto-deliver');
    await settled();
    expect(statusesOf(awb).at(-1)).toBe('RTO DELIVERED');
    expect((await control(sandbox.url, `/shipments/${awb}/deliver`)).status).toBe(409);
  });

  it('the auto-return count is a knob', async () => {
    await control(sandbox.url, '/knobs', { autoRtoAfterAttempts: 1 });
    const { awb } = await bookedShipment(sandbox, 'RP-6004');
    await steps(sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'address-incomplete']);
    expect(sandbox.state.findAwb(awb)?.phase).toBe('rto-initiated');
  });

  it('the seller\'s return (NDR action) starts RTO; the courier can also return a parcel in transit', async () => {
    const first = await bookedShipment(sandbox, 'RP-6005');
    await steps(sandbox, first.awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'refused']);
    await sandbox.client.ndrAction({ awb: first.awb, action: 'return', comments: 'Shopper refused the parcel' });
    expect(sandbox.state.findAwb(first.awb)?.phase).toBe('rto-initiated');
    const second = await bookedShipment(sandbox, 'RP-6006');
    await steps(sandbox, second.awb, 'pick-up', 'rto', 'rto-deliver');
    await settled();
    expect(statusesOf(second.awb)).toEqual(['PICKUP SCHEDULED', 'PICKED UP', 'RTO INITIATED', 'RTO DELIVERED']);
  });

  it('the expected delivery moves with a failed attempt and with a re-attempt date', async () => {
    const { awb } = await bookedShipment(sandbox, 'RP-6007');
    await steps(sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'customer-not-available']);
    const inFiveDays = new Date(Date.now() + 5 * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);
    await sandbox.client.ndrAction({ awb, action: 're-attempt', comments: 'Deliver on the date', date: inFiveDays });
    await steps(sandbox, awb, 'out-for-delivery');
    await settled();
    expect(latestOf(awb).etd).toBe(`${inFiveDays} 18:00:00`);
  });
});

describe('the dashboard\'s forms', () => {
  it('a button posts a form and comes back to the dashboard; a refused one shows why', async () => {
    const { awb, shipmentId } = await bookedShipment(sandbox, 'RP-6101');
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${sandbox.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const ok = await post(`/sandbox/shipments/${awb}/pick-up`, {});
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`/sandbox#shipment-${shipmentId}`);
    expect(sandbox.state.findAwb(awb)?.phase).toBe('picked-up');
    const refused = await post(`/sandbox/shipments/${awb}/deliver`, {});
    expect(refused.status).toBe(303);
    const page = await (await fetch(`${sandbox.url}${refused.headers.get('location')}`)).text();
    expect(page).toContain('<p class="alert" role="alert">Cannot deliver: the shipment is PICKED UP (deliver needs OUT FOR DELIVERY)</p>');
    await post(`/sandbox/shipments/${awb}/in-transit`, {});
    await post(`/sandbox/shipments/${awb}/out-for-delivery`, {});
    await post(`/sandbox/shipments/${awb}/fail`, { reason: 'phone-switched-off' });
    expect(sandbox.state.findAwb(awb)?.ndr?.reason).toBe('Customer Phone Switched Off');
  });
});
