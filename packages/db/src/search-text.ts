/**
 * The admin panel's free-text search covers order id, payment id, name, e-mail, phone, created
 * date, address parts and item names (docs/product.md §5). They are folded into one lower-case column
 * with a trigram index so a substring search over 100,000 orders stays an index scan.
 */
export interface SearchableOrder {
  orderNumber: string;
  razorpayPaymentId?: string | null;
  name: string;
  email: string;
  phone: string;
  createdAt: Date;
  address: { flatNumber: string; street: string; area: string; city: string; state: string; pincode: string };
  itemNames: string[];
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
  ]
    .join(' \u001f ')
    .toLowerCase();
}
