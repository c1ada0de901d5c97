import { describe, expect, it } from 'vitest';
import { PRODUCTS, unitPricePaisePerGram, type Product } from './catalogue.js';

const jar = (price: number, weight2: number): Product => ({ ...PRODUCTS[0]!, price, weight2 });

describe('unitPricePaisePerGram', () => {
  it('divides the MRP by the net quantity, to the nearest paisa', () => {
    expect(unitPricePaisePerGram(jar(500, 350))).toBe(143); // 50000 / 350 = 142.857
    expect(unitPricePaisePerGram(jar(1000, 350))).toBe(286); // 100000 / 350 = 285.714
    expect(unitPricePaisePerGram(jar(500, 400))).toBe(125); // exact
  });

  it('rounds half a paisa up', () => {
    expect(unitPricePaisePerGram(jar(3.5, 100))).toBe(4); // 350 / 100 = 3.5
    expect(unitPricePaisePerGram(jar(3.49, 100))).toBe(3); // 349 / 100 = 3.49
  });
});
