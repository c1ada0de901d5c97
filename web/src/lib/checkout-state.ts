import type { Product } from '@pickles/shared/catalogue';
import { paiseToRupees } from '@pickles/shared/money';
import type { Cart, PricedCart } from '@pickles/shared/pricing';

/**
 * What /shop hands to /payment in the navigation state (docs/product.md §2); amounts in rupees.
 * Shared by the routes that build and read it and by checkout, which never imports the cart.
 */
export interface CheckoutNavigationState {
  cart: Cart;
  subtotal: number;
  shippingCost: number;
  total: number;
  products: Product[];
}

export function toCheckoutState(cart: Cart, priced: PricedCart): CheckoutNavigationState {
  return {
    cart: { ...cart },
    subtotal: paiseToRupees(priced.subtotalPaise),
    shippingCost: paiseToRupees(priced.shippingPaise),
    total: paiseToRupees(priced.totalPaise),
    products: priced.lines.map((line) => ({ ...line.product })),
  };
}

export function isCheckoutState(value: unknown): value is CheckoutNavigationState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<CheckoutNavigationState>;
  return typeof state.total === 'number' && typeof state.cart === 'object' && Array.isArray(state.products);
}
