import type { DeliveryAddress } from '@pickles/shared/address';
import { indiaDayAsTyped } from '@pickles/shared/india-time';

/**
 * The admin panel's free-text search covers order id, payment id, name, e-mail, phone, created
 * date, address parts and item names (docs/product.md §5). They are folded into one lower-case column
 * with a trigram index so a substring search over 100,000 orders stays an index scan. The created
 * date is there as the panel shows it (India's day, '5/11/2026'), written with two digits too
 * ('05/11/2026'), as well as the instant in ISO form.
 */
export interface SearchableOrder {
  orderNumber: string;
  razorpayPaymentId?: string | null;
  name: string;
  email: string;
  phone: string;
  createdAt: Date;
  address: DeliveryAddress;
  itemNames: string[];
}

/** The order's India day as the panel shows it and as people type it: '5/11/2026' and '05/11/2026' (once when they are the same). */
export function searchableIndiaDates(createdAt: Date): string[] {
  return indiaDayAsTyped(createdAt);
}

export function buildSearchText(order: SearchableOrder): string {
  return [
    order.orderNumber,
    order.razorpayPaymentId ?? '',
    order.name,
    order.email,
    order.phone,
    order.createdAt.toISOString(),
    order.address.flatNumber,
    order.address.street,
    order.address.area,
    order.address.city,
    order.address.state,
    order.address.pincode,
    ...order.itemNames,
    ...searchableIndiaDates(order.createdAt),
  ]
    .join(' \u001f ')
    .toLowerCase();
}

/**
 * The columns every writer of a new order fills the same way: customer, address, number, creation
 * time and the search text built from them. Checkout, the seed script and the test factory add
 * their own amounts, statuses and ids.
 */
export function newOrderColumns(order: SearchableOrder) {
  return {
    order_number: order.orderNumber,
    razorpay_payment_id: order.razorpayPaymentId ?? null,
    customer_name: order.name,
    customer_email: order.email,
    customer_phone: order.phone,
    flat_number: order.address.flatNumber,
    street: order.address.street,
    area: order.address.area,
    city: order.address.city,
    state: order.address.state,
    pincode: order.address.pincode,
    search_text: buildSearchText(order),
    created_at: order.createdAt,
  };
}
