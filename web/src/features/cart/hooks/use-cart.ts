import { useMemo, useSyncExternalStore } from 'react';
import { priceCart, type Cart, type PricedCart } from '@pickles/shared/pricing';
import { addToCart, clearCart, decrementInCart, getServerCart, readCart, subscribeCart } from '../cart-store.js';

export interface UseCart {
  cart: Cart;
  priced: PricedCart;
  /** Total quantity, shown on the cart badge. */
  itemCount: number;
  add: (productId: number) => boolean;
  decrement: (productId: number) => void;
  clear: () => void;
}

/** The session cart; prerendered HTML shows it empty and hydration picks up the stored one. */
export function useCart(): UseCart {
  const cart = useSyncExternalStore(subscribeCart, readCart, getServerCart);
  const priced = useMemo(() => priceCart(cart), [cart]);
  return { cart, priced, itemCount: priced.itemCount, add: addToCart, decrement: decrementInCart, clear: clearCart };
}
