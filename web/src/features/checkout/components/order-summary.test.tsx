// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { priceCart } from '@pickles/shared/pricing';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import { OrderSummary } from './order-summary.js';

afterEach(() => cleanup());

describe('the payment page order summary', () => {
  it('keeps its Subtotal label and says how much GST the total contains', () => {
    render(<OrderSummary checkout={toCheckoutState({ 1: 1 }, priceCart({ 1: 1 }))} />);
    expect(screen.getByText('Subtotal')).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe('₹600');
    // ₹500 + ₹100 shipping at 12%: GST 5357 + 1071 paise (worked out in cart-sidebar.test.tsx).
    expect(screen.getByTestId('summary-gst').textContent).toBe('Includes GST of ₹64.28');
    expect(screen.getByText('Prices in INR, MRP inclusive of GST. Prepaid only.')).toBeTruthy();
  });
});
