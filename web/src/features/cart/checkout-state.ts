import type { Product } from '@pickles/shared/catalogue';
import { paiseToRupees } from '@pickles/shared/money';
import type { Cart, PricedCart } from '@pickles/shared/pricing';

/** Navigation state handed to /payment (docs/product.md §2); amounts in rupees. */
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
