// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, addToCart, clearCart, decrementInCart, readCart, setCartQuantity } from './cart-store.js';

beforeEach(() => {
  window.sessionStorage.clear();
  clearCart();
});

describe('session cart', () => {
  it('adds, increments, decrements and removes the line at 1', () => {
    expect(addToCart(1)).toBe(true);
    expect(addToCart(1)).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem(CART_STORAGE_KEY) ?? '')).toEqual({ 1: 2 });
    decrementInCart(1);
    expect(readCart()).toEqual({ 1: 1 });
    decrementInCart(1);
    expect(readCart()).toEqual({});
  });

  it('refuses unknown products, and more than the limit it is given (the jars the batch has left)', () => {
    expect(addToCart(99)).toBe(false);
    expect(addToCart(2, 0)).toBe(false);
    expect(addToCart(1, 2)).toBe(true);
    expect(addToCart(1, 2)).toBe(true);
    expect(addToCart(1, 2)).toBe(false);
    expect(readCart()).toEqual({ 1: 2 });
  });

  it('sets a line to what the batch can supply, or removes it at 0', () => {
    addToCart(1);
    addToCart(1);
    addToCart(1);
    setCartQuantity(1, 2);
    expect(readCart()).toEqual({ 1: 2 });
    setCartQuantity(1, 0);
    expect(readCart()).toEqual({});
  });

  it('ignores tampered or broken storage, and keeps lines of products whatever their stock (one added since the build too)', () => {
    window.sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ 1: 2, 2: 1, 3: 1, x: 'a', '-4': 1, '1.5': 1, 5: 0 }));
    expect(readCart()).toEqual({ 1: 2, 2: 1, 3: 1 });
    window.sessionStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual({});
  });

  it('returns the same object until storage changes', () => {
    addToCart(1);
    expect(readCart()).toBe(readCart());
  });
});
