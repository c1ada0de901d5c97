import { MAX_QUANTITY_PER_LINE, type Cart } from '@pickles/shared/pricing';
import { catalogueProduct } from '../../lib/catalogue-store.js';

/** docs/product.md §3: the cart lives in session storage under this key as { "<productId>": quantity }. */
export const CART_STORAGE_KEY = 'royalPicklesCart';

const EMPTY_CART: Cart = Object.freeze({}) as Cart;
const listeners = new Set<() => void>();
let cached: { raw: string | null; cart: Cart } | undefined;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled (some private modes)
  }
}

/**
 * Keeps only positive integer quantities of product ids; anything else in storage is ignored. A
 * product the storefront does not know (yet) stays: the catalogue may answer after the cart is read,
 * and pricing leaves unknown products out.
 * Whether a product is on sale is the server's answer (features/stock), not checked here: a line
 * that can no longer be supplied stays, so the cart can say so and the shopper can fix it.
 */
function sanitize(value: unknown): Cart {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY_CART;
  const cart: Cart = {};
  for (const [id, quantity] of Object.entries(value as Record<string, unknown>)) {
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) continue;
    if (!/^[1-9][0-9]{0,8}$/.test(id)) continue;
    cart[id] = Math.min(quantity, MAX_QUANTITY_PER_LINE);
  }
  return cart;
}

/** Current cart; the same object until storage changes, as useSyncExternalStore needs. */
export function readCart(): Cart {
  const raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  if (cached && cached.raw === raw) return cached.cart;
  let cart = EMPTY_CART;
  if (raw) {
    try {
      cart = sanitize(JSON.parse(raw));
    } catch {
      cart = EMPTY_CART;
    }
  }
  cached = { raw, cart };
  return cart;
}

export function getServerCart(): Cart {
  return EMPTY_CART;
}

function writeCart(cart: Cart): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Quota or disabled storage: the cart still works for this page view.
  }
  cached = { raw: JSON.stringify(cart), cart };
  for (const listener of listeners) listener();
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adding (or plus) increments the line up to `limit`, the most the cart may hold of it now (the
 * batch's jars left and the per-line limit: features/stock lineLimit). Products the catalogue does not list are refused.
 */
export function addToCart(productId: number, limit: number = MAX_QUANTITY_PER_LINE): boolean {
  if (!catalogueProduct(productId)) return false;
  const cart = readCart();
  const quantity = cart[String(productId)] ?? 0;
  if (quantity >= Math.min(limit, MAX_QUANTITY_PER_LINE)) return false;
  writeCart({ ...cart, [String(productId)]: quantity + 1 });
  return true;
}

/** Sets a line to `quantity` (the fix for a line the batch cannot supply); 0 removes it. */
export function setCartQuantity(productId: number, quantity: number): void {
  const cart = readCart();
  const key = String(productId);
  if (cart[key] === undefined) return;
  const next = { ...cart };
  if (quantity <= 0) delete next[key];
  else next[key] = Math.min(quantity, MAX_QUANTITY_PER_LINE);
  writeCart(next);
}

/** Minus decrements and removes the line at 1 (docs/product.md §4). */
export function decrementInCart(productId: number): void {
  const cart = readCart();
  const key = String(productId);
  const quantity = cart[key];
  if (quantity === undefined) return;
  const next = { ...cart };
  if (quantity <= 1) delete next[key];
  else next[key] = quantity - 1;
  writeCart(next);
}

/** Empties the cart, e.g. after a successful payment. */
export function clearCart(): void {
  try {
    storage()?.removeItem(CART_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  cached = { raw: null, cart: EMPTY_CART };
  for (const listener of listeners) listener();
}
