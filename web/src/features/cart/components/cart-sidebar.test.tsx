// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { priceCart } from '@pickles/shared/pricing';
import { CartSidebar, type CartLineStock } from './cart-sidebar.js';

function renderSidebar(cart: Record<string, number>, stock?: CartLineStock, checkoutNotice?: string) {
  const onClose = vi.fn();
  const onCheckout = vi.fn();
  const onSetQuantity = vi.fn();
  render(
    <MemoryRouter>
      <CartSidebar
        open
        priced={priceCart(cart)}
        stockOf={stock ? () => stock : undefined}
        onClose={onClose}
        onIncrement={() => undefined}
        onDecrement={() => undefined}
        onSetQuantity={onSetQuantity}
        onCheckout={onCheckout}
        checkoutNotice={checkoutNotice ? <p role="alert">{checkoutNotice}</p> : null}
      />
    </MemoryRouter>,
  );
  return { onClose, onCheckout, onSetQuantity, user: userEvent.setup() };
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

describe('the cart sidebar and the batch', () => {
  it('at the limit, + is disabled and the line says why in words', () => {
    renderSidebar({ 1: 3 }, { limit: 3, note: 'Only 3 jars of Royal Chicken Pickle are left in this batch' });
    const plus = screen.getByRole('button', { name: 'Add one Royal Chicken Pickle' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(screen.getByTestId('cart-line-limit').textContent).toBe('Only 3 jars of Royal Chicken Pickle are left in this batch');
    expect(plus.getAttribute('aria-describedby')).toBe('cart-line-1-stock');
  });

  it('under the limit, + works and nothing is said', () => {
    renderSidebar({ 1: 2 }, { limit: 3 });
    expect((screen.getByRole('button', { name: 'Add one Royal Chicken Pickle' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('cart-line-limit')).toBeNull();
  });

  it('a line the batch can no longer supply says so and offers the fix', async () => {
    const message = 'Only 2 jars of Royal Chicken Pickle are left. Please reduce the quantity in your cart.';
    const { onSetQuantity, user } = renderSidebar({ 1: 5 }, { limit: 2, problem: { message, fixTo: 2 } });
    expect(screen.getByTestId('cart-line-problem').textContent).toContain(message);
    await user.click(screen.getByRole('button', { name: 'Change to 2' }));
    expect(onSetQuantity).toHaveBeenCalledWith(1, 2);
  });

  it('a sold-out line offers its removal', async () => {
    const { onSetQuantity, user } = renderSidebar({ 1: 1 }, { limit: 0, problem: { message: 'Royal Chicken Pickle sold out before you paid.', fixTo: 0 } });
    await user.click(screen.getByRole('button', { name: 'Remove Royal Chicken Pickle' }));
    expect(onSetQuantity).toHaveBeenCalledWith(1, 0);
  });

  it("the route's checkout notice stands above the checkout button", () => {
    renderSidebar({ 1: 5 }, { limit: 2 }, 'Your cart cannot be supplied as it is');
    const notice = screen.getByRole('alert');
    expect(notice.compareDocumentPosition(screen.getByRole('button', { name: 'Proceed to Checkout' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
