import { eventually } from '@pickles/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSends, type WebhookRecord } from '../src/webhooks.js';
import { parseCourierTime } from '@pickles/courier-client';
import { api, bookedShipment, control, login, sampleOrder, startTestSandbox, startWebhookReceiver, steps, type TestSandbox } from './helpers.js';

/** The faults real couriers have, switched on with the knobs; each test starts its own sandbox. */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setUp(knobs: Record<string, unknown> = {}, answer?: (nth: number) => number) {
  const receiver = await startWebhookReceiver(answer);
  const sandbox = await startTestSandbox({ webhookUrl: receiver.url, knobs });
  cleanups.push(receiver.close, sandbox.close);
  return { receiver, sandbox };
}

/** A shipment booked with webhooks off, so a test sees only what comes after. */
async function quietShipment(sandbox: TestSandbox, ref: string) {
  const knobs = { ...sandbox.state.knobs };
  sandbox.state.setKnobs({ dropNextWebhooks: 1 });
  const booked = await bookedShipment(sandbox, ref);
  sandbox.state.setKnobs({ dropNextWebhooks: knobs.dropNextWebhooks });
  return booked;
}

const record = (id: string): WebhookRecord => ({ id, awb: '1', status: 'IN TRANSIT', createdAt: '', body: '{}', state: 'withheld', deliveries: 0 });

describe('orderSends: the order released webhooks go out in', () => {
  const records = ['a', 'b', 'c'].map(record);
  const names = (sends: ReturnType<typeof orderSends>) => sends.map((send) => `${send.record.id}${send.duplicate ? "'" : ''}`);
  it('as they happened, reversed, or shuffled with their duplicates', () => {
    expect(names(orderSends(records, { reorderWebhooks: 'none', duplicateWebhooks: true }))).toEqual(['a', "a'", 'b', "b'", 'c', "c'"]);
    expect(names(orderSends(records, { reorderWebhooks: 'reverse', duplicateWebhooks: false }))).toEqual(['c', 'b', 'a']);
    // Fisher-Yates with a fixed draw: each position swaps with the first.
    expect(names(orderSends(records, { reorderWebhooks: 'shuffle', duplicateWebhooks: true }, () => 0))).toEqual(["a'", 'b', "b'", 'c', "c'", 'a']);
  });
});

describe('webhook knobs', () => {
  it('late: nothing arrives before webhookDelayMs, then it does', async () => {
    const { receiver, sandbox } = await setUp({ webhookDelayMs: 600 });
    const { awb } = await quietShipment(sandbox, 'RP-7001');
    const sentAt = Date.now();
    await steps(sandbox, awb, 'pick-up');
    // Watched every 10 ms from the step on: the first arrival seen no sooner than 600 ms later means
    // nothing arrived before webhookDelayMs.
    await eventually(async () => receiver.received.length > 0, 3_000, 10);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(600);
    expect(receiver.received).toHaveLength(1);
  });

  it('duplicated: every webhook twice, byte for byte', async () => {
    const { receiver, sandbox } = await setUp({ duplicateWebhooks: true });
    const { awb } = await quietShipment(sandbox, 'RP-7002');
    await steps(sandbox, awb, 'pick-up', 'in-transit');
    await eventually(async () => receiver.received.length === 4, 3_000, 10);
    const bodies = receiver.received.map((w) => w.rawBody);
    expect(new Set(bodies).size).toBe(2);
    // A delivery is recorded once its answer is back, which can be a moment after the receiver has it.
    await eventually(async () => sandbox.state.webhooks.deliveries.filter((d) => d.duplicate).length >= 2, 3_000, 10);
    expect(sandbox.state.webhooks.deliveries.filter((d) => d.duplicate)).toHaveLength(2);
  });

  it('out of order: withheld webhooks released in reverse, or shuffled', async () => {
    const { receiver, sandbox } = await setUp({ withholdWebhooks: true, reorderWebhooks: 'reverse' });
    const { awb } = await quietShipment(sandbox, 'RP-7003');
    await steps(sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', 'deliver');
    expect(sandbox.state.webhooks.records.filter((r) => r.state === 'withheld')).toHaveLength(4);
    expect((await control(sandbox.url, '/webhooks/release')).json).toEqual({ released: 4 });
    await eventually(async () => receiver.received.length === 4, 3_000, 10);
    expect(receiver.received.map((w) => w.json.shipment_status)).toEqual(['DELIVERED', 'OUT FOR DELIVERY', 'IN TRANSIT', 'PICKED UP']);
  });

  it('out of order by jitter: each webhook waits a random extra delay, so they overtake one another', async () => {
    const { receiver, sandbox } = await setUp({ webhookJitterMs: 1_000 });
    const { awb } = await quietShipment(sandbox, 'RP-7004');
    // The dice fall from high to low (990, 792, 634 ... ms), so each scan's webhook waits less than
    // the one before: a real draw can land in scan order, and a test must not depend on luck.
    let roll = 0.99 / 0.8;
    const dice = vi.spyOn(Math, 'random').mockImplementation(() => (roll *= 0.8));
    try {
      await steps(sandbox, awb, 'pick-up', 'in-transit', 'in-transit', 'in-transit', 'in-transit', 'in-transit', 'out-for-delivery', 'deliver');
    } finally {
      dice.mockRestore();
    }
    await eventually(async () => receiver.received.length === 8, 5_000, 10);
    const times = receiver.received.map((w) => parseCourierTime(w.json.current_timestamp)!.getTime());
    expect(times).not.toEqual([...times].sort((a, b) => a - b));
    // The last scan, waiting least, overtakes the first.
    expect(times.indexOf(Math.max(...times))).toBeLessThan(times.indexOf(Math.min(...times)));
  });

  it('lost: the next N, or each with a probability; a lost webhook can be sent late', async () => {
    const { receiver, sandbox } = await setUp({ dropNextWebhooks: 2 });
    const { awb } = await bookedShipment(sandbox, 'RP-7005');
    await steps(sandbox, awb, 'pick-up', 'in-transit');
    await eventually(async () => sandbox.state.webhooks.idle && receiver.received.length === 1, 3_000, 10);
    expect(sandbox.state.webhooks.records.map((r) => `${r.status}:${r.state}`)).toEqual(['PICKUP SCHEDULED:dropped', 'PICKED UP:dropped', 'IN TRANSIT:delivered']);
    expect(sandbox.state.knobs.dropNextWebhooks).toBe(0);
    const lost = sandbox.state.webhooks.records[1]!;
    expect((await control(sandbox.url, `/webhooks/${lost.id}/redeliver`)).status).toBe(200);
    await eventually(async () => receiver.received.length === 2, 3_000, 10);
    expect(receiver.received[1]!.rawBody).toBe(lost.body);
    await control(sandbox.url, '/knobs', { webhookLossRate: 1 });
    await steps(sandbox, awb, 'out-for-delivery');
    expect(sandbox.state.webhooks.records.at(-1)!.state).toBe('dropped');
  });

  it('only an HTTP 200 counts as received: anything else is retried with backoff, up to webhookMaxAttempts', async () => {
    const { receiver, sandbox } = await setUp({ webhookMaxAttempts: 3, webhookRetryBaseMs: 30 }, (nth) => (nth === 1 ? 204 : nth === 2 ? 500 : 200));
    const { awb } = await quietShipment(sandbox, 'RP-7006');
    await steps(sandbox, awb, 'pick-up');
    await eventually(async () => sandbox.state.webhooks.records.at(-1)?.state === 'delivered', 3_000, 10);
    expect(receiver.received.map((w) => w.status)).toEqual([204, 500, 200]);
    expect(sandbox.state.webhooks.deliveries.map((d) => `${d.attempt}:${d.statusCode}:${d.ok}`)).toEqual(['1:204:false', '2:500:false', '3:200:true']);
  });

  it('refuses a webhook URL Shiprocket would refuse', async () => {
    const { sandbox } = await setUp();
    const answer = await control(sandbox.url, '/knobs', { webhookUrl: 'http://127.0.0.1:3000/api/sr-webhook' });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain('Shiprocket does not accept a URL containing');
  });
});

describe('API knobs', () => {
  it('unavailable: 503 for the next N calls (login included), nothing done, then well again', async () => {
    const { sandbox } = await setUp();
    const token = await login(sandbox.url);
    await control(sandbox.url, '/knobs', { apiFailure: 'unavailable', apiFailureCount: 2 });
    const order = { order_id: 'X' };
    expect(await api(sandbox.url, 'POST', '/orders/create/adhoc', order, token)).toMatchObject({ status: 503, json: { message: 'Service Unavailable' } });
    expect((await fetch(`${sandbox.url}/v1/external/auth/login`, { method: 'POST' })).status).toBe(503);
    expect((await api(sandbox.url, 'GET', '/orders', undefined, token)).status).toBe(200);
    expect(sandbox.state.knobs).toMatchObject({ apiFailure: 'none', apiFailureCount: null });
  });

  it('apiFailurePath: only calls under that path fail, and only they count down', async () => {
    const { sandbox } = await setUp();
    const token = await login(sandbox.url);
    await control(sandbox.url, '/knobs', { apiFailure: 'unavailable', apiFailureCount: 1, apiFailurePath: '/orders/create/adhoc' });
    expect((await api(sandbox.url, 'GET', '/orders', undefined, token)).status).toBe(200);
    expect((await api(sandbox.url, 'POST', '/orders/create/adhoc', {}, token)).status).toBe(503);
    expect((await api(sandbox.url, 'POST', '/orders/create/adhoc', {}, token)).status).toBe(422);
    expect((await control(sandbox.url, '/knobs', { apiFailurePath: 'orders' })).status).toBe(400);
  });

  it('refused: the connection is dropped before anything is read', async () => {
    const { sandbox } = await setUp({ apiFailure: 'refused' });
    await expect(fetch(`${sandbox.url}/v1/external/auth/login`, { method: 'POST' })).rejects.toThrow(/fetch failed/);
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: '/v1/external/auth/login', statusCode: null });
  });

  it('rate limited: 429 in Shiprocket\'s words, without Retry-After', async () => {
    const { sandbox } = await setUp({ apiFailure: 'rate_limited', apiFailureCount: 1 });
    const response = await fetch(`${sandbox.url}/v1/external/orders`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({ message: 'Too Many Attempts.', status_code: 429 });
  });

  it('timeout holds the call unanswered and does nothing; lost_response does the call and never answers', async () => {
    const { sandbox } = await setUp({ apiTimeoutHoldMs: 300 });
    const token = await login(sandbox.url);
    const { shipmentId } = await sandbox.client.createShipment(sampleOrder('RP-7101'));
    await control(sandbox.url, '/knobs', { apiFailure: 'timeout', apiFailureCount: 1 });
    await expect(api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: shipmentId }, token)).rejects.toThrow();
    expect(sandbox.state.shipments.get(shipmentId)?.awb).toBeNull();
    await control(sandbox.url, '/knobs', { apiFailure: 'lost_response', apiFailureCount: 1 });
    const started = Date.now();
    await expect(api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: shipmentId }, token)).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(sandbox.state.shipments.get(shipmentId)?.awb).toMatch(/^\d+$/);
  });

  it('slow: every call waits apiLatencyMs', async () => {
    const { sandbox } = await setUp({ apiLatencyMs: 300 });
    const started = Date.now();
    expect((await fetch(`${sandbox.url}/v1/external/orders`)).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('knob controls', () => {
  it('read, change some, refuse unknown names and bad values, reset restores the start-up values', async () => {
    const { sandbox } = await setUp({ webhookDelayMs: 7 });
    const initial = (await (await fetch(`${sandbox.url}/sandbox/knobs`)).json()) as Record<string, unknown>;
    expect(initial).toMatchObject({ webhookDelayMs: 7, duplicateWebhooks: false, apiFailure: 'none', autoRtoAfterAttempts: 3, tokenTtlSeconds: 864_000 });
    expect((await control(sandbox.url, '/knobs', { duplicateWebhooks: true, autoRtoAfterAttempts: 2 })).json).toMatchObject({ duplicateWebhooks: true, autoRtoAfterAttempts: 2 });
    expect((await control(sandbox.url, '/knobs', { duplicateWebhook: true })).status).toBe(400);
    expect((await control(sandbox.url, '/knobs', { webhookLossRate: 2 })).status).toBe(400);
    expect((await control(sandbox.url, '/knobs', { apiFailure: 'sometimes' })).json).toMatchObject({ success: false, error: expect.stringContaining('apiFailure') });
    await control(sandbox.url, '/reset');
    expect(await (await fetch(`${sandbox.url}/sandbox/knobs`)).json()).toEqual(initial);
  });

  it('the dashboard\'s knob form sets every kind of knob', async () => {
    const { sandbox } = await setUp();
    const form = new URLSearchParams([
      ['duplicateWebhooks', 'false'],
      ['duplicateWebhooks', 'true'],
      ['withholdWebhooks', 'false'],
      ['reorderWebhooks', 'shuffle'],
      ['webhookLossRate', '0.25'],
      ['apiFailure', 'unavailable'],
      ['apiFailureCount', '3'],
      ['webhookUrl', ''],
      ['unserviceablePincodes', '560034, 110001'],
    ]);
    const response = await fetch(`${sandbox.url}/sandbox/knobs`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(response.status).toBe(303);
    expect(sandbox.state.knobs).toMatchObject({
      duplicateWebhooks: true,
      withholdWebhooks: false,
      reorderWebhooks: 'shuffle',
      webhookLossRate: 0.25,
      apiFailure: 'unavailable',
      apiFailureCount: 3,
      webhookUrl: null,
      unserviceablePincodes: ['560034', '110001'],
    });
  });
});
