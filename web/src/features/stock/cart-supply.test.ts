import { describe, expect, it } from 'vitest';
import { PRODUCTS, findProduct, type Product } from '@pickles/shared/catalogue';
import { catalogueAvailability, type ProductAvailability } from '@pickles/shared/stock';
import type { AvailabilitySnapshot } from './availability-store.js';
import { cartLineStock, productStockNote, unsellableLines } from './cart-supply.js';

const chicken = findProduct(1) as Product;
const onSale = (left: number | null): ProductAvailability => ({ productId: 1, state: 'on-sale', left, nextBatchDate: null });

function live(...changes: ProductAvailability[]): AvailabilitySnapshot {
  const byProduct = new Map(PRODUCTS.map((product) => [product.id, catalogueAvailability(product)]));
  for (const change of changes) byProduct.set(change.productId, change);
  return { byProduct, isLive: true };
}

describe("a product card's stock line", () => {
  it('"Only N left" at or under ten jars, nothing above or without a limit', () => {
    expect(productStockNote(chicken, 0, onSale(3))).toEqual({ text: 'Only 3 left', kind: 'low' });
    expect(productStockNote(chicken, 0, onSale(10))).toEqual({ text: 'Only 10 left', kind: 'low' });
    expect(productStockNote(chicken, 0, onSale(11))).toBeUndefined();
    expect(productStockNote(chicken, 0, onSale(null))).toBeUndefined();
  });

  it('sold out, with the next batch date when the owner gave one', () => {
    expect(productStockNote(chicken, 0, { productId: 1, state: 'sold-out', left: 0, nextBatchDate: '2026-11-30' })).toEqual({ text: 'Sold out - next batch on 30 Nov 2026', kind: 'sold-out' });
    expect(productStockNote(chicken, 0, { productId: 1, state: 'sold-out', left: 0, nextBatchDate: null })?.text).toBe('Sold out');
  });

  it('the cart holding every jar left: why the button stopped', () => {
    expect(productStockNote(chicken, 2, onSale(3))?.kind).toBe('low');
    expect(productStockNote(chicken, 3, onSale(3))).toEqual({ text: 'Only 3 jars of Royal Chicken Pickle are left in this batch', kind: 'at-limit' });
    expect(productStockNote(chicken, 1, onSale(1))?.text).toBe('Only 1 jar of Royal Chicken Pickle is left in this batch');
    expect(productStockNote(chicken, 50, onSale(null))).toEqual({ text: 'One order can hold at most 50 jars of Royal Chicken Pickle', kind: 'at-limit' });
  });
});

describe('a cart line against the batch', () => {
  it('+ stops at the jars left, or the per-line limit without one', () => {
    expect(cartLineStock(live(onSale(3)), 1, 1)).toEqual({ limit: 3, note: undefined, problem: undefined });
    expect(cartLineStock(live(onSale(null)), 1, 1).limit).toBe(50);
    expect(cartLineStock(live(onSale(3)), 1, 3).note).toBe('Only 3 jars of Royal Chicken Pickle are left in this batch');
  });

  it('more than the batch has: the problem and the quantity that fixes it', () => {
    expect(cartLineStock(live(onSale(2)), 1, 5).problem).toEqual({ message: 'Only 2 jars of Royal Chicken Pickle are left. Please reduce the quantity in your cart.', fixTo: 2 });
    expect(cartLineStock(live({ productId: 1, state: 'sold-out', left: 0, nextBatchDate: null }), 1, 1).problem?.fixTo).toBe(0);
    expect(cartLineStock(live(), 2, 1).problem?.message).toBe('Shahi Mutton Kofta Pickle is not on sale yet. Please remove it from your cart.');
  });

  it('before the server has answered, no problem: only the catalogue flags', () => {
    expect(cartLineStock({ ...live(), isLive: false }, 2, 1)).toEqual({ limit: 0, note: undefined, problem: undefined });
  });
});

describe('unsellableLines', () => {
  it('names the lines of products not on sale once the server has answered, none before', () => {
    const soldOut: ProductAvailability = { productId: 1, state: 'sold-out', left: 0, nextBatchDate: null };
    expect(unsellableLines({ 1: 1, 2: 3 }, live(soldOut))).toEqual([2]);
    expect(unsellableLines({ 1: 1, 2: 3 }, live({ productId: 2, state: 'on-sale', left: null, nextBatchDate: null }))).toEqual([]);
    expect(unsellableLines({ 2: 3 }, { ...live(), isLive: false })).toEqual([]);
  });
});
