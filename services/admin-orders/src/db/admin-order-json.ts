import { sql, type RawBuilder } from '@pickles/db';
import type { AdminOrder, AdminOrderInvoice, OrderStatus, PaymentStatus } from '@pickles/shared';

/*
 * The one definition of an order as the admin API gives it (AdminOrder): a SQL expression, built
 * here from a table of its fields, that PostgreSQL evaluates to the order's JSON text, byte for byte
 * what JSON.stringify writes. The export streams that text as its NDJSON lines untouched; the list,
 * single reads and the order page select the same expression and parse it. One shape, one place: a
 * new field is one change in AdminOrder (packages/shared) and one entry below, and the field table
 * is typed against AdminOrder, so a missing, extra, mistyped or wrongly optional field does not compile.
 *
 * Why SQL rather than Node (decision 036): at 100,000 orders, rows through a JavaScript mapper and
 * JSON.stringify cost the service several times the CPU and memory of passing on PostgreSQL's text.
 *
 * Field by field, as JSON.stringify writes them: text through to_json (the same escapes), rupees as
 * float8 (paise / 100 is the same double in both, printed shortest), instants as toISOString writes
 * them (UTC, milliseconds truncated), optional fields left out rather than null (a null piece makes
 * its `||` chain null, which coalesce turns into '').
 */

/** SQL whose value is the JSON text of a T (a phantom type: the table below is checked against AdminOrder). */
interface Json<T> {
  readonly sql: string;
  /** Never set: only makes Json<string> and Json<OrderStatus> different types to the compiler. */
  readonly type?: (value: T) => T;
}
/** A field left out of the object when its SQL is null. */
interface Optional<T> {
  readonly optional: Json<T>;
}
type Fields<T> = { [K in keyof T]-?: undefined extends T[K] ? Optional<Exclude<T[K], undefined>> : Json<T[K]> };

const text = <T extends string = string>(expression: string): Json<T> => ({ sql: `to_json(${expression})` });
// float8 division, not numeric: the same correctly rounded double as JavaScript's paise / 100, without numeric's detour through text.
const rupees = (paise: string): Json<number> => ({ sql: `(${paise}::float8 / 100)` });
const integer = (expression: string): Json<number> => ({ sql: `(${expression})::int` });
const instant = (expression: string): Json<string> => ({ sql: `('"' || to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"')` });
const optional = <T>(json: Json<T>): Optional<T> => ({ optional: json });

/** An object of these fields in this order (JSON.stringify's order: the object literal's), its optional ones left out when null. */
function object<T>(fields: Fields<T>): Json<T> {
  const entries = Object.entries(fields) as [string, Json<unknown> | Optional<unknown>][];
  if (!entries.length || 'optional' in entries[0]![1]) throw new Error('An object starts with a field it always has');
  const parts = entries.map(([key, field], index) => {
    const name = `'${index ? ',' : ''}"${key}":'`;
    return 'optional' in field ? `coalesce(${name} || ${field.optional.sql}, '')` : `${name} || ${field.sql}`;
  });
  return { sql: `('{' || ${parts.join(' || ')} || '}')` };
}

/** The rows of `from` (a `from ... where ...` naming its rows `alias`), each as `element`, in `orderBy`'s order; [] with none. */
function array<T>(from: string, element: Json<T>, orderBy: string): Json<T[]> {
  return { sql: `coalesce((select '[' || string_agg(${element.sql}, ',' order by ${orderBy}) || ']' ${from}), '[]')` };
}

/** The one row of `from` as `value`; null (the field left out) without one. */
const lookup = <T>(from: string, value: Json<T>): Json<T> => ({ sql: `(select ${value.sql} ${from})` });

const invoiceRupees = (key: string) => rupees(`coalesce((d.figures->'totals'->>'${key}')::int, 0)`);

/** Looked up per order through indexes (order_items by order, tax_documents by order and kind), so the orders keep their sort's index order. */
const ADMIN_ORDER = object<AdminOrder>({
  _id: text('orders.id'),
  orderId: text('orders.order_number'),
  razorpayPaymentId: optional(text(`nullif(orders.razorpay_payment_id, '')`)),
  customerInfo: object<AdminOrder['customerInfo']>({ name: text('orders.customer_name'), email: text('orders.customer_email'), phone: text('orders.customer_phone') }),
  deliveryAddress: object<AdminOrder['deliveryAddress']>({
    flatNumber: text('orders.flat_number'),
    street: text('orders.street'),
    area: text('orders.area'),
    city: text('orders.city'),
    state: text('orders.state'),
    pincode: text('orders.pincode'),
  }),
  amount: rupees('orders.amount_paise'),
  items: array('from order_items i where i.order_id = orders.id', object<AdminOrder['items'][number]>({ name: text('i.name'), quantity: integer('i.quantity') }), 'i.id'),
  status: text<OrderStatus>('orders.status'),
  paymentStatus: text<PaymentStatus>('orders.payment_status'),
  createdAt: instant('orders.created_at'),
  updatedAt: instant('orders.updated_at'),
  paidAt: optional(instant('orders.paid_at')),
  refundedAmount: optional(rupees('case when orders.refunded_paise > 0 then orders.refunded_paise end')),
  discount: optional(object<NonNullable<AdminOrder['discount']>>({ code: text(`nullif(orders.discount_code, '')`), amount: rupees('orders.discount_paise') })),
  invoice: optional(
    lookup(
      `from tax_documents d where d.order_id = orders.id and d.kind = 'invoice'`,
      object<AdminOrderInvoice>({
        number: text('d.number'),
        taxableValue: invoiceRupees('taxablePaise'),
        cgst: invoiceRupees('cgstPaise'),
        sgst: invoiceRupees('sgstPaise'),
        igst: invoiceRupees('igstPaise'),
        placeOfSupply: text(`d.place_of_supply_name || coalesce(' (' || nullif(d.place_of_supply_code, '') || ')', '')`),
      }),
    ),
  ),
});

/** An order of `orders` as the JSON text of its AdminOrder: select it `as line` for the export's NDJSON. */
export const ADMIN_ORDER_JSON_TEXT: RawBuilder<string> = sql.raw(ADMIN_ORDER.sql);

/** The same as a json value, which the driver parses: select it `as "order"` for the list and single reads. */
export const ADMIN_ORDER_JSON: RawBuilder<AdminOrder> = sql.raw(`(${ADMIN_ORDER.sql})::json`);
