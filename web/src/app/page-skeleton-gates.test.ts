// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTS } from '@pickles/shared/catalogue';
import { priceCart } from '@pickles/shared/pricing';
import { readCart } from '../features/cart/index.js';
import { isCheckoutState, toCheckoutState } from '../lib/checkout-state.js';
import { readAdminToken } from '../lib/admin-session/token-store.js';
import adminGate from '../../scripts/admin-skeleton-gate.js?raw';
import paymentGate from '../../scripts/payment-skeleton-gate.js?raw';

/**
 * The inline gates of the skeleton pages (web/scripts/*-skeleton-gate.js) decide before first paint
 * whether the prerendered heading shows. They must decide as the app will: a skeleton of the checkout
 * over an empty cart, or of the panel without a session, would show a heading the page then replaces.
 */
function runGate(gate: string): boolean {
  document.documentElement.className = '';
  const source = gate.replaceAll('__PRODUCT_IDS__', JSON.stringify(PRODUCTS.map((p) => p.id)));
  new Function(source)();
  return document.documentElement.classList.contains('skeleton-ok');
}

/** What PaymentRoute renders: the checkout, or "Your Royal Cart is Empty!" (its isEmpty). */
function appShowsCheckout(): boolean {
  const state: unknown = (window.history.state as { usr?: unknown } | null)?.usr;
  const checkout = isCheckoutState(state) ? state : toCheckoutState(readCart(), priceCart(readCart()));
  return !(checkout.total <= 0 || Object.values(checkout.cart).every((quantity) => !quantity));
}

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '');
});

describe('the /payment skeleton gate', () => {
  const carts: [string, string | null][] = [
    ['no cart', null],
    ['an empty cart', '{}'],
    ['two jars', '{"1":2}'],
    ['a product not in the catalogue', '{"999":1}'],
    ['a zero quantity', '{"1":0}'],
    ['a fractional quantity', '{"1":1.5}'],
    ['a quantity as text', '{"1":"2"}'],
    ['one good line among bad ones', '{"999":1,"1":-1,"2":3}'],
    ['an array', '[1,2]'],
    ['not JSON', 'jars'],
  ];
  it.each(carts)('with %s in session storage it decides as the page does', (_name, stored) => {
    if (stored !== null) window.sessionStorage.setItem('royalPicklesCart', stored);
    expect(runGate(paymentGate)).toBe(appShowsCheckout());
  });

  it('the navigation state from /shop comes first, as in the page', () => {
    window.sessionStorage.setItem('royalPicklesCart', '{}');
    window.history.replaceState({ usr: toCheckoutState({ 1: 2 }, priceCart({ 1: 2 })), key: 'k', idx: 0 }, '');
    expect(appShowsCheckout()).toBe(true);
    expect(runGate(paymentGate)).toBe(true);
    window.history.replaceState({ usr: toCheckoutState({}, priceCart({})), key: 'k', idx: 0 }, '');
    window.sessionStorage.setItem('royalPicklesCart', '{"1":2}');
    expect(appShowsCheckout()).toBe(false);
    expect(runGate(paymentGate)).toBe(false);
  });
});

describe('the /admin skeleton gate', () => {
  it('shows the panel heading only with a session token, as AdminSessionProvider renders the panel', () => {
    expect(runGate(adminGate)).toBe(false);
    expect(readAdminToken()).toBeNull();
    window.localStorage.setItem('adminToken', 'token');
    expect(runGate(adminGate)).toBe(true);
    window.localStorage.setItem('adminToken', '');
    expect(runGate(adminGate)).toBe(Boolean(readAdminToken()));
  });
});
