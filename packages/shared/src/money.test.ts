import { describe, expect, it } from 'vitest';
import { formatPaise, paiseToTypedRupees, parseTypedRupees, rupeesToPaise } from './money.js';

describe('parseTypedRupees: what the owner types into a price field', () => {
  it.each([
    ['500', 500],
    ['1,250.50', 1250.5],
    ['1250.5', 1250.5],
    ['₹ 499', 499],
    ['₹1,00,000', 100_000],
    ['12,50,000.25', 1_250_000.25],
    ['125,000', 125_000],
    ['  75.05 ', 75.05],
    ['0.10', 0.1],
  ])('%j is ₹%d', (typed, rupees) => {
    expect(parseTypedRupees(typed)).toBe(rupees);
  });

  it.each(['', 'abc', '12a', '1,2,3', '1,25', '12,50.5', '1.2.3', '-5', '5.', '.5', '1 250'])('%j is not an amount', (typed) => {
    expect(parseTypedRupees(typed)).toBeNaN();
  });

  it('keeps a third decimal for the schema to refuse, and never loses a paisa on the way to paise', () => {
    expect(parseTypedRupees('10.005')).toBe(10.005);
    expect(rupeesToPaise(parseTypedRupees('1,250.50'))).toBe(125_050);
    expect(rupeesToPaise(parseTypedRupees('10.10'))).toBe(1_010);
  });
});

describe('paiseToTypedRupees: what a price field shows, read back unchanged', () => {
  it.each([
    [50_000, '500'],
    [125_050, '1250.50'],
    [1_005, '10.05'],
    [10, '0.10'],
  ])('%d paise is %j', (paise, typed) => {
    expect(paiseToTypedRupees(paise)).toBe(typed);
    expect(rupeesToPaise(parseTypedRupees(typed))).toBe(paise);
  });

  it('agrees with how the shop shows the amount', () => {
    expect(formatPaise(125_050)).toBe('₹1,250.50');
    expect(formatPaise(50_000)).toBe('₹500');
  });
});
