import { useMemo, useSyncExternalStore } from 'react';
import { priceCart, type Cart, type PricedCart } from '@pickles/shared/pricing';
import { useCatalogue } from '../../../lib/use-catalogue.js';
import { addToCart, clearCart, decrementInCart, getServerCart, readCart, setCartQuantity, subscribeCart } from '../cart-store.js';

export interface UseCart {
  cart: Cart;
  priced: PricedCart;
  /** Total quantity, shown on the cart badge. */
  itemCount: number;
  /** One more jar, unless the line already holds `limit` (what the batch has left: the route says, from features/stock). */
  add: (productId: number, limit?: number) => boolean;
  decrement: (productId: number) => void;
  /** Sets a line's quantity; 0 removes it. */
  setQuantity: (productId: number, quantity: number) => void;
  clear: () => void;
}

/** The session cart; prerendered HTML shows it empty and hydration picks up the stored one. */
export function useCart(): UseCart {
  const cart = useSyncExternalStore(subscribeCart, readCart, getServerCart);
  const { products } = useCatalogue();
  const priced = useMemo(() => priceCart(cart, products), [cart, products]);
  return { cart, priced, itemCount: priced.itemCount, add: addToCart, decrement: decrementInCart, setQuantity: setCartQuantity, clear: clearCart };
}
