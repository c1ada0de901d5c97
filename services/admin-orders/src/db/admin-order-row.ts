import { sql } from '@pickles/db';
import type { OrderRow } from '@pickles/db';
import { paiseToRupees, type AdminOrder, type OrderStatus, type PaymentStatus } from '@pickles/shared';

/**
 * The one serialiser of an order for the admin API: the columns it reads (the schema's own types)
 * and the mapper to the spec's shape. Listing, single reads and the export all go through it, so a
 * new field is one change in AdminOrder (packages/shared) and one here; the compiler finds the rest.
 */
export type AdminOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'order_number'
  | 'razorpay_payment_id'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'flat_number'
  | 'street'
  | 'area'
  | 'city'
  | 'state'
  | 'pincode'
  | 'amount_paise'
  | 'refunded_paise'
  | 'status'
  | 'payment_status'
  | 'created_at'
  | 'updated_at'
  | 'paid_at'
  | 'discount_code'
  | 'discount_paise'
> & {
  items: { name: string; quantity: number }[];
  invoice: { number: string; taxable: number; cgst: number; sgst: number; igst: number; supply_name: string; supply_code: string | null } | null;
};

const ORDER_COLUMNS = sql`orders.id, orders.order_number, orders.razorpay_payment_id, orders.customer_name,
  orders.customer_email, orders.customer_phone, orders.flat_number, orders.street, orders.area, orders.city,
  orders.state, orders.pincode, orders.amount_paise, orders.refunded_paise, orders.status, orders.payment_status,
  orders.created_at, orders.updated_at, orders.paid_at, orders.discount_code, orders.discount_paise`;

/** An order's items as the row's `items` JSON, from order_items rows `i`. */
const ITEMS_JSON = sql`coalesce(json_agg(json_build_object('name', i.name, 'quantity', i.quantity) order by i.id), '[]'::json)`;

/** The row's `invoice` JSON from its tax_documents row `d` (kind 'invoice'). */
const INVOICE_JSON = sql`json_build_object('number', d.number, 'taxable', (d.figures->'totals'->>'taxablePaise')::int,
  'cgst', (d.figures->'totals'->>'cgstPaise')::int, 'sgst', (d.figures->'totals'->>'sgstPaise')::int,
  'igst', (d.figures->'totals'->>'igstPaise')::int, 'supply_name', d.place_of_supply_name, 'supply_code', d.place_of_supply_code)`;

/** `select` list producing an AdminOrderRow from `orders`, its items and invoice looked up per row: for pages and single orders. */
export const ADMIN_ORDER_COLUMNS = sql`${ORDER_COLUMNS},
  (select ${ITEMS_JSON} from order_items i where i.order_id = orders.id) as items,
  (select ${INVOICE_JSON} from tax_documents d where d.order_id = orders.id and d.kind = 'invoice') as invoice`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    _id: row.id,
    orderId: row.order_number,
    ...(row.razorpay_payment_id ? { razorpayPaymentId: row.razorpay_payment_id } : {}),
    customerInfo: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    deliveryAddress: {
      flatNumber: row.flat_number,
      street: row.street,
      area: row.area,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
    },
    amount: paiseToRupees(row.amount_paise),
    items: row.items,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...(row.paid_at ? { paidAt: iso(row.paid_at) } : {}),
    ...(row.refunded_paise > 0 ? { refundedAmount: paiseToRupees(row.refunded_paise) } : {}),
    ...(row.discount_code ? { discount: { code: row.discount_code, amount: paiseToRupees(row.discount_paise) } } : {}),
    ...(row.invoice
      ? {
          invoice: {
            number: row.invoice.number,
            taxableValue: paiseToRupees(row.invoice.taxable),
            cgst: paiseToRupees(row.invoice.cgst),
            sgst: paiseToRupees(row.invoice.sgst),
            igst: paiseToRupees(row.invoice.igst),
            placeOfSupply: row.invoice.supply_code ? `${row.invoice.supply_name} (${row.invoice.supply_code})` : row.invoice.supply_name,
          },
        }
      : {}),
  };
}
