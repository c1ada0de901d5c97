// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, addToCart, clearCart, decrementInCart, readCart } from './cart-store.js';

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

  it('refuses the coming-soon and unknown products', () => {
    expect(addToCart(2)).toBe(false);
    expect(addToCart(99)).toBe(false);
    expect(readCart()).toEqual({});
  });

  it('ignores tampered or broken storage', () => {
    window.sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ 1: 2, 2: 1, 3: 1, x: 'a' }));
    expect(readCart()).toEqual({ 1: 2 });
    window.sessionStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual({});
  });

  it('returns the same object until storage changes', () => {
    addToCart(1);
    expect(readCart()).toBe(readCart());
  });
});
