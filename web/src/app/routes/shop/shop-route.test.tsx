// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { clearCart } from '../../../features/cart/index.js';
import { resetAvailability } from '../../../features/stock/availability-store.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';
import ShopRoute from './shop-route.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const PICKLE = 'Royal Chicken Pickle';

/** Stands in for /payment: shows what the shop handed over. */
function PaymentProbe() {
  const state = useLocation().state as CheckoutNavigationState;
  return <p>Checkout for {state.total} rupees</p>;
}

function renderShop() {
  renderRoutes('/shop', { '/shop': <ShopRoute />, '/payment': <PaymentProbe /> });
  return userEvent.setup();
}

/** The floating cart button; its name carries the count, its badge shows it. */
const cartButton = () => screen.getByRole('button', { name: /^Open cart/ });

/** The server's availability: the chicken with `left` jars (null: no limit), the kofta as given. */
function stubAvailability(chicken: { state?: string; left: number | null; nextBatchDate?: string | null }, koftaState = 'coming-soon') {
  return stubApi({
    'GET /catalogue/availability': () =>
      jsonResponse(200, {
        success: true,
        asOf: '2026-11-23T10:00:00Z',
        products: [
          { productId: 1, state: chicken.state ?? 'on-sale', left: chicken.left, nextBatchDate: chicken.nextBatchDate ?? null },
          { productId: 2, state: koftaState, left: koftaState === 'coming-soon' ? 0 : null, nextBatchDate: null },
        ],
      }),
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
  clearCart();
  resetAvailability();
  stubAvailability({ left: null });
});

undoAfterEachTest();

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

describe('/shop: batch stock', () => {
  it('"Only 3 left", and at 3 in the cart the add button and + stop, saying why', async () => {
    stubAvailability({ left: 3 });
    const user = renderShop();
    const card = within(screen.getByRole('article', { name: PICKLE }));
    expect(await card.findByText('Only 3 left')).toBeTruthy();
    const add = card.getByRole('button', { name: `Add to Cart: ${PICKLE}` }) as HTMLButtonElement;
    for (let jar = 0; jar < 3; jar += 1) await user.click(add);
    expect(add.disabled).toBe(true);
    expect(card.getByText('Only 3 jars of Royal Chicken Pickle are left in this batch')).toBeTruthy();
    await user.click(cartButton());
    const cart = within(screen.getByRole('dialog', { name: 'Your Royal Cart' }));
    expect((cart.getByRole('button', { name: `Add one ${PICKLE}` }) as HTMLButtonElement).disabled).toBe(true);
    expect(cart.getByText('Only 3 jars of Royal Chicken Pickle are left in this batch')).toBeTruthy();
  });

  it('sold out: the next batch date, and no way to add', async () => {
    stubAvailability({ state: 'sold-out', left: 0, nextBatchDate: '2026-11-30' });
    renderShop();
    const card = within(screen.getByRole('article', { name: PICKLE }));
    expect(await card.findByText('Sold out - next batch on 30 Nov 2026')).toBeTruthy();
    expect((card.getByRole('button', { name: 'Sold Out' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a product the owner launched sells without a build', async () => {
    stubAvailability({ left: null }, 'on-sale');
    const user = renderShop();
    const kofta = within(screen.getByRole('article', { name: 'Shahi Mutton Kofta Pickle' }));
    await user.click(await kofta.findByRole('button', { name: 'Add to Cart: Shahi Mutton Kofta Pickle' }));
    expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 1 item');
  });

  it('a stored line of a product the server says is coming soon leaves the cart; a launched one stays', async () => {
    window.sessionStorage.setItem('royalPicklesCart', JSON.stringify({ 1: 1, 2: 3 }));
    renderShop();
    await waitFor(() => expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 1 item'));
    cleanup();
    resetAvailability();
    window.sessionStorage.setItem('royalPicklesCart', JSON.stringify({ 1: 1, 2: 3 }));
    stubAvailability({ left: null }, 'on-sale');
    renderShop();
    await screen.findByRole('button', { name: 'Add to Cart: Shahi Mutton Kofta Pickle' });
    expect(cartButton().getAttribute('aria-label')).toBe('Open cart, 4 items');
  });

  it('Proceed to Checkout checks again: jars sold meanwhile keep the shopper on the shop with the problem and its fix', async () => {
    stubAvailability({ left: 5 });
    const user = renderShop();
    const card = within(screen.getByRole('article', { name: PICKLE }));
    await card.findByText('Only 5 left');
    for (let jar = 0; jar < 4; jar += 1) await user.click(card.getByRole('button', { name: `Add to Cart: ${PICKLE}` }));
    stubAvailability({ left: 2 });
    await user.click(cartButton());
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const cart = within(screen.getByRole('dialog', { name: 'Your Royal Cart' }));
    expect((await cart.findByRole('alert')).textContent).toContain('Only 2 jars of Royal Chicken Pickle are left. Please reduce the quantity in your cart.');
    expect(screen.getByRole('heading', { name: 'Shop Our Pickles' })).toBeTruthy();

    await user.click(cart.getByRole('button', { name: 'Change to 2' }));
    expect(cart.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Checkout for 1150 rupees')).toBeTruthy();
  });
});
