// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PaymentSuccessState } from '../../../lib/checkout-state.js';
import PaymentSuccessRoute from './payment-success-route.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const PAID: PaymentSuccessState = {
  orderId: 'RP260115-7KQ2XD',
  paymentId: 'pay_TEST12345678',
  amount: 2150,
  receipt: {
    items: [
      { name: 'Royal Chicken Pickle', quantity: 3, total: 1500 },
      { name: 'Royal Mango Pickle', quantity: 1, total: 450 },
    ],
    shippingCost: 200,
    amount: 2150,
    name: 'Kavya Menon',
    email: 'kavya@example.in',
    deliveryAddress: { flatNumber: '7A', street: 'Linking Road', area: 'Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
    deliveryPromise: { zone: 'national', from: '2026-01-15', earliest: '2026-01-29', latest: '2026-02-04', processingDays: [7, 10], courierDays: [7, 10] },
  },
};

function renderSuccess(state: unknown, search = '') {
  renderRoutes({ pathname: '/payment-success', search, state }, { '/payment-success': <PaymentSuccessRoute />, '/': <p>Home page</p> });
}

/** Clicks and lets the clipboard promise settle. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
    await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

undoAfterEachTest();

describe('/payment-success', () => {
  it("shows a paid payment link's order from the shop's callback (?order=&payment=), and goes home without one", () => {
    renderSuccess(undefined, '?order=RP261129-HVR8GD&payment=pay_42yyVUHfrwe5ox');
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByTestId('success-order-id').textContent).toBe('RP261129-HVR8GD');
    expect(screen.getByText('pay_42yyVUHfrwe5ox')).toBeTruthy();
    cleanup();
    renderSuccess(undefined, '?order=%3Cscript%3E');
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('counts the seconds down to the redirect home at 10 s', () => {
    renderSuccess(PAID);
    const countdown = screen.getByTestId('success-countdown');
    expect(countdown.textContent).toBe('You will be taken to the home page in 10 seconds.');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown.textContent).toBe('You will be taken to the home page in 9 seconds.');
    act(() => vi.advanceTimersByTime(7_000));
    expect(countdown.textContent).toBe('You will be taken to the home page in 2 seconds.');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown.textContent).toBe('You will be taken to the home page in 1 second.');
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('"Stay on this page" stops the return home, and says the shopper stays', () => {
    renderSuccess(PAID);
    act(() => vi.advanceTimersByTime(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByTestId('success-countdown')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('You are staying on this page.');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.queryByText('Home page')).toBeNull();
    // The order number and the way to follow it stay on the page.
    expect(screen.getByTestId('success-order-id').textContent).toBe('RP260115-7KQ2XD');
    expect(screen.getByRole('link', { name: 'Track this order' }).getAttribute('href')).toBe('/track?order=RP260115-7KQ2XD');
  });

  it('shows what was paid for: each line with its quantity and total, shipping, the amount paid, the address and what happens next', () => {
    renderSuccess(PAID);
    expect(screen.getByText('Your order details will be emailed to you shortly.', { exact: false })).toBeTruthy();
    const lines = within(screen.getByTestId('success-items')).getAllByRole('listitem').map((line) => line.textContent);
    expect(lines).toEqual(['Royal Chicken Pickle x 3₹1,500', 'Royal Mango Pickle x 1₹450', 'Shipping₹200']);
    expect(screen.getByTestId('success-amount').textContent).toBe('₹2,150');
    expect(screen.getByTestId('success-address').textContent).toBe('Kavya Menon7A, Linking RoadBandra West, MumbaiMaharashtra - 400050');
    const next = within(screen.getByRole('region', { name: 'What happens next' })).getAllByRole('listitem').map((step) => step.textContent);
    expect(next).toEqual([
      'A confirmation e-mail is on its way to kavya@example.in.',
      // The promise create-order made, in the words of the checkout and the e-mails.
      'Expected delivery: between 29 Jan and 4 Feb 2026 Prepared and packed in 7-10 days, then 7-10 days by courier.',
    ]);
    expect(screen.getByTestId('success-order-id').textContent).toBe('RP260115-7KQ2XD');
    expect(screen.getByText('pay_TEST12345678')).toBeTruthy();
  });

  it('Copy puts the order ID on the clipboard and says Copied for 1.5 s', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSuccess(PAID);
    // Beside the order ID it copies, as the admin panel's Copy buttons are.
    const copy = screen.getByRole('button', { name: 'Copy' });
    await click(copy);
    expect(writeText).toHaveBeenCalledWith('RP260115-7KQ2XD');
    expect(copy.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1_400));
    expect(copy.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(200));
    expect(copy.textContent).toBe('Copy');
  });

  it("a failed copy says 'Copy failed' on the button for 1.5 s, not in an alert", async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderSuccess(PAID);
    const copy = screen.getByRole('button', { name: 'Copy' });
    await click(copy);
    expect(copy.textContent).toBe('Copy failed');
    expect(alert).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_500));
    expect(copy.textContent).toBe('Copy');
  });

  it('with only an order id, as before, shows the order without a receipt', () => {
    renderSuccess({ orderId: 'order_ABC123' });
    expect(screen.getByTestId('success-order-id').textContent).toBe('order_ABC123');
    expect(screen.queryByTestId('success-items')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('without an order id goes home at once', () => {
    renderSuccess({ receipt: PAID.receipt });
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
