import {
  findProduct,
  rupeesToPaise,
  shippingPaise,
  type CreateOrderPayload,
} from '@pickles/shared';

export interface PricedOrderLine {
  productId: number;
  name: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export interface PricedOrder {
  lines: PricedOrderLine[];
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
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
 * Prices an order from the server's catalogue. The browser's prices and total are checked against
 * ours and any difference refuses the order: we never charge what the browser says, and never
 * charge something other than what the shopper saw. Whether a product is on sale is the batch
 * stock's run-time answer (create-order reserves the jars), not the catalogue's.
 */
export function priceOrder(payload: CreateOrderPayload): PricedOrder {
  const seen = new Set<number>();
  const lines: PricedOrderLine[] = payload.items.map((item, index) => {
    const product = findProduct(item.itemId);
    if (!product) throw new PricingError(`Product ${item.itemId} is not in our catalogue`, { [`items.${index}.itemId`]: 'Unknown product' });
    if (seen.has(product.id)) throw new PricingError(`${product.name} appears twice in the order`, { [`items.${index}.itemId`]: 'Duplicate product' });
    seen.add(product.id);
    const unitPricePaise = rupeesToPaise(product.price);
    if (rupeesToPaise(item.price) !== unitPricePaise) {
      throw new PricingError(`The price of ${product.name} has changed. Please review your cart.`, { [`items.${index}.price`]: 'Price differs from the catalogue' });
    }
    const lineTotalPaise = unitPricePaise * item.quantity;
    if (rupeesToPaise(item.total) !== lineTotalPaise) {
      throw new PricingError(`The line total of ${product.name} is wrong. Please review your cart.`, { [`items.${index}.total`]: 'Line total differs' });
    }
    return { productId: product.id, name: product.name, quantity: item.quantity, unitPricePaise, lineTotalPaise };
  });
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const shipping = shippingPaise(itemCount);
  const totalPaise = subtotalPaise + shipping;
  if (rupeesToPaise(payload.amount) !== totalPaise) {
    throw new PricingError('The order total does not match our prices. Please review your cart.', { amount: 'Total differs from the catalogue price' });
  }
  return { lines, subtotalPaise, shippingPaise: shipping, totalPaise };
}
