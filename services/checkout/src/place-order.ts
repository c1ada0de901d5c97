/**
 * How an order is priced and placed, for the owner's phone orders in admin-orders (decision 032):
 * the storefront's one path, so a phone order is priced, discounted, stocked and paid like any other.
 */
export { placeNewOrder, priceFromCatalogue, type CreateOrderDeps, type NewOrderInput } from './domain/create-order.js';
export { withCheckedAddress } from './domain/check-address.js';
export type { PricedOrder } from './domain/price-order.js';
