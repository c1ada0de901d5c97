import type { Db } from '@pickles/db';

export interface EmailOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: { flatNumber: string; street: string; area: string; city: string; state: string; pincode: string };
  subtotalPaise: number;
  shippingPaise: number;
  amountPaise: number;
  razorpayPaymentId: string | null;
  paidAt: Date | null;
  items: { name: string; quantity: number; unitPricePaise: number; lineTotalPaise: number }[];
}

/** Personal details come from the database, never from the event (they stay out of Redis). */
export async function loadOrderForEmail(db: Db, orderId: string): Promise<EmailOrder | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom('order_items')
    .select(['name', 'quantity', 'unit_price_paise', 'line_total_paise'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return {
    id: order.id,
    orderNumber: order.order_number,
    customerName: order.customer_name,
    customerEmail: order.customer_email,
    customerPhone: order.customer_phone,
    address: { flatNumber: order.flat_number, street: order.street, area: order.area, city: order.city, state: order.state, pincode: order.pincode },
    subtotalPaise: order.subtotal_paise,
    shippingPaise: order.shipping_paise,
    amountPaise: order.amount_paise,
    razorpayPaymentId: order.razorpay_payment_id,
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    items: items.map((item) => ({ name: item.name, quantity: item.quantity, unitPricePaise: item.unit_price_paise, lineTotalPaise: item.line_total_paise })),
  };
}
