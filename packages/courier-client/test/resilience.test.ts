import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCourierClient, CourierError } from '../src/index.js';
import { courierSteps, rejection, sampleOrder, startWithClient, type Setup } from './helpers.js';

/**
 * What the client does when the courier misbehaves: tokens that expire, an API that is down, slow,
 * rate-limited, or that does the work and never answers. Each test starts its own sandbox.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setUp(...args: Parameters<typeof startWithClient>): Promise<Setup> {
  const setup = await startWithClient(...args);
  cleanups.push(setup.sandbox.close);
  return setup;
}

/** A shipment booked, picked up and out for delivery, whose delivery failed (an NDR the seller may act on); its AWB. */
async function failedDelivery({ client, sandbox }: Setup, orderRef: string): Promise<string> {
  const { shipmentId } = await client.createShipment(sampleOrder(orderRef));
  const { awb } = await client.assignAwb({ shipmentId });
  await client.schedulePickup({ shipmentId });
  await courierSteps(sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'customer-not-available']);
  return awb;
}

const quote = { pickupPincode: '110006', deliveryPincode: '560034', weightKg: 1 };

describe('the token', () => {
  it('logs in once and reuses the token; concurrent first calls share one login', async () => {
    const { client, calls } = await setUp();
    await Promise.all([client.checkServiceability(quote), client.checkServiceability(quote), client.ndrList()]);
    await client.checkServiceability(quote);
    expect(calls('/auth/login')).toBe(1);
    expect(calls('/courier/serviceability')).toBe(3);
  });

  it('a token 9 days old is replaced before use, without waiting for a 401', async () => {
    const { client, sandbox, calls } = await setUp();
    await client.ndrList();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 9 * 86_400_000 + 1_000);
      await client.ndrList();
    } finally {
      vi.useRealTimers();
    }
    expect(calls('/auth/login')).toBe(2);
    expect(sandbox.state.requests.some((request) => request.statusCode === 401)).toBe(false);
  });

  it('an expired token costs one re-login, and the call succeeds', async () => {
    const { client, sandbox, calls } = await setUp();
    await client.checkServiceability(quote);
    sandbox.state.expireTokens();
    expect((await client.checkServiceability(quote)).serviceable).toBe(true);
    expect(calls('/auth/login')).toBe(2);
    expect(sandbox.state.requests.map((r) => `${r.path.split('?')[0]} ${r.statusCode}`)).toEqual([
      '/v1/external/auth/login 200',
      '/v1/external/courier/serviceability 200',
      '/v1/external/courier/serviceability 401',
      '/v1/external/auth/login 200',
      '/v1/external/courier/serviceability 200',
    ]);
  });

  it('a fresh token refused too: one re-login, one repeat, then unauthorised (never a loop)', async () => {
    const { client, calls } = await setUp({ knobs: { tokenTtlSeconds: 0 } });
    const error = await rejection(client.ndrList());
    expect(error).toBeInstanceOf(CourierError);
    expect(error).toMatchObject({ kind: 'unauthorised', statusCode: 401, retryable: false, message: 'Token has expired' });
    expect(calls('/auth/login')).toBe(2);
    expect(calls('/ndr/all')).toBe(2);
  });

  it('wrong credentials: unauthorised with the courier\'s message, one login tried', async () => {
    const { client, calls } = await setUp({ password: 'another-password' });
    expect(await rejection(client.ndrList())).toMatchObject({ kind: 'unauthorised', message: 'Invalid email and password combination' });
    expect(calls('/auth/login')).toBe(1);
    expect(calls('/ndr/all')).toBe(0);
  });
});

describe('an API that is down, slow or busy', () => {
  it('a 503 for one call is retried; for good it is `unavailable` after three tries', async () => {
    const { client, sandbox, calls } = await setUp();
    await client.ndrList();
    sandbox.state.setKnobs({ apiFailure: 'unavailable', apiFailureCount: 1 });
    expect((await client.ndrList()).total).toBe(0);
    sandbox.state.setKnobs({ apiFailure: 'unavailable', apiFailureCount: null });
    expect(await rejection(client.ndrList())).toMatchObject({ kind: 'unavailable', statusCode: 503, retryable: true, message: 'Service Unavailable' });
    expect(calls('/ndr/all')).toBe(1 + 2 + 3);
  });

  it('a dropped connection, and nothing listening at all, are `unavailable`', async () => {
    const { client, sandbox } = await setUp({ knobs: { apiFailure: 'refused' } });
    expect(await rejection(client.checkServiceability(quote))).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(sandbox.state.requests.every((request) => request.statusCode === null)).toBe(true);
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const nowhere = createCourierClient({ apiBaseUrl: `http://127.0.0.1:${closedPort}`, email: 'a@b.in', password: 'password', webhookToken: 'token-token', timeoutMs: 500 });
    const error = await rejection(nowhere.checkServiceability(quote));
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('slower than timeoutMs: `timeout`', async () => {
    const { client } = await setUp({ knobs: { apiLatencyMs: 1_500 } }, { timeoutMs: 300 });
    const started = Date.now();
    const error = await rejection(client.checkServiceability(quote));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, message: 'The courier did not answer within 300 ms' });
    // The login timed out three times (first try and two retries with 150 and 400 ms between).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 300 + 150 + 400 - 50);
  });

  it('rate limited: waits and tries again; still limited, `rate_limited`', async () => {
    const { client, sandbox } = await setUp();
    await client.ndrList();
    sandbox.state.setKnobs({ apiFailure: 'rate_limited', apiFailureCount: 1 });
    expect((await client.ndrList()).items).toEqual([]);
    sandbox.state.setKnobs({ apiFailure: 'rate_limited', apiFailureCount: null });
    expect(await rejection(client.ndrList())).toMatchObject({ kind: 'rate_limited', statusCode: 429 });
  }, 10_000);
});

describe('retrying what has no idempotency key', () => {
  const slowToAnswer = { knobs: { apiTimeoutHoldMs: 2_000 } };
  const impatient = { timeoutMs: 400 };

  /** Books `reference` on an impatient client while its create call fails once as `failure`: the answer, the create calls, the sandbox's shipments after. */
  async function createFailingOnce(failure: 'lost_response' | 'timeout', reference: string) {
    const { client, sandbox, calls } = await setUp(slowToAnswer, impatient);
    sandbox.state.setKnobs({ apiFailure: failure, apiFailureCount: 1, apiFailurePath: '/orders/create/adhoc' });
    const booked = await client.createShipment(sampleOrder(reference));
    return { booked, creates: calls('/orders/create/adhoc'), shipments: [...sandbox.state.shipments.values()] };
  }

  it('a create that went through but whose answer never came (timeout) is found by its reference, not booked twice', async () => {
    const { booked, creates, shipments } = await createFailingOnce('lost_response', 'RP-9301');
    expect(booked.alreadyExisted).toBe(true);
    expect(shipments.filter((s) => s.channelOrderId === 'RP-9301')).toHaveLength(1);
    expect(creates).toBe(1);
    expect(booked.shipmentId).toBe(shipments[0]!.id);
  });

  it('a create that did not go through (timeout, nothing done) is made once on the retry', async () => {
    const { booked, creates, shipments } = await createFailingOnce('timeout', 'RP-9302');
    expect(booked.alreadyExisted).toBe(false);
    expect(shipments.filter((s) => s.channelOrderId === 'RP-9302')).toHaveLength(1);
    expect(creates).toBe(2);
  });

  it('a create refused by a busy courier (503, then 429) is simply made again', async () => {
    const { client, sandbox, calls } = await setUp();
    sandbox.state.setKnobs({ apiFailure: 'unavailable', apiFailureCount: 1, apiFailurePath: '/orders/create/adhoc' });
    expect((await client.createShipment(sampleOrder('RP-9305'))).alreadyExisted).toBe(false);
    expect(calls('/orders/create/adhoc')).toBe(2);
    expect(sandbox.state.shipments.size).toBe(1);
  });

  it('an AWB assigned unseen is returned, not assigned again; so is a pickup', async () => {
    const { client, sandbox, calls } = await setUp(slowToAnswer, impatient);
    const { shipmentId } = await client.createShipment(sampleOrder('RP-9303'));
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1, apiFailurePath: '/courier/assign/awb' });
    const assigned = await client.assignAwb({ shipmentId });
    expect(assigned.awb).toBe(sandbox.state.shipments.get(shipmentId)?.awb);
    expect(calls('/courier/assign/awb')).toBe(1);
    sandbox.state.setKnobs({ apiFailure: 'lost_response', apiFailureCount: 1, apiFailurePath: '/courier/generate/pickup' });
    const pickup = await client.schedulePickup({ shipmentId });
    expect(pickup.pickupScheduledAt?.getTime()).toBe(sandbox.state.shipments.get(shipmentId)?.pickupScheduledAt?.getTime());
    expect(calls('/courier/generate/pickup')).toBe(1);
    expect(sandbox.state.webhooks.records.filter((w) => w.status === 'PICKUP SCHEDULED')).toHaveLength(1);
  });

  /** The seller's NDR action on a failed delivery of `orderRef`, sent while the action call fails once as `failure`: the action calls, the parcel after. */
  async function ndrActionFailingOnce(failure: 'lost_response' | 'timeout', orderRef: string, action: Omit<Parameters<Setup['client']['ndrAction']>[0], 'awb'>) {
    const setup = await setUp(slowToAnswer, impatient);
    const awb = await failedDelivery(setup, orderRef);
    setup.sandbox.state.setKnobs({ apiFailure: failure, apiFailureCount: 1, apiFailurePath: `/ndr/${awb}/action` });
    await setup.client.ndrAction({ awb, ...action });
    return { actions: setup.calls(`/ndr/${awb}/action`), parcel: setup.sandbox.state.findAwb(awb) };
  }

  it('an NDR action recorded unseen is not sent again', async () => {
    const { actions, parcel } = await ndrActionFailingOnce('lost_response', 'RP-9304', { action: 're-attempt', comments: 'Call first' });
    expect(actions).toBe(1);
    expect(parcel?.ndr?.history.filter((entry) => entry.actionBy === 'seller')).toHaveLength(1);
  });

  it('an NDR action that did not reach the courier is sent again, once', async () => {
    const { actions, parcel } = await ndrActionFailingOnce('timeout', 'RP-9306', { action: 'return', comments: 'Not reachable for a week' });
    expect(actions).toBe(2);
    expect(parcel?.phase).toBe('rto-initiated');
  });
});

describe('input is checked before any request', () => {
  const { client } = { client: createCourierClient({ apiBaseUrl: 'http://127.0.0.1:9', email: 'a@b.in', password: 'password', webhookToken: 'token-token' }) };
  it.each([
    ['a 5-digit pincode', () => client.checkServiceability({ ...quote, deliveryPincode: '56003' }), 'deliveryPincode'],
    ['grams for kilograms', () => client.checkServiceability({ ...quote, weightKg: 1600 }), 'weightKg'],
    ['a phone with +91', () => client.createShipment(sampleOrder('RP-1', { customer: { ...sampleOrder('x').customer, phone: '+919876543210' } })), 'customer.phone'],
    ['no items', () => client.createShipment(sampleOrder('RP-1', { items: [] })), 'items'],
    ['rupees for paise', () => client.createShipment(sampleOrder('RP-1', { items: [{ name: 'Jar', sku: 'J', units: 1, unitPricePaise: 649.5 }] })), 'items[0].unitPricePaise'],
    ['a reference with spaces', () => client.createShipment(sampleOrder('RP 1')), 'orderRef'],
    ['a flat parcel', () => client.createShipment(sampleOrder('RP-1', { parcel: { lengthCm: 20, breadthCm: 15, heightCm: 0, weightKg: 1 } })), 'parcel.heightCm'],
    ['a shipment id of 0', () => client.assignAwb({ shipmentId: 0 }), 'shipmentId'],
    ['a pickup in the past', () => client.schedulePickup({ shipmentId: 1, pickupDate: '2020-01-01' }), 'pickupDate'],
    ['an AWB with a slash', () => client.track('1904/../orders'), 'awb'],
    ['a re-attempt date on a return', () => client.ndrAction({ awb: '19041424751540', action: 'return', comments: 'x', date: '2030-01-01' }), 'date'],
    ['an empty comment', () => client.ndrAction({ awb: '19041424751540', action: 're-attempt', comments: ' ' }), 'comments'],
    ['no shipments for a label', () => client.labelUrl([]), 'shipmentIds'],
  ])('%s: invalid_request naming the field', async (_name, call, field) => {
    // Port 9 is closed: a request that slipped through would be `unavailable`, not this.
    expect(await rejection(call())).toMatchObject({ kind: 'invalid_request', field, retryable: false });
  });

  it('needs credentials, the webhook token and a base URL that is one to be built', () => {
    expect(() => createCourierClient({ email: '', password: 'p', webhookToken: 't' })).toThrow(/e-mail and password/);
    expect(() => createCourierClient({ email: 'a@b.in', password: 'p', webhookToken: 't', apiBaseUrl: 'apiv2.shiprocket.in' })).toThrow(/apiBaseUrl/);
    expect(() => createCourierClient({ email: 'a@b.in', password: 'p', webhookToken: '' })).toThrow(/webhook token/);
  });
});
