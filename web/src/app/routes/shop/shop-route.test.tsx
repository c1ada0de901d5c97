// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearCart } from '../../../features/cart/index.js';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';
import ShopRoute from './shop-route.js';

const PICKLE = 'Royal Chicken Pickle';

/** Stands in for /payment: shows what the shop handed over. */
function PaymentProbe() {
  const state = useLocation().state as CheckoutNavigationState;
  return <p>Checkout for {state.total} rupees</p>;
}

function renderShop() {
  render(
    <MemoryRouter initialEntries={['/shop']}>
      <Routes>
        <Route path="/shop" element={<ShopRoute />} />
        <Route path="/payment" element={<PaymentProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The floating cart button; its name carries the count, its badge shows it. */
const cartButton = () => screen.getByRole('button', { name: /^Open cart/ });

beforeEach(() => {
  window.sessionStorage.clear();
  clearCart();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/shop: the cart', () => {
  it('Add to Cart adds one jar each time: the popup says so and the badge counts them', async () => {
    const user = renderShop();
    expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 0 items');
    expect(cartButton().textContent).toBe('');

    await user.click(screen.getByRole('button', { name: `Add to Cart: ${PICKLE}` }));
    expect(screen.getByRole('status').textContent).toBe(`Added ${PICKLE} to cart!`);
    expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 1 item');
    expect(cartButton().textContent).toBe('1');

    await user.click(screen.getByRole('button', { name: `Add to Cart: ${PICKLE}` }));
    expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 2 items');
    expect(cartButton().textContent).toBe('2');
  });

  it('a coming-soon product cannot be added', () => {
    renderShop();
    const soon = screen.getByRole('button', { name: 'Coming Soon' }) as HTMLButtonElement;
    expect(soon.disabled).toBe(true);
  });

  it('in the cart, plus adds one, minus takes one away and removes the line at 1', async () => {
    const user = renderShop();
    await user.click(screen.getByRole('button', { name: `Add to Cart: ${PICKLE}` }));
    await user.click(cartButton());
    const cart = screen.getByRole('dialog', { name: 'Your Royal Cart' });
    const quantity = () => within(cart).getByRole('group', { name: `Quantity of ${PICKLE}` });
    expect(within(quantity()).getByText('1')).toBeTruthy();

    await user.click(within(cart).getByRole('button', { name: `Add one ${PICKLE}` }));
    expect(within(quantity()).getByText('2')).toBeTruthy();
    expect(cartButton().textContent).toBe('2');
    // ₹500 a jar; shipping ₹50 per order plus ₹50 per jar (docs/product.md §9).
    expect(within(cart).getByText('Subtotal').nextElementSibling?.textContent).toBe('₹1,000');
    expect(within(cart).getByText('Shipping').nextElementSibling?.textContent).toBe('₹150');
    expect(within(cart).getByText('Total').nextElementSibling?.textContent).toBe('₹1,150');

    await user.click(within(cart).getByRole('button', { name: `Remove one ${PICKLE}` }));
    expect(within(quantity()).getByText('1')).toBeTruthy();
    expect(cartButton().textContent).toBe('1');

    await user.click(within(cart).getByRole('button', { name: `Remove one ${PICKLE}` }));
    expect(within(cart).queryByRole('group', { name: `Quantity of ${PICKLE}` })).toBeNull();
    expect(within(cart).getByText('Your cart is empty.')).toBeTruthy();
    expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 0 items');
    expect(cartButton().textContent).toBe('');
  });

  it('Proceed to Checkout with an empty cart alerts and stays on the shop', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = renderShop();
    await user.click(cartButton());
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(alert).toHaveBeenCalledWith('Your cart is empty! Please add some delicacies.');
    expect(screen.getByRole('heading', { name: 'Shop Our Pickles' })).toBeTruthy();
  });

  it('Proceed to Checkout with jars goes to /payment with the cart and its total', async () => {
    const user = renderShop();
    await user.click(screen.getByRole('button', { name: `Add to Cart: ${PICKLE}` }));
    await user.click(screen.getByRole('button', { name: `Add to Cart: ${PICKLE}` }));
    await user.click(cartButton());
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Checkout for 1150 rupees')).toBeTruthy();
  });
});
