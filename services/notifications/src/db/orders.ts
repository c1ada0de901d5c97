import type { DeliveryAddress } from '@pickles/shared/address';
import { sql, type Db, type OrderRow, type RawBuilder } from '@pickles/db';
import { isDeliveryZone, type DeliveryZone } from '@pickles/shared/delivery-promise';
import { perDb, together } from './together.js';

export interface EmailOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: DeliveryAddress;
  subtotalPaise: number;
  shippingPaise: number;
  amountPaise: number;
  /** The code the shopper used and all it took off (goods and shipping); null without one. amountPaise is after it. */
  discount: { code: string; paise: number } | null;
  razorpayPaymentId: string | null;
  /** When the order was placed: the delivery promise counts from its India day. */
  createdAt: Date;
  /** The courier zone decided at create-order; null for an order placed before zones were kept. */
  deliveryZone: DeliveryZone | null;
  paidAt: Date | null;
  /** Refunds Razorpay has processed, in paise (orders.refunded_paise). */
  refundedPaise: number;
  /** The shopper asked to be forgotten: no e-mail address is left to write to. */
  personalDataErased: boolean;
  items: { name: string; quantity: number; unitPricePaise: number; lineTotalPaise: number }[];
  /** The order's GST tax invoice (tax_documents), issued by payments when it marked the order paid; null before. */
  invoiceNumber: string | null;
  /** The version its tracking links carry (orders.tracking_link_version; 0 for an order archived before versions). */
  trackingLinkVersion: number;
}

type ItemColumns = { name: string; quantity: number; unit_price_paise: number; line_total_paise: number };

/**
 * Personal details come from the database, never from the event (they stay out of Redis). An order
 * the owner removed since (a cancelled order whose refund completes later) is read from its archived
 * snapshot, which keeps the orders table's column names.
 */
export async function loadOrderForEmail(db: Db, orderId: string): Promise<EmailOrder | undefined> {
  const found = await currentOrders(db)(orderId);
  if (found) {
    const { invoice_number: invoiceNumber, email_items: items, ...order } = found;
    return toEmailOrder(order, items, invoiceNumber);
  }
  // The invoice is kept for an archived order too: tax_documents has no foreign key to orders.
  const { rows } = await sql<{ number: string | null }>`select ${invoiceOf(sql`${orderId}::uuid`)} as number`.execute(db);
  const invoiceNumber = rows[0]?.number ?? null;
  const archived = await db.selectFrom('archived_orders').select('snapshot').where('order_id', '=', orderId).executeTakeFirst();
  if (!archived) return undefined;
  const snapshot = archived.snapshot as OrderRow & { items?: ItemColumns[] };
  return toEmailOrder(snapshot, snapshot.items ?? [], invoiceNumber);
}

const invoiceOf = (orderId: RawBuilder<unknown>) => sql<string | null>`(select number from tax_documents where order_id = ${orderId} and kind = 'invoice' limit 1)`;

type LoadedOrder = OrderRow & { invoice_number: string | null; email_items: ItemColumns[] };

/**
 * Orders with their lines and invoice numbers, one statement for the orders that concurrent jobs ask
 * for at the same moment (together.ts): a backlog drains at the worker's per-job cost, and each
 * round trip costs more than the query. Its text is the same for any number of orders.
 */
const currentOrders = perDb((db) =>
  together<string, LoadedOrder | undefined>(async (orderIds) => {
    const { rows } = await sql<LoadedOrder>`
      select o.*, ${invoiceOf(sql`o.id`)} as invoice_number,
        coalesce((select json_agg(json_build_object('name', i.name, 'quantity', i.quantity, 'unit_price_paise', i.unit_price_paise, 'line_total_paise', i.line_total_paise) order by i.id)
          from order_items i where i.order_id = o.id), '[]') as email_items
      from orders o where o.id = any(${orderIds}::uuid[])`.execute(db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return orderIds.map((id) => byId.get(id));
  }),
);

function toEmailOrder(order: OrderRow, items: ItemColumns[], invoiceNumber: string | null): EmailOrder {
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
    // A snapshot archived before discount codes has neither column.
    discount: order.discount_code && (order.discount_paise ?? 0) > 0 ? { code: order.discount_code, paise: order.discount_paise } : null,
    razorpayPaymentId: order.razorpay_payment_id,
    createdAt: new Date(order.created_at),
    // An archived snapshot taken before migration 017 has no zone.
    deliveryZone: isDeliveryZone(order.delivery_zone) ? order.delivery_zone : null,
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    refundedPaise: order.refunded_paise ?? 0,
    personalDataErased: Boolean(order.personal_data_erased_at),
    items: items.map((item) => ({ name: item.name, quantity: item.quantity, unitPricePaise: item.unit_price_paise, lineTotalPaise: item.line_total_paise })),
    invoiceNumber,
    trackingLinkVersion: order.tracking_link_version ?? 0,
  };
}
