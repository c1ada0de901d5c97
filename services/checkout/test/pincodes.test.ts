import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINCODE_MESSAGES } from '@pickles/shared/validation';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness();
});
afterAll(async () => {
  await h.close();
});

const lookup = async (pincode: string) => {
  const response = await fetch(`${h.checkout.url}/api/pincodes/${pincode}`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as any };
};

describe('GET /api/pincodes/:pincode (from the default seller pincode 110006, Chandni Chowk)', () => {
  it("answers the pincode's city and state and the delivery estimate, cacheable for a day", async () => {
    const answer = await lookup('560034');
    expect(answer).toEqual({
      status: 200,
      cacheControl: 'public, max-age=86400',
      body: {
        success: true,
        pincode: '560034',
        city: 'Bengaluru',
        state: 'Karnataka',
        stateCode: '29',
        estimate: { processingDays: [7, 10], deliveryDays: [7, 10], totalDays: [14, 20], zone: 'national' },
      },
    });
  });

  it('estimates by distance from the seller: local within 50 km, regional within 500 km', async () => {
    expect((await lookup('110001')).body).toMatchObject({ city: 'New Delhi', state: 'Delhi', stateCode: '07', estimate: { deliveryDays: [2, 4], totalDays: [9, 14], zone: 'local' } });
    expect((await lookup('302001')).body).toMatchObject({ city: 'Jaipur', state: 'Rajasthan', estimate: { deliveryDays: [4, 7], totalDays: [11, 17], zone: 'regional' } });
  });

  it.each(['999999', '000000'])("answers 404 with the message for %s, which is not in India Post's directory", async (pincode) => {
    const answer = await lookup(pincode);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, error: PINCODE_MESSAGES.unknown, fields: { pincode: PINCODE_MESSAGES.unknown } });
  });

  it.each(['56003', '5600345', 'abcdef', '56003%20'])('answers 400 for %j, not six digits', async (pincode) => {
    const answer = await lookup(pincode);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: 'Valid 6-digit pincode required' });
  });
});

describe('POST /api/payment/create-order and the pincode directory', () => {
  const withAddress = (address: Partial<ReturnType<typeof orderPayload>['deliveryAddress']>) => {
    const payload = orderPayload(1);
    return { ...payload, deliveryAddress: { ...payload.deliveryAddress, ...address } };
  };
  const storedFor = (email: string) => h.db.selectFrom('orders').select(['city', 'state', 'pincode']).where('customer_email', '=', email).execute();

  it("refuses a pincode that is not in India Post's directory, with the message on the pincode field, and stores nothing", async () => {
    const payload = withAddress({ pincode: '999999' });
    const response = await h.createOrder(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: PINCODE_MESSAGES.unknown, fields: { pincode: PINCODE_MESSAGES.unknown } });
    expect(await storedFor(payload.customerInfo.email)).toEqual([]);
  });

  it.each([
    ['another state', 'Maharashtra'],
    ['no state we know', 'Bangalore'],
  ])("refuses %s than the pincode's, saying which state the pincode is in, and stores nothing", async (_case, state) => {
    const payload = withAddress({ pincode: '560034', state });
    const response = await h.createOrder(payload);
    expect(response.status).toBe(400);
    const message = 'This pincode is in Karnataka. Please check the state or the pincode.';
    expect(response.body).toEqual({ success: false, error: message, fields: { state: message } });
    expect(await storedFor(payload.customerInfo.email)).toEqual([]);
  });

  it.each([
    ['560034', '  karnataka ', 'Karnataka'],
    ['751001', 'Orissa', 'Odisha'],
    ['605001', 'Pondicherry', 'Puducherry'],
    ['190001', 'Jammu & Kashmir', 'Jammu and Kashmir'],
    ['396210', 'daman and diu', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['110001', 'NCT of Delhi', 'Delhi'],
  ])('stores the state of %s typed as %j by its canonical name %j, and the city as typed', async (pincode, typed, canonical) => {
    const payload = withAddress({ pincode, state: typed, city: '  My Locality ' });
    expect((await h.createOrder(payload)).status).toBe(201);
    expect(await storedFor(payload.customerInfo.email)).toEqual([{ city: 'My Locality', state: canonical, pincode }]);
  });
});
