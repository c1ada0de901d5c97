import {
  applyDiscount,
  discountRefusal,
  formatPaise,
  rupeesToPaise,
  shippingPaise,
  type CatalogueProduct,
  type DiscountRefusal,
  type DiscountTerms,
} from '@pickles/shared';

export interface PricedOrderLine {
  productId: number;
  name: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
  /** The tax class the item is sold at, kept with the order (its invoice is issued from it). */
  hsn: string;
  gstRatePercent: number;
  /** The line's share of the order's discount (0 without a code). */
  discountPaise: number;
}

export interface PricedOrder {
  lines: PricedOrderLine[];
  subtotalPaise: number;
  shippingPaise: number;
  /** The code applied (normalised) and all it takes off; none without a code. */
  discount?: { code: string; discountPaise: number };
  /** What the shopper pays: subtotal + shipping - discount. */
  totalPaise: number;
}

/** A discount code that cannot be used on this order, with the shopper's sentence (409). */
export class DiscountRefusedError extends Error {
  constructor(readonly refusal: DiscountRefusal) {
    super(refusal.message);
  }
}

/**
 * What is priced: the shopper's cart with the prices and total her browser showed (checked, never
 * trusted), or the owner's phone order with none (decision 032: the server prices it alone).
 */
export interface PricingRequest {
  items: readonly { itemId: number; quantity: number; price?: number; total?: number }[];
  amount?: number;
  discountCode?: string;
}

export class PricingError extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Prices an order from the catalogue as it is now (`catalogue`: the order's products, read at
 * create-order). The browser's prices and total are checked against ours and any difference refuses
 * the order, saying what the price is now: we never charge what the browser says, and never charge
 * something other than what the shopper saw. An archived product is refused. Whether a product is
 * on sale is the batch stock's run-time answer (create-order reserves the jars), not the catalogue's.
 * A discount code (`payload.discountCode`, its terms as read now: `discount`) is checked against
 * its terms and dates (DiscountRefusedError), its limits being create-order's to check under lock,
 * and taken off (packages/shared/src/discount-codes.ts); the browser's total must be the discounted one.
 */
export function priceOrder(
  payload: PricingRequest,
  catalogue: ReadonlyMap<number, CatalogueProduct>,
  discount?: { terms: DiscountTerms | undefined; now: Date },
): PricedOrder {
  const seen = new Set<number>();
  const lines: PricedOrderLine[] = payload.items.map((item, index) => {
    const product = catalogue.get(item.itemId);
    if (!product) throw new PricingError(`Product ${item.itemId} is not in our catalogue`, { [`items.${index}.itemId`]: 'Unknown product' });
    if (product.archived) {
      throw new PricingError(`${product.name} is no longer sold. Please remove it from your cart.`, { [`items.${index}.itemId`]: 'No longer sold' });
    }
    if (seen.has(product.id)) throw new PricingError(`${product.name} appears twice in the order`, { [`items.${index}.itemId`]: 'Duplicate product' });
    seen.add(product.id);
    const unitPricePaise = product.pricePaise;
    if (item.price !== undefined && rupeesToPaise(item.price) !== unitPricePaise) {
      throw new PricingError(`The price of ${product.name} is now ${formatPaise(unitPricePaise)} (your cart had ${formatPaise(rupeesToPaise(item.price))}). Please review your cart.`, {
        [`items.${index}.price`]: 'Price differs from the catalogue',
      });
    }
    const lineTotalPaise = unitPricePaise * item.quantity;
    if (item.total !== undefined && rupeesToPaise(item.total) !== lineTotalPaise) {
      throw new PricingError(`The line total of ${product.name} is wrong. Please review your cart.`, { [`items.${index}.total`]: 'Line total differs' });
    }
    return { productId: product.id, name: product.name, quantity: item.quantity, unitPricePaise, lineTotalPaise, hsn: product.hsn, gstRatePercent: product.gstRatePercent, discountPaise: 0 };
  });
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const shipping = shippingPaise(itemCount);
  let priced: PricedOrder = { lines, subtotalPaise, shippingPaise: shipping, totalPaise: subtotalPaise + shipping };
  if (payload.discountCode !== undefined && discount) {
    const refusal = discountRefusal(payload.discountCode, discount.terms, { subtotalPaise }, {}, discount.now);
    if (refusal) throw new DiscountRefusedError(refusal);
    const applied = applyDiscount(discount.terms!, { linesPaise: lines.map((line) => line.lineTotalPaise), shippingPaise: shipping });
    priced = {
      ...priced,
      lines: lines.map((line, index) => ({ ...line, discountPaise: applied.lineDiscountsPaise[index]! })),
      discount: { code: applied.code, discountPaise: applied.discountPaise },
      totalPaise: applied.totalPaise,
    };
  }
  if (payload.amount !== undefined && rupeesToPaise(payload.amount) !== priced.totalPaise) {
    throw new PricingError('The order total does not match our prices. Please review your cart.', { amount: 'Total differs from the catalogue price' });
  }
  return priced;
}
