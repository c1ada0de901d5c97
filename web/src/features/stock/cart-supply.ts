import type { Product } from '@pickles/shared/catalogue';
import { catalogueProduct } from '../../lib/catalogue-store.js';
import { MAX_QUANTITY_PER_LINE, type Cart } from '@pickles/shared/pricing';
import { LOW_STOCK_THRESHOLD, STOCK_MESSAGES, maxPurchasable, type ProductAvailability } from '@pickles/shared/stock';
import { availabilityOf, type AvailabilitySnapshot } from './availability-store.js';

/** The most of a product the cart may hold now: the jars left in the batch, capped by the per-line limit. */
export function lineLimit(snapshot: AvailabilitySnapshot, productId: number): number {
  return maxPurchasable(availabilityOf(snapshot, productId), MAX_QUANTITY_PER_LINE);
}

/** The line under a product's name on the shop: "Only 3 left", "Sold out - next batch on 30 Nov 2026", or nothing. */
export function stockLine(availability: ProductAvailability): string | undefined {
  if (availability.state === 'sold-out') return STOCK_MESSAGES.soldOut(availability.nextBatchDate);
  if (availability.state === 'on-sale' && availability.left !== null && availability.left <= LOW_STOCK_THRESHOLD) return STOCK_MESSAGES.onlyLeft(availability.left);
  return undefined;
}

/**
 * Why one more jar cannot go in the cart, shown beside the disabled add button (the reason in words,
 * not only a greyed button); undefined while it can, or when the product is not on sale at all (the
 * product says so itself).
 */
export function atLimitMessage(product: Product, quantity: number, availability: ProductAvailability): string | undefined {
  if (availability.state !== 'on-sale' || quantity < maxPurchasable(availability, MAX_QUANTITY_PER_LINE)) return undefined;
  if (availability.left !== null && availability.left <= MAX_QUANTITY_PER_LINE) return STOCK_MESSAGES.cartAtLimit(product.name, availability.left);
  return `One order can hold at most ${MAX_QUANTITY_PER_LINE} jars of ${product.name}`;
}

/** The product card's stock line (catalogue's StockNote): the cart's limit first, then few left or sold out. */
export function productStockNote(product: Product, quantityInCart: number, availability: ProductAvailability): { text: string; kind: 'low' | 'sold-out' | 'at-limit' } | undefined {
  const atLimit = atLimitMessage(product, quantityInCart, availability);
  if (atLimit) return { text: atLimit, kind: 'at-limit' };
  const line = stockLine(availability);
  if (!line) return undefined;
  return { text: line, kind: availability.state === 'sold-out' ? 'sold-out' : 'low' };
}

/** A cart line the batch cannot supply as it stands. */
export interface SupplyProblem {
  product: Product;
  quantity: number;
  availability: ProductAvailability;
  /** What the line may hold now (0: remove it). */
  limit: number;
  /** What the shopper reads, the same words as create-order's refusal. */
  message: string;
}

/**
 * The cart's lines the batch cannot supply now. None until the server has answered: the catalogue's
 * flags say nothing about jars left, and create-order checks again anyway.
 */
export function supplyProblems(cart: Cart, snapshot: AvailabilitySnapshot): SupplyProblem[] {
  if (!snapshot.isLive) return [];
  const problems: SupplyProblem[] = [];
  for (const [id, quantity] of Object.entries(cart)) {
    const product = catalogueProduct(Number(id));
    if (!product || !quantity) continue;
    const availability = availabilityOf(snapshot, product.id);
    const limit = maxPurchasable(availability, MAX_QUANTITY_PER_LINE);
    if (quantity > limit) problems.push({ product, quantity, availability, limit, message: STOCK_MESSAGES.refused(product.name, availability) });
  }
  return problems;
}

/** What the batch allows one cart line (cart's CartLineStock): the limit of +, why it stopped, and what is wrong. */
export function cartLineStock(snapshot: AvailabilitySnapshot, productId: number, quantity: number): { limit: number; note?: string; problem?: { message: string; fixTo: number } } {
  const product = catalogueProduct(productId);
  if (!product) return { limit: 0 };
  const availability = availabilityOf(snapshot, product.id);
  const limit = maxPurchasable(availability, MAX_QUANTITY_PER_LINE);
  const problem = supplyProblems({ [String(product.id)]: quantity }, snapshot)[0];
  return { limit, note: atLimitMessage(product, quantity, availability), problem: problem ? { message: problem.message, fixTo: problem.limit } : undefined };
}

/**
 * Lines of products the server says are not on sale at all (coming soon: withdrawn, or a tampered
 * stored cart): they leave the cart, as they always did. Sold-out and short lines stay, with their fix.
 * None before the server has answered: a product launched since the build is coming soon in the catalogue.
 */
export function unsellableLines(cart: Cart, snapshot: AvailabilitySnapshot): number[] {
  if (!snapshot.isLive) return [];
  return Object.keys(cart)
    .map(Number)
    .filter((productId) => availabilityOf(snapshot, productId).state === 'coming-soon');
}
