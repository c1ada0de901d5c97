import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../packages/invoices/test/read-pdf.js';
import { api, control, DEFAULT_API_EMAIL, DEFAULT_API_PASSWORD, login, sandboxPerFile, steps, type TestSandbox } from './helpers.js';

/** Shiprocket's API as the sandbox answers it over HTTP, without the client: shapes, rules and errors. */
let sandbox: TestSandbox;
sandboxPerFile((started) => (sandbox = started));

const adhoc = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  order_id: orderId,
  order_date: '2026-11-28 14:05',
  pickup_location: 'Primary',
  billing_customer_name: 'Meera',
  billing_last_name: 'Iyer',
  billing_address: 'Flat 4C, 80 Feet Road',
  billing_address_2: 'Koramangala',
  billing_city: 'Bengaluru',
  billing_pincode: '560034',
  billing_state: 'Karnataka',
  billing_country: 'India',
  billing_email: 'meera@example.in',
  billing_phone: '9876543210',
  shipping_is_billing: true,
  order_items: [{ name: 'Royal Chicken Pickle', sku: 'RP-CHICKEN-500', units: 2, selling_price: 649, hsn: '1602' }],
  payment_method: 'Prepaid',
  sub_total: 1298,
  length: 20,
  breadth: 15,
  height: 12,
  weight: 1.2,
  ...overrides,
});

async function created(orderId: string) {
  const answer = await api(sandbox.url, 'POST', '/orders/create/adhoc', adhoc(orderId));
  expect(answer.status).toBe(200);
  return answer.json as { order_id: number; shipment_id: number };
}

describe('authentication', () => {
  it('logs the API user in with a token; the wrong password is refused', async () => {
    const ok = await fetch(`${sandbox.url}/v1/external/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEFAULT_API_EMAIL.toUpperCase(), password: DEFAULT_API_PASSWORD }),
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ email: DEFAULT_API_EMAIL, company_id: expect.any(Number) });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40}$/);
    const wrong = await fetch(`${sandbox.url}/v1/external/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEFAULT_API_EMAIL, password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'Invalid email and password combination', status_code: 400 });
  });

  it('401 without a token, with an unknown one and with an expired one, in Shiprocket\'s words', async () => {
    const none = await fetch(`${sandbox.url}/v1/external/orders`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'Unauthenticated.', status_code: 401 });
    expect((await api(sandbox.url, 'GET', '/orders', undefined, 'made-up-token')).status).toBe(401);
    const token = await login(sandbox.url);
    expect((await api(sandbox.url, 'GET', '/orders', undefined, token)).status).toBe(200);
    expect((await control(sandbox.url, '/tokens/expire')).json).toEqual({ expired: 1 });
    const expired = await api(sandbox.url, 'GET', '/orders', undefined, token);
    expect(expired).toMatchObject({ status: 401, json: { message: 'Token has expired' } });
  });

  it('a token lives tokenTtlSeconds (10 days unless the knob says otherwise)', async () => {
    expect(sandbox.state.knobs.tokenTtlSeconds).toBe(864_000);
    await control(sandbox.url, '/knobs', { tokenTtlSeconds: 0 });
    const token = await login(sandbox.url);
    expect((await api(sandbox.url, 'GET', '/orders', undefined, token)).json.message).toBe('Token has expired');
  });
});

describe('serviceability and rates', () => {
  const ask = (query: string) => api(sandbox.url, 'GET', `/courier/serviceability?${query}`);

  it('lists couriers with rates by zone and weight (by the half kilogram, rounded up) and a recommendation', async () => {
    const metro = await ask('pickup_postcode=110006&delivery_postcode=560034&weight=0.5&cod=0');
    expect(metro.status).toBe(200);
    const companies = metro.json.data.available_courier_companies as Array<Record<string, any>>;
    expect(companies.map((c) => c.courier_name)).toEqual(['Delhivery Surface', 'Xpressbees Surface', 'Ekart Logistics', 'Blue Dart Air']);
    expect(companies[0]).toMatchObject({ courier_company_id: 10, rate: 40, zone: 'z_c', estimated_delivery_days: '4', etd: expect.stringMatching(/^[A-Z][a-z]{2} \d{2}, \d{4}$/) });
    // The cheapest courier rated 4 or better, not the cheapest (Xpressbees, 3.9).
    expect(metro.json.data.recommended_courier_company_id).toBe(10);
    const heavier = await ask('pickup_postcode=110006&delivery_postcode=560034&weight=1.2');
    expect(heavier.json.data.available_courier_companies[0].rate).toBe(40 + 2 * 36);
    const local = await ask('pickup_postcode=110006&delivery_postcode=110001&weight=0.5');
    expect(local.json.data.available_courier_companies[0]).toMatchObject({ zone: 'z_a', rate: 29 });
    const regional = await ask('pickup_postcode=110006&delivery_postcode=302001&weight=0.5');
    expect(regional.json.data.available_courier_companies[0].zone).toBe('z_b');
    const north_east = await ask('pickup_postcode=110006&delivery_postcode=781001&weight=0.5');
    expect(north_east.json.data.available_courier_companies.map((c: { courier_name: string }) => c.courier_name)).toEqual(['Delhivery Surface', 'Blue Dart Air']);
    expect(north_east.json.data.available_courier_companies[0].zone).toBe('z_e');
  });

  it('404 for a pincode no courier serves: unknown to India Post, Lakshadweep, or named by the knob', async () => {
    expect(await ask('pickup_postcode=110006&delivery_postcode=999999&weight=1')).toMatchObject({ status: 404, json: { status: 404, message: 'Delivery postcode 999999 is not serviceable' } });
    expect((await ask('pickup_postcode=110006&delivery_postcode=682555&weight=1')).status).toBe(404);
    await control(sandbox.url, '/knobs', { unserviceablePincodes: ['560034'] });
    expect((await ask('pickup_postcode=110006&delivery_postcode=560034&weight=1')).status).toBe(404);
  });

  it('422 with a per-field map for missing or malformed parameters', async () => {
    const answer = await ask('pickup_postcode=11006&weight=0');
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      message: 'Oops! Invalid Data.',
      status_code: 422,
      errors: {
        pickup_postcode: ['The pickup postcode must be 6 digits.'],
        delivery_postcode: ['The delivery postcode field is required.'],
        weight: ['The weight must be at least 0.01.'],
      },
    });
  });
});

describe('orders', () => {
  it('creates an adhoc order with one shipment, status NEW and no AWB yet', async () => {
    const answer = await api(sandbox.url, 'POST', '/orders/create/adhoc', adhoc('RP-2001'));
    expect(answer.json).toEqual({
      order_id: expect.any(Number),
      shipment_id: expect.any(Number),
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: '',
      courier_company_id: '',
      courier_name: '',
    });
  });

  it('has no idempotency: the same order_id sent twice makes two orders, and the search finds both', async () => {
    const first = await created('RP-2002');
    const second = await created('RP-2002');
    expect(second.order_id).not.toBe(first.order_id);
    const search = await api(sandbox.url, 'GET', '/orders?search=RP-2002');
    expect(search.json.data.map((o: { id: number }) => o.id)).toEqual([second.order_id, first.order_id]);
    expect(search.json.data[0]).toMatchObject({ channel_order_id: 'RP-2002', status: 'NEW', shipments: [{ id: second.shipment_id, awb: '' }] });
    expect(search.json.meta.pagination).toMatchObject({ total: 2, current_page: 1, total_pages: 1 });
  });

  it('422 lists every wrong field, as Shiprocket does; nothing is created', async () => {
    const answer = await api(
      sandbox.url,
      'POST',
      '/orders/create/adhoc',
      adhoc('RP-2003', { billing_pincode: '56003', billing_phone: '+919876543210', pickup_location: 'Home', order_items: [{ name: 'Jar', sku: 'J', units: 0, selling_price: 10 }], billing_email: 'not-an-email' }),
    );
    expect(answer.status).toBe(422);
    expect(answer.json.errors).toEqual({
      pickup_location: ['Wrong Pickup location entered. Please choose one location from data given'],
      billing_pincode: ['The billing pincode must be 6 digits.'],
      billing_phone: ['The billing phone may not be greater than 10 characters.', 'The billing phone must be 10 digits.'],
      billing_email: ['The billing email must be a valid email address.'],
      'order_items.0.units': ['The units must be at least 1.'],
    });
    expect(sandbox.state.shipments.size).toBe(0);
  });

  it('answers malformed JSON and unknown paths with its JSON errors', async () => {
    const token = await login(sandbox.url);
    const malformed = await fetch(`${sandbox.url}/v1/external/orders/create/adhoc`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{"order_id":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON', status_code: 400 });
    expect(await api(sandbox.url, 'GET', '/nothing/here', undefined, token)).toMatchObject({ status: 404, json: { message: 'The requested URL was not found.' } });
  });

  it('lists the pickup address the orders name', async () => {
    const answer = await api(sandbox.url, 'GET', '/settings/company/pickup');
    expect(answer.json.data.shipping_address[0]).toMatchObject({ pickup_location: 'Primary', pin_code: '110006' });
  });
});

describe('AWB, pickup, label, manifest, cancel', () => {
  it('assigns the recommended courier\'s AWB, or the chosen courier\'s; a second assignment is refused', async () => {
    const auto = await created('RP-3001');
    const answer = await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: auto.shipment_id });
    expect(answer.json).toMatchObject({ awb_assign_status: 1, response: { data: { courier_company_id: 10, courier_name: 'Delhivery Surface', shipment_id: auto.shipment_id, order_id: auto.order_id } } });
    expect(answer.json.response.data.awb_code).toMatch(/^1904\d{10}$/);
    const again = await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: auto.shipment_id });
    expect(again).toMatchObject({ status: 400, json: { message: `AWB ${answer.json.response.data.awb_code} is already assigned to shipment ${auto.shipment_id}` } });
    const chosen = await created('RP-3002');
    const bluedart = await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: chosen.shipment_id, courier_id: 1 });
    expect(bluedart.json.response.data).toMatchObject({ courier_company_id: 1, courier_name: 'Blue Dart Air', awb_code: expect.stringMatching(/^7789\d{7}$/) });
    const shipment = await api(sandbox.url, 'GET', `/shipments/${chosen.shipment_id}`);
    expect(shipment.json.data).toMatchObject({ awb: bluedart.json.response.data.awb_code, courier_company_id: 1, status: 'AWB ASSIGNED', status_code: 1 });
  });

  it('a courier that does not serve the route: HTTP 200 with awb_assign_status 0 and the reason', async () => {
    await control(sandbox.url, '/knobs', { unserviceablePincodes: ['560034'] });
    const { shipment_id } = await created('RP-3003');
    const answer = await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id });
    expect(answer).toMatchObject({ status: 200, json: { awb_assign_status: 0, response: { data: { awb_assign_error: 'Delivery postcode 560034 is not serviceable' } } } });
    await control(sandbox.url, '/knobs', { unserviceablePincodes: [] });
    const outOfRange = await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id, courier_id: 999 });
    expect(outOfRange.json.response.data.awb_assign_error).toBe('Courier 999 does not serve this route');
  });

  it('pickup: only with an AWB, once ("Already in Pickup Queue."), on today or a later day', async () => {
    const { shipment_id } = await created('RP-3004');
    expect((await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [shipment_id] })).json.message).toBe('Please assign an AWB before generating the pickup');
    await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id });
    expect((await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [shipment_id], pickup_date: ['2020-01-01'] })).status).toBe(422);
    const later = new Date(Date.now() + 2 * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);
    const answer = await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [shipment_id], pickup_date: [later] });
    expect(answer.json).toMatchObject({ pickup_status: 1, response: { pickup_scheduled_date: `${later} 10:00:00`, status: 3, pickup_token_number: expect.stringMatching(/^Reference No: 10_\d{8}$/) } });
    expect(await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [shipment_id] })).toMatchObject({ status: 400, json: { message: 'Already in Pickup Queue.' } });
  });

  it('labels: a PDF page per shipment with an AWB (the others listed in not_created), served by the sandbox', async () => {
    const withAwb = await created('RP-3005');
    const assigned = await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: withAwb.shipment_id });
    const without = await created('RP-3006');
    const answer = await api(sandbox.url, 'POST', '/courier/generate/label', { shipment_id: [withAwb.shipment_id, without.shipment_id] });
    expect(answer.json).toMatchObject({ label_created: 1, not_created: [without.shipment_id], label_url: expect.stringMatching(new RegExp(`^${sandbox.url}/files/labels/[a-f0-9]{24}\\.pdf$`)) });
    const pdf = await fetch(answer.json.label_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text, pages } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages).toBe(1);
    expect(text).toContain(assigned.json.response.data.awb_code);
    expect(text).toContain('Meera Iyer');
    expect(text).toContain('PIN 560034');
    expect(text).toContain('Order RP-3005');
    const none = await api(sandbox.url, 'POST', '/courier/generate/label', { shipment_id: [without.shipment_id] });
    expect(none.json).toMatchObject({ label_created: 0, not_created: [without.shipment_id] });
    expect((await fetch(`${sandbox.url}/files/labels/${'0'.repeat(24)}.pdf`)).status).toBe(404);
  });

  it('manifest: only once the pickup is scheduled; a PDF listing every parcel', async () => {
    const first = await created('RP-3007');
    const second = await created('RP-3008');
    const awbs: string[] = [];
    for (const { shipment_id } of [first, second]) awbs.push((await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id })).json.response.data.awb_code);
    await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [first.shipment_id] });
    const early = await api(sandbox.url, 'POST', '/manifests/generate', { shipment_id: [first.shipment_id, second.shipment_id] });
    expect(early).toMatchObject({ status: 400, json: { message: `Schedule the pickup before the manifest: shipment ${second.shipment_id}` } });
    await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [second.shipment_id] });
    const answer = await api(sandbox.url, 'POST', '/manifests/generate', { shipment_id: [first.shipment_id, second.shipment_id] });
    expect(answer.json).toMatchObject({ status: 1, manifest_url: expect.stringContaining('/files/manifests/') });
    const { text } = await pdfText(new Uint8Array(await (await fetch(answer.json.manifest_url)).arrayBuffer()));
    for (const expected of ['Pickup manifest', awbs[0]!, awbs[1]!, 'RP-3007', 'RP-3008', '2 parcels']) expect(text).toContain(expected);
    const printed = await api(sandbox.url, 'POST', '/manifests/print', { order_ids: [first.order_id] });
    expect(printed.json.manifest_url).toContain('/files/manifests/');
  });

  it('cancel before pickup (twice is harmless, a cancelled shipment with an AWB tells the webhook); after pickup it is refused', async () => {
    const early = await created('RP-3009');
    const awb = (await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: early.shipment_id })).json.response.data.awb_code as string;
    expect((await api(sandbox.url, 'POST', '/orders/cancel', { ids: [early.order_id] })).status).toBe(200);
    expect((await api(sandbox.url, 'POST', '/orders/cancel/shipment/awbs', { awbs: [awb] })).status).toBe(200);
    expect((await api(sandbox.url, 'GET', `/shipments/${early.shipment_id}`)).json.data.status).toBe('CANCELED');
    expect(sandbox.state.webhooks.records.map((w) => w.status)).toEqual(['CANCELED']);
    const late = await created('RP-3010');
    const lateAwb = (await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id: late.shipment_id })).json.response.data.awb_code as string;
    await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [late.shipment_id] });
    await steps(sandbox, lateAwb, 'pick-up');
    expect(await api(sandbox.url, 'POST', '/orders/cancel', { ids: [late.order_id] })).toMatchObject({ status: 400, json: { message: `Cannot cancel after pickup: ${lateAwb}` } });
    expect((await api(sandbox.url, 'POST', '/orders/cancel', { ids: [123] })).status).toBe(404);
  });
});

describe('tracking', () => {
  it('unknown AWB 404; no scans yet: track_status 0; then scans newest first with the tracking page', async () => {
    expect(await api(sandbox.url, 'GET', '/courier/track/awb/1904000000000')).toMatchObject({ status: 404, json: { message: 'Awb 1904000000000 not found' } });
    const { shipment_id } = await created('RP-4001');
    const awb = (await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id })).json.response.data.awb_code as string;
    const before = await api(sandbox.url, 'GET', `/courier/track/awb/${awb}`);
    expect(before.json).toEqual({ tracking_data: { track_status: 0, error: expect.stringContaining('no activities found') } });
    await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [shipment_id] });
    await steps(sandbox, awb, 'pick-up', 'in-transit');
    const after = (await api(sandbox.url, 'GET', `/courier/track/awb/${awb}`)).json.tracking_data;
    expect(after).toMatchObject({ track_status: 1, shipment_status: 18, track_url: `${sandbox.url}/tracking/${awb}`, shipment_track: [{ awb_code: awb, current_status: 'IN TRANSIT', courier_name: 'Delhivery Surface' }] });
    expect(after.shipment_track_activities.map((scan: Record<string, string>) => scan['sr-status-label'])).toEqual(['IN TRANSIT', 'PICKED UP', 'PICKUP SCHEDULED']);
    const page = await fetch(after.track_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Bagged and dispatched to the destination hub');
  });

  it('batch tracking answers each known AWB by its number and leaves unknown ones out; at most 50', async () => {
    const { shipment_id } = await created('RP-4002');
    const awb = (await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id })).json.response.data.awb_code as string;
    const answer = await api(sandbox.url, 'POST', '/courier/track/awbs', { awbs: [awb, '1904000000001'] });
    expect(Object.keys(answer.json)).toEqual([awb]);
    expect(answer.json[awb].tracking_data.track_status).toBe(0);
    const tooMany = await api(sandbox.url, 'POST', '/courier/track/awbs', { awbs: Array.from({ length: 51 }, (_, i) => `1904${String(i).padStart(10, '0')}`) });
    expect(tooMany.status).toBe(422);
  });
});

describe('NDR', () => {
  it('lists failed deliveries with reason, attempts and history; actions are validated and need a waiting shipment', async () => {
    const { shipment_id } = await created('RP-5001');
    const awb = (await api(sandbox.url, 'POST', '/courier/assign/awb', { shipment_id })).json.response.data.awb_code as string;
    await api(sandbox.url, 'POST', '/courier/generate/pickup', { shipment_id: [shipment_id] });
    expect((await api(sandbox.url, 'GET', `/ndr/${awb}`)).status).toBe(404);
    await steps(sandbox, awb, 'pick-up', 'in-transit', 'out-for-delivery', ['fail', 'address-incomplete']);
    const list = await api(sandbox.url, 'GET', '/ndr/all?page=1&per_page=10');
    expect(list.json.meta.pagination).toMatchObject({ total: 1, current_page: 1 });
    expect(list.json.data[0]).toMatchObject({ awb_code: awb, status: 'UNDELIVERED', status_code: 21, reason: 'Incomplete Address', attempts: 1, customer_phone: '9876543210' });
    expect(list.json.data[0].history).toEqual([{ ndr_reason: 'Incomplete Address', ndr_attempt: 1, action_by: 'courier', action: 'undelivered', comment: '', ndr_raised_at: list.json.data[0].ndr_raised_at }]);
    expect((await api(sandbox.url, 'GET', `/ndr/all?search=${awb}`)).json.data).toHaveLength(1);
    expect((await api(sandbox.url, 'GET', '/ndr/all?search=1904000000000')).json.data).toHaveLength(0);

    const invalid = await api(sandbox.url, 'POST', `/ndr/${awb}/action`, { action: 'later', deferred_date: '2020-01-01', phone: '12345' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.json.errors).sort()).toEqual(['action', 'comments', 'deferred_date', 'phone']);
    const tomorrow = new Date(Date.now() + 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);
    const done = await api(sandbox.url, 'POST', `/ndr/${awb}/action`, { action: 're-attempt', comments: 'Call before coming', deferred_date: tomorrow, phone: '9123456789', address2: 'Opposite the temple' });
    expect(done).toMatchObject({ status: 202, json: { status: 'Data Updated Sucessfully' } });
    const detail = (await api(sandbox.url, 'GET', `/ndr/${awb}`)).json.data;
    expect(detail).toMatchObject({ deferred_date: tomorrow, customer_phone: '9123456789', customer_address_2: 'Opposite the temple' });
    expect(detail.history.at(-1)).toMatchObject({ action_by: 'seller', action: 're-attempt', comment: 'Call before coming' });
    // The owner may still change her mind before the next attempt; a return cannot be undone.
    expect((await api(sandbox.url, 'POST', `/ndr/${awb}/action`, { action: 'return', comments: 'Shopper cancelled' })).status).toBe(202);
    expect((await api(sandbox.url, 'GET', `/ndr/${awb}`)).json.data).toMatchObject({ status: 'RTO INITIATED', attempts: 1 });
    expect(await api(sandbox.url, 'POST', `/ndr/${awb}/action`, { action: 're-attempt', comments: 'Try again' })).toMatchObject({
      status: 400,
      json: { message: 'No action can be taken: the shipment is RTO INITIATED' },
    });
    expect((await control(sandbox.url, `/shipments/${awb}/out-for-delivery`)).status).toBe(409);
  });
});
