// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { priceCart } from '@pickles/shared/pricing';
import { CartSidebar } from './cart-sidebar.js';

function renderSidebar(cart: Record<string, number>) {
  const onClose = vi.fn();
  const onCheckout = vi.fn();
  render(
    <MemoryRouter>
      <CartSidebar open priced={priceCart(cart)} onClose={onClose} onIncrement={() => undefined} onDecrement={() => undefined} onCheckout={onCheckout} />
    </MemoryRouter>,
  );
  return { onClose, onCheckout, user: userEvent.setup() };
}

afterEach(() => cleanup());

describe('the cart sidebar', () => {
  it('empty: no ₹0 totals, a way back to the pickles that closes it, and checkout still answers', async () => {
    const { onClose, onCheckout, user } = renderSidebar({});
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    for (const label of ['Subtotal', 'Shipping', 'Total']) expect(screen.queryByText(label)).toBeNull();
    expect(screen.queryByText('₹0')).toBeNull();

    const back = screen.getByRole('link', { name: 'Shop pickles' });
    expect(back.getAttribute('href')).toBe('/shop');
    await user.click(back);
    expect(onClose).toHaveBeenCalledOnce();

    // The shop answers it with the spec's alert, so it stays enabled.
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('with jars: the totals, Subtotal label included, and no Shop pickles link', () => {
    renderSidebar({ 1: 2 });
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('₹1,000');
    expect(screen.getByText('Subtotal')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('₹1,150');
    expect(screen.queryByRole('link', { name: 'Shop pickles' })).toBeNull();
  });

  it('says how much GST the total contains, taken out of the MRP as the tax invoice will', () => {
    // One jar ₹500 + ₹100 shipping, both at 12% (shipping at the jar's rate):
    // 50000 / 1.12 = 44642.86 -> taxable 44643, GST 5357; 10000 / 1.12 = 8928.57 -> 8929, GST 1071.
    renderSidebar({ 1: 1 });
    expect(screen.getByTestId('cart-gst').textContent).toBe('Includes GST of ₹64.28');
    cleanup();
    // Two jars ₹1,000 + ₹150 shipping: 100000 / 1.12 -> 89286, GST 10714; 15000 / 1.12 -> 13393, GST 1607.
    renderSidebar({ 1: 2 });
    expect(screen.getByTestId('cart-gst').textContent).toBe('Includes GST of ₹123.21');
  });

  it('empty: no GST line', () => {
    renderSidebar({});
    expect(screen.queryByTestId('cart-gst')).toBeNull();
  });
});
