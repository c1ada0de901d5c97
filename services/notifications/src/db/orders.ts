import { sql, type Db, type OrderRow } from '@pickles/db';

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
  /** Refunds Razorpay has processed, in paise (orders.refunded_paise). */
  refundedPaise: number;
  /** The shopper asked to be forgotten: no e-mail address is left to write to. */
  personalDataErased: boolean;
  items: { name: string; quantity: number; unitPricePaise: number; lineTotalPaise: number }[];
  /** The order's GST tax invoice (tax_documents), issued by payments when it marked the order paid; null before. */
  invoiceNumber: string | null;
}

type ItemColumns = { name: string; quantity: number; unit_price_paise: number; line_total_paise: number };

/**
 * Personal details come from the database, never from the event (they stay out of Redis). An order
 * the owner removed since (a cancelled order whose refund completes later) is read from its archived
 * snapshot, which keeps the orders table's column names.
 */
export async function loadOrderForEmail(db: Db, orderId: string): Promise<EmailOrder | undefined> {
  // One statement for the order, its lines and its invoice number: a backlog drains at the worker's
  // per-job cost, and on a busy host each round trip costs more than the query (issue 18). The
  // invoice is kept for an archived order too: tax_documents has no foreign key to orders.
  const invoiceOf = sql<string | null>`(select number from tax_documents where order_id = ${orderId} and kind = 'invoice' limit 1)`;
  const found = await db
    .selectFrom('orders')
    .selectAll('orders')
    .select([
      invoiceOf.as('invoice_number'),
      sql<ItemColumns[]>`coalesce((select json_agg(json_build_object('name', i.name, 'quantity', i.quantity, 'unit_price_paise', i.unit_price_paise, 'line_total_paise', i.line_total_paise) order by i.id) from order_items i where i.order_id = orders.id), '[]')`.as('email_items'),
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (found) {
    const { invoice_number: invoiceNumber, email_items: items, ...order } = found;
    return toEmailOrder(order, items, invoiceNumber);
  }
  const { rows } = await sql<{ number: string | null }>`select ${invoiceOf} as number`.execute(db);
  const invoiceNumber = rows[0]?.number ?? null;
  const archived = await db.selectFrom('archived_orders').select('snapshot').where('order_id', '=', orderId).executeTakeFirst();
  if (!archived) return undefined;
  const snapshot = archived.snapshot as OrderRow & { items?: ItemColumns[] };
  return toEmailOrder(snapshot, snapshot.items ?? [], invoiceNumber);
}

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
    razorpayPaymentId: order.razorpay_payment_id,
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    refundedPaise: order.refunded_paise ?? 0,
    personalDataErased: Boolean(order.personal_data_erased_at),
    items: items.map((item) => ({ name: item.name, quantity: item.quantity, unitPricePaise: item.unit_price_paise, lineTotalPaise: item.line_total_paise })),
    invoiceNumber,
  };
}
