import { PRODUCTS, type Product } from './catalogue.js';
import { rupeesToPaise } from './money.js';

/** Cart as the SPA keeps it in session storage: product id -> quantity. */
export type Cart = Record<string, number>;

/** Most jars of one product a single order may hold; more is surely a typo or abuse. */
export const MAX_QUANTITY_PER_LINE = 50;

export const SHIPPING_BASE_PAISE = 5000;
export const SHIPPING_PER_ITEM_PAISE = 5000;

export interface PricedLine {
  product: Product;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export interface PricedCart {
  lines: PricedLine[];
  itemCount: number;
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** Shipping = ₹50 per order plus ₹50 per item, by total quantity (docs/product.md §9). */
export function shippingPaise(itemCount: number): number {
  return SHIPPING_BASE_PAISE + SHIPPING_PER_ITEM_PAISE * itemCount;
}

/**
 * Prices a cart from the catalogue as the storefront knows it (`products`: the server's catalogue
 * once it has answered, the build's list before). Unknown products and non-positive quantities are
 * left out; the checkout service prices again from the database and refuses what differs.
 */
export function priceCart(cart: Cart, products: readonly Product[] = PRODUCTS): PricedCart {
  const lines: PricedLine[] = [];
  for (const [id, quantity] of Object.entries(cart)) {
    const product = products.find((candidate) => candidate.id === Number(id));
    if (!product || !Number.isInteger(quantity) || quantity <= 0) continue;
    const unitPricePaise = rupeesToPaise(product.price);
    lines.push({ product, quantity, unitPricePaise, lineTotalPaise: unitPricePaise * quantity });
  }
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const shipping = itemCount > 0 ? shippingPaise(itemCount) : 0;
  return { lines, itemCount, subtotalPaise, shippingPaise: shipping, totalPaise: subtotalPaise + shipping };
}
