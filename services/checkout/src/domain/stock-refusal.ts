import { findProduct } from '@pickles/shared';
import { STOCK_MESSAGES, toAvailability, type StockFigures } from '@pickles/shared/stock';

/**
 * create-order's 409 when the batch cannot supply the cart (decision 012): one sentence per product
 * it cannot (not on sale yet, sold out, or only so many left), said before the shopper pays.
 */
export function stockRefusal(shortfalls: readonly { productId: number; stock: StockFigures }[]): string {
  return shortfalls.map((shortfall) => STOCK_MESSAGES.refused(findProduct(shortfall.productId)?.name ?? `Product ${shortfall.productId}`, toAvailability(shortfall.stock))).join(' ');
}
