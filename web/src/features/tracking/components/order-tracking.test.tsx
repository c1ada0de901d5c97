// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { TrackOrderResponse } from '@pickles/shared/api';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import { OrderTracking } from './order-tracking.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';

const PAID: TrackOrderResponse = {
  success: true,
  orderNumber: 'RP261120-7KQ2XD',
  placedAt: '2026-11-20T05:30:00.000Z',
  stage: 'paid',
  headline: 'Your order is confirmed and being prepared',
  next: "We prepare and pack your pickles within 7-10 days, then e-mail you the courier's tracking number.",
  items: [{ name: 'Royal Chicken Pickle', quantity: 2 }],
  amount: 1150,
  dispatch: null,
  refunds: [],
  invoiceNumber: 'RP/26-27/000042',
  deliveryPromise: { zone: 'local', from: '2026-11-20', earliest: '2026-11-29', latest: '2026-12-04', processingDays: [7, 10], courierDays: [2, 4] },
  courierEvents: [],
};
const TOKEN = 'abcDEF0123456789_-xyz';

function renderTracking(props: { initialOrderNumber?: string; linkToken?: string } = {}) {
  render(
    <MemoryRouter>
      <OrderTracking {...props} />
    </MemoryRouter>,
  );
}

async function lookUpByPhone(orderNumber: string) {
  fireEvent.change(screen.getByLabelText('Order number'), { target: { value: orderNumber } });
  fireEvent.change(screen.getByLabelText('Phone number or e-mail'), { target: { value: '9812345670' } });
  fireEvent.click(screen.getByRole('button', { name: /Track order|Looking up/ }));
  await screen.findByRole('heading', { name: PAID.headline });
}

undoAfterEachTest();

describe('the GST tax invoice on the tracking page', () => {
  it('a signed link offers the download, signed with the same token', async () => {
    stubApi({ 'GET /track': () => jsonResponse(200, PAID) });
    renderTracking({ initialOrderNumber: PAID.orderNumber, linkToken: TOKEN });
    await screen.findByRole('heading', { name: PAID.headline });
    const link = within(screen.getByTestId('track-result')).getByRole('link', { name: 'Download GST tax invoice (RP/26-27/000042)' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/track/invoice');
    expect(Object.fromEntries(href.searchParams)).toEqual({ order: PAID.orderNumber, t: TOKEN });
  });

  it('a lookup by phone shows the number and points to the e-mail, with no link', async () => {
    stubApi({ 'POST /track': () => jsonResponse(200, PAID) });
    renderTracking();
    await lookUpByPhone(PAID.orderNumber);
    const result = screen.getByTestId('track-result');
    expect(result.textContent).toContain('GST tax invoice RP/26-27/000042: the download link is in your confirmation e-mail.');
    expect(within(result).queryByRole('link', { name: /invoice/i })).toBeNull();
  });

  it("another order looked up after a signed link does not borrow the link's token", async () => {
    const other = { ...PAID, orderNumber: 'RP261121-AAAAAA', invoiceNumber: 'RP/26-27/000043' };
    stubApi({ 'GET /track': () => jsonResponse(200, PAID), 'POST /track': () => jsonResponse(200, other) });
    renderTracking({ initialOrderNumber: PAID.orderNumber, linkToken: TOKEN });
    await screen.findByRole('link', { name: 'Download GST tax invoice (RP/26-27/000042)' });
    await lookUpByPhone(other.orderNumber);
    await screen.findByText(/RP261121-AAAAAA/);
    const result = screen.getByTestId('track-result');
    expect(result.textContent).toContain('GST tax invoice RP/26-27/000043: the download link is in your confirmation e-mail.');
    expect(within(result).queryByRole('link', { name: /invoice/i })).toBeNull();
  });

  it('says nothing of an invoice before it is issued', async () => {
    stubApi({ 'GET /track': () => jsonResponse(200, { ...PAID, invoiceNumber: null }) });
    renderTracking({ initialOrderNumber: PAID.orderNumber, linkToken: TOKEN });
    await screen.findByRole('heading', { name: PAID.headline });
    expect(screen.getByTestId('track-result').textContent).not.toContain('invoice');
  });
});
