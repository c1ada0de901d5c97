import { describe, expect, it } from 'vitest';
import { priceCart, shippingPaise } from './pricing.js';
import { formatPaise, rupeesToPaise } from './money.js';

describe('priceCart', () => {
  it('charges ₹50 per order plus ₹50 per jar and totals subtotal plus shipping', () => {
    const priced = priceCart({ '1': 3 });
    expect(priced.subtotalPaise).toBe(150_000);
    expect(priced.shippingPaise).toBe(20_000);
    expect(priced.totalPaise).toBe(170_000);
    expect(priced.itemCount).toBe(3);
  });

  it('charges no shipping on an empty cart', () => {
    expect(priceCart({}).totalPaise).toBe(0);
  });

  it('leaves out unknown products and non-positive quantities', () => {
    expect(priceCart({ '99': 2, '1': 0 }).lines).toHaveLength(0);
  });

  it('computes shipping by total quantity', () => {
    expect(shippingPaise(1)).toBe(10_000);
    expect(shippingPaise(4)).toBe(25_000);
  });
});

describe('money', () => {
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(10.1)).toBe(1010);
    expect(rupeesToPaise(500)).toBe(50_000);
  });

  it('formats paise as Indian rupees', () => {
    expect(formatPaise(10_500_000)).toBe('₹1,05,000');
    // Paise shown in full when there are any: a partial refund of ₹449.50 never reads "₹449.5".
    expect(formatPaise(44_950)).toBe('₹449.50');
    expect(formatPaise(40_000)).toBe('₹400');
  });
});
