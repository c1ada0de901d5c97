// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrackOrderResponse } from '@pickles/shared/api';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import PaymentSuccessRoute from '../payment-result/payment-success-route.js';
import TrackRoute from './track-route.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const NOT_FOUND = 'We could not find an order with those details. Check the order number and the phone number or e-mail you used at checkout.';

const DISPATCHED: TrackOrderResponse = {
  success: true,
  orderNumber: 'RP261120-7KQ2XD',
  placedAt: '2026-11-20T05:30:00.000Z',
  stage: 'dispatched',
  headline: 'On its way with Delhivery',
  next: "Follow your parcel on the courier's website with the tracking number.",
  items: [
    { name: 'Royal Chicken Pickle', quantity: 2 },
    { name: 'Royal Mutton Pickle', quantity: 1 },
  ],
  amount: 1750,
  dispatch: { courierName: 'Delhivery', awb: '1234567890', trackingUrl: 'https://www.delhivery.com/track/package/1234567890', dispatchedAt: '2026-11-24T04:00:00.000Z' },
  refunds: [{ amount: 200, state: 'in-progress', requestedAt: '2026-11-25T06:00:00.000Z' }],
  invoiceNumber: null,
  deliveryPromise: { zone: 'national', from: '2026-11-24', earliest: '2026-12-01', latest: '2026-12-04', processingDays: null, courierDays: [7, 10] },
  courierEvents: [],
};

function renderAt(entry: string | { pathname: string; state?: unknown }) {
  renderRoutes(entry, { '/track': <TrackRoute />, '/payment-success': <PaymentSuccessRoute /> });
}

const orderField = () => screen.getByLabelText('Order number') as HTMLInputElement;
const contactField = () => screen.getByLabelText('Phone number or e-mail') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Track order' }));

undoAfterEachTest();

describe('/track', () => {
  it('asks for both fields before looking anything up', async () => {
    const api = stubApi({});
    renderAt('/track');
    submit();
    expect(await screen.findByText('Enter the order number from your confirmation e-mail')).toBeTruthy();
    expect(screen.getByText('Enter the 10-digit phone number or the e-mail address you used at checkout')).toBeTruthy();
    expect(orderField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(orderField());
    fireEvent.change(orderField(), { target: { value: 'RP261120-7KQ2XD' } });
    fireEvent.change(contactField(), { target: { value: '12345' } });
    submit();
    await waitFor(() => expect(document.activeElement).toBe(contactField()));
    expect(contactField().getAttribute('aria-describedby')).toContain('track-contact-error');
    expect(api.calls).toEqual([]);
  });

  it('looks the order up with the phone and shows where it is, the courier link, the items, the total and the refund', async () => {
    const api = stubApi({ 'POST /track': () => jsonResponse(200, DISPATCHED) });
    renderAt('/track');
    fireEvent.change(orderField(), { target: { value: ' rp261120-7kq2xd ' } });
    fireEvent.change(contactField(), { target: { value: '+91 98123 45670' } });
    submit();

    const heading = await screen.findByRole('heading', { name: 'On its way with Delhivery' });
    expect(api.calls.map((call) => [call.route, call.body])).toEqual([['POST /track', { orderNumber: 'RP261120-7KQ2XD', contact: '+91 98123 45670' }]]);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const result = screen.getByTestId('track-result');
    expect(result.textContent).toContain('Order RP261120-7KQ2XD');
    expect(result.textContent).toContain('Placed 20 November 2026, 11:00 am IST');
    expect(result.textContent).toContain(DISPATCHED.next);
    // The courier's part of the delivery promise, in the words of the checkout and the e-mails.
    expect(within(result).getByTestId('track-delivery').textContent).toBe('Expected delivery: between 1 Dec and 4 Dec 2026 With the courier: 7-10 days from dispatch.');
    const link = within(result).getByRole('link', { name: 'Track with Delhivery (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://www.delhivery.com/track/package/1234567890');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(result).getByText('1234567890')).toBeTruthy();
    expect(result.textContent).toContain('Dispatched24 November 2026');
    const items = within(result).getAllByRole('list')[1]!;
    expect(within(items).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Royal Chicken Picklex 2', 'Royal Mutton Picklex 1']);
    expect(result.textContent).toContain('Order total₹1,750');
    expect(result.textContent).toContain('₹200Being processedStarted 25 November 2026');
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('Dispatched');
    expect(screen.getByRole('heading', { name: 'Look up another order' })).toBeTruthy();
  });

  it("shows what the courier reported, newest first, a failed attempt with its reason, and the courier's expected day", async () => {
    stubApi({
      'POST /track': () =>
        jsonResponse(200, {
          ...DISPATCHED,
          deliveryPromise: { zone: 'national', from: '2026-11-24', earliest: '2026-11-29', latest: '2026-11-29', processingDays: null, courierDays: [7, 10] },
          courierEvents: [
            { status: 'picked-up', occurredAt: '2026-11-24T08:00:00.000Z', reason: null },
            { status: 'undelivered', occurredAt: '2026-11-27T09:00:00.000Z', reason: 'Customer Not Available' },
          ],
        }),
    });
    renderAt('/track');
    fireEvent.change(orderField(), { target: { value: 'RP261120-7KQ2XD' } });
    fireEvent.change(contactField(), { target: { value: '9812345670' } });
    submit();
    await screen.findByRole('heading', { name: 'On its way with Delhivery' });
    const events = screen.getByRole('list', { name: 'What the courier reported' });
    expect(within(events).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Delivery attempt failedCustomer Not Available27 November 2026, 2:30 pm IST',
      'Picked up from our kitchen24 November 2026, 1:30 pm IST',
    ]);
    expect(screen.getByTestId('track-delivery').textContent).toBe("Expected delivery: on 29 Nov 2026 The courier's expected day.");
  });

  it("shows the server's not-found message as an alert, and no result", async () => {
    stubApi({ 'POST /track': () => jsonResponse(404, { success: false, error: NOT_FOUND }) });
    renderAt('/track?order=RP261120-7KQ2XD');
    expect(orderField().value).toBe('RP261120-7KQ2XD');
    fireEvent.change(contactField(), { target: { value: 'kavya@example.in' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);
    expect(screen.queryByTestId('track-result')).toBeNull();
  });

  it('says when the shop cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt('/track?order=RP261120-7KQ2XD');
    fireEvent.change(contactField(), { target: { value: '9812345670' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('We could not reach the shop. Check your connection and try again.');
  });

  it('opens a signed link at once, without typing', async () => {
    const api = stubApi({ 'GET /track': () => jsonResponse(200, { ...DISPATCHED, stage: 'paid', headline: 'Your order is confirmed and being prepared', dispatch: null, refunds: [] }) });
    renderAt('/track?order=RP261120-7KQ2XD&t=abcDEF0123456789_-xyz');
    expect(screen.getByRole('status').textContent).toBe('Looking up your order...');
    const heading = await screen.findByRole('heading', { name: 'Your order is confirmed and being prepared' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url.search).toBe('?order=RP261120-7KQ2XD&t=abcDEF0123456789_-xyz');
    expect(screen.queryByRole('link', { name: /Track with/ })).toBeNull();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('Confirmed');
  });

  it('is reached from /payment-success with the order number filled in', async () => {
    stubApi({});
    renderAt({ pathname: '/payment-success', state: { orderId: 'RP261120-7KQ2XD', paymentId: 'pay_TEST12345678', amount: 650 } });
    fireEvent.click(screen.getByRole('link', { name: 'Track this order' }));
    expect(await screen.findByRole('heading', { name: 'Track your order', level: 1 })).toBeTruthy();
    expect(orderField().value).toBe('RP261120-7KQ2XD');
    expect(contactField().value).toBe('');
  });
});
