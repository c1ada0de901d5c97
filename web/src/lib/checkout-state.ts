import type { DeliveryAddress } from '@pickles/shared/address';
import type { Product } from '@pickles/shared/catalogue';
import { readDeliveryPromise, type DeliveryPromise } from '@pickles/shared/delivery-promise';
import { formatRupees, paiseToRupees } from '@pickles/shared/money';
import { priceCart, type Cart, type PricedCart } from '@pickles/shared/pricing';

/**
 * What /shop hands to /payment in the navigation state (docs/product.md §2); amounts in rupees.
 * Shared by the routes that build and read it and by checkout, which never imports the cart.
 */
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

/**
 * The checkout priced again from the catalogue as the server now gives it (decision 024): a cart
 * filled at yesterday's price is shown today's before the shopper pays, each change said in words.
 * A product no longer sold leaves the order. Unchanged, the same state comes back.
 */
export function repriceCheckout(shown: CheckoutNavigationState, products: readonly Product[]): { checkout: CheckoutNavigationState; changes: string[] } {
  const changes: string[] = [];
  const cart: Cart = {};
  for (const [id, quantity] of Object.entries(shown.cart)) {
    const before = shown.products.find((product) => product.id === Number(id));
    const now = products.find((product) => product.id === Number(id));
    if (!now) {
      if (before && quantity) changes.push(`${before.name} is no longer sold and has left your order.`);
      continue;
    }
    cart[id] = quantity;
    if (before && before.price !== now.price) changes.push(`The price of ${now.name} is now ${formatRupees(now.price)} (it was ${formatRupees(before.price)} when you added it).`);
  }
  if (!changes.length) return { checkout: shown, changes };
  return { checkout: toCheckoutState(cart, priceCart(cart, products)), changes };
}

export function isCheckoutState(value: unknown): value is CheckoutNavigationState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<CheckoutNavigationState>;
  return typeof state.total === 'number' && typeof state.cart === 'object' && Array.isArray(state.products);
}

/** What the shopper paid for, shown on /payment-success. Rupees; `amount` is what the server charged. */
export interface OrderReceipt {
  items: { name: string; quantity: number; total: number }[];
  shippingCost: number;
  /** The discount code the order used and what it took off, in rupees (decision 028). */
  discount?: { code: string; amount: number };
  amount: number;
  name: string;
  email: string;
  deliveryAddress: DeliveryAddress;
  /** The promise create-order made for this order (its day, its pincode's zone). */
  deliveryPromise?: DeliveryPromise;
}

/** What /payment hands to /payment-success after a verified payment. */
export interface PaymentSuccessState {
  orderId: string;
  paymentId?: string;
  /** Rupees, as the server answered. */
  amount?: number;
  receipt?: OrderReceipt;
}

/** What /payment hands to /payment-failed: the error, and what the shopper can quote to support. */
export interface PaymentFailedState {
  error?: string;
  /** The shop's order number; absent when the order could not be created. */
  orderId?: string;
  /** Razorpay's payment id, when Razorpay got as far as a payment. */
  paymentId?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const optionalString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function readReceipt(value: unknown): OrderReceipt | undefined {
  if (!isRecord(value) || !Array.isArray(value.items) || typeof value.amount !== 'number' || !isRecord(value.deliveryAddress)) return undefined;
  const items = value.items.filter((item): item is OrderReceipt['items'][number] => isRecord(item) && typeof item.name === 'string' && typeof item.quantity === 'number' && typeof item.total === 'number');
  const address = value.deliveryAddress;
  const text = (key: string) => (typeof address[key] === 'string' ? address[key] : '');
  return {
    items,
    shippingCost: typeof value.shippingCost === 'number' ? value.shippingCost : 0,
    ...(isRecord(value.discount) && typeof value.discount.code === 'string' && typeof value.discount.amount === 'number'
      ? { discount: { code: value.discount.code, amount: value.discount.amount } }
      : {}),
    amount: value.amount,
    name: typeof value.name === 'string' ? value.name : '',
    email: typeof value.email === 'string' ? value.email : '',
    deliveryAddress: { flatNumber: text('flatNumber'), street: text('street'), area: text('area'), city: text('city'), state: text('state'), pincode: text('pincode') },
    deliveryPromise: readDeliveryPromise(value.deliveryPromise),
  };
}

/** History state is whatever the browser kept: read it field by field, never trust its shape. */
export function readPaymentSuccessState(state: unknown): PaymentSuccessState | undefined {
  if (!isRecord(state)) return undefined;
  const orderId = optionalString(state.orderId);
  if (!orderId) return undefined;
  return {
    orderId,
    paymentId: optionalString(state.paymentId),
    amount: typeof state.amount === 'number' ? state.amount : undefined,
    receipt: readReceipt(state.receipt),
  };
}

/**
 * A payment link's result, as the shop's callback sends the shopper here after checking Razorpay's
 * signature (decision 032): `?order=<number>&payment=<id>`. Undefined without an order number.
 */
export function readPaymentLinkResult(search: string): PaymentSuccessState | undefined {
  const query = new URLSearchParams(search);
  const orderId = query.get('order') ?? undefined;
  if (!orderId || !/^[A-Za-z0-9-]{1,40}$/.test(orderId)) return undefined;
  const paymentId = query.get('payment') ?? undefined;
  return { orderId, paymentId: paymentId && /^pay_[A-Za-z0-9]{1,40}$/.test(paymentId) ? paymentId : undefined };
}

export function readPaymentFailedState(state: unknown): PaymentFailedState {
  if (!isRecord(state)) return {};
  return { error: optionalString(state.error), orderId: optionalString(state.orderId), paymentId: optionalString(state.paymentId) };
}
