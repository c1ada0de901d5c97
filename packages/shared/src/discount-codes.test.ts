import { describe, expect, it } from 'vitest';
import { applyDiscount, discountRefusal, normaliseDiscountCode, DISCOUNT_USED_UP, type DiscountTerms } from './discount-codes.js';

const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  code: 'LAUNCH10',
  kind: 'percent',
  percent: 10,
  amountPaise: null,
  minOrderPaise: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerShopper: null,
  active: true,
  ...over,
});

describe('applyDiscount', () => {
  it('takes a percentage of the goods, rounded half up to the paisa, and prorates it over the lines', () => {
    // ₹500.05 x 1 and ₹1,105.00: 10% of ₹1,605.05 is ₹160.505 -> ₹160.51
    const applied = applyDiscount(terms(), { linesPaise: [50_005, 110_500], shippingPaise: 15_000 });
    expect(applied.discountPaise).toBe(16_051);
    expect(applied.lineDiscountsPaise).toEqual([5001, 11_050]);
    expect(applied.lineDiscountsPaise.reduce((a, b) => a + b)).toBe(16_051);
    expect(applied.shippingDiscountPaise).toBe(0);
    expect(applied.totalPaise).toBe(50_005 + 110_500 + 15_000 - 16_051);
  });

  it('says what the code does, to the paisa', () => {
    expect(applyDiscount(terms(), { linesPaise: [160_500], shippingPaise: 10_000 }).summary).toBe('LAUNCH10: 10% off — you save ₹160.50');
  });

  it('caps a fixed amount larger than the goods at the goods, shipping still paid', () => {
    const applied = applyDiscount(terms({ kind: 'fixed', percent: null, amountPaise: 200_000 }), { linesPaise: [50_000, 50_000], shippingPaise: 15_000 });
    expect(applied.discountPaise).toBe(100_000);
    expect(applied.lineDiscountsPaise).toEqual([50_000, 50_000]);
    expect(applied.totalPaise).toBe(15_000);
  });

  it('takes the shipping off for a free-shipping code and nothing off the goods', () => {
    const applied = applyDiscount(terms({ code: 'FREESHIP', kind: 'free-shipping', percent: null }), { linesPaise: [100_000], shippingPaise: 15_000 });
    expect(applied).toMatchObject({ discountPaise: 15_000, shippingDiscountPaise: 15_000, lineDiscountsPaise: [0], totalPaise: 100_000 });
    expect(applied.summary).toBe('FREESHIP: free shipping — you save ₹150');
  });

  it('never takes an order below ₹1 (Razorpay refuses less)', () => {
    const applied = applyDiscount(terms({ percent: 100 }), { linesPaise: [50_000], shippingPaise: 0 });
    expect(applied.totalPaise).toBe(100);
    expect(applied.discountPaise).toBe(49_900);
  });

  it('splits a discount over equal lines with the odd paisa to the first', () => {
    const applied = applyDiscount(terms({ kind: 'fixed', percent: null, amountPaise: 101 }), { linesPaise: [50_000, 50_000], shippingPaise: 10_000 });
    expect(applied.lineDiscountsPaise).toEqual([51, 50]);
  });
});

describe('discountRefusal', () => {
  const now = new Date('2026-12-01T06:00:00Z');
  const order = { subtotalPaise: 100_000 };
  it('accepts a code within its terms', () => {
    expect(discountRefusal('launch10', terms({ maxUses: 5, maxUsesPerShopper: 1 }), order, { uses: 4, usesByShopper: 0 }, now)).toBeUndefined();
  });
  it('says why not, in plain words', () => {
    expect(discountRefusal(' nope ', undefined, order, {}, now)?.message).toBe('We do not know the code NOPE. Please check how it is spelt.');
    expect(discountRefusal('x', terms({ active: false }), order, {}, now)?.reason).toBe('paused');
    expect(discountRefusal('x', terms({ startsAt: new Date('2026-12-02T04:30:00Z') }), order, {}, now)?.message).toBe('The code LAUNCH10 starts on 2 December 2026, 10:00 am IST.');
    expect(discountRefusal('x', terms({ endsAt: new Date('2026-12-01T06:00:00Z') }), order, {}, now)?.message).toBe('The code LAUNCH10 expired on 1 December 2026, 11:30 am IST.');
    expect(discountRefusal('x', terms({ minOrderPaise: 150_000 }), order, {}, now)?.message).toBe('The code LAUNCH10 needs an order of at least ₹1,500 before shipping.');
    expect(discountRefusal('x', terms({ maxUses: 1 }), order, { uses: 1 }, now)?.message).toBe(DISCOUNT_USED_UP);
    expect(discountRefusal('x', terms({ maxUsesPerShopper: 1 }), order, { uses: 0, usesByShopper: 1 }, now)?.message).toBe('You have already used the code LAUNCH10.');
  });
  it('normalises codes: case-insensitive, trimmed', () => {
    expect(normaliseDiscountCode('  launch10 ')).toBe('LAUNCH10');
  });
});
