import type { AdminOrder } from '@pickles/shared';
import { COMPLETE_EXCEL_SHEETS, toExportRow, type ExportRow } from '../../web/src/features/exports/export-rows.js';

/**
 * The orders of the bench's 100,000-order shop as the export stream hands them over one at a time,
 * made up on the fly (a fixed sequence, so every writer gets the same workbook): the writers are
 * compared on what they keep, not on an array of orders they would all share.
 */
const NAMES = ['Asha Verma', 'Rahul Sharma', 'Priya Nair', 'Vikram Singh', 'Meera Iyer', 'Arjun Reddy', 'Kavya Menon', 'Rohan Gupta'];
const CITIES = [
  ['Pune', 'Maharashtra', '411001'],
  ['Mumbai', 'Maharashtra', '400001'],
  ['New Delhi', 'Delhi', '110016'],
  ['Bengaluru', 'Karnataka', '560038'],
  ['Chennai', 'Tamil Nadu', '600001'],
  ['Hyderabad', 'Telangana', '500001'],
] as const;
const PRODUCTS = ['Royal Chicken Pickle', 'Shahi Mutton Kofta Pickle', 'Prawn Pickle', 'Mutton Pickle', 'Fish Pickle'];
const STATUSES = ['paid', 'delivered', 'completed', 'cancelled', 'paid', 'created'] as const;
const START = Date.UTC(2025, 0, 1);

export function benchOrder(n: number): AdminOrder {
  const [city, state, pincode] = CITIES[n % CITIES.length]!;
  const status = STATUSES[n % STATUSES.length]!;
  const amountPaise = 30_000 + ((n * 7919) % 400_000);
  const invoiced = status !== 'created' && status !== 'cancelled';
  const taxable = Math.round(amountPaise / 1.12) / 100;
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderId: `RP25${String(1 + (n % 12)).padStart(2, '0')}10-${n.toString(36).toUpperCase().padStart(6, 'A')}`,
    ...(status === 'created' ? {} : { razorpayPaymentId: `pay_${n.toString(36).padStart(14, 'Q')}` }),
    customerInfo: { name: `${NAMES[n % NAMES.length]} ${n % 97}`, email: `shopper${n}@example.in`, phone: `98${String(n).padStart(8, '0')}` },
    deliveryAddress: { flatNumber: `${1 + (n % 400)}B`, street: `${n % 60} MG Road`, area: 'Green Park', city, state, pincode },
    amount: amountPaise / 100,
    items: Array.from({ length: 1 + (n % 3) }, (_, i) => ({ name: PRODUCTS[(n + i) % PRODUCTS.length]!, quantity: 1 + ((n + i) % 4) })),
    status,
    paymentStatus: status === 'created' ? 'pending' : 'paid',
    createdAt: new Date(START + n * 317_000).toISOString(),
    updatedAt: new Date(START + n * 317_000 + 60_000).toISOString(),
    ...(status === 'created' ? {} : { paidAt: new Date(START + n * 317_000 + 30_000).toISOString() }),
    ...(invoiced
      ? { invoice: { number: `RP/25-26/${String(n).padStart(6, '0')}`, taxableValue: taxable, cgst: 0, sgst: 0, igst: Math.round((amountPaise / 100 - taxable) * 100) / 100, placeOfSupply: `${state} (27)` } }
      : {}),
    ...(n % 10 === 0 ? { discount: { code: 'LAUNCH10', amount: Math.round(amountPaise / 10) / 100 } } : {}),
  };
}

/** The complete Excel export's rows: every order of one of its sheets' statuses, as the panel turns it into a row. */
export function forEachRow(orders: number, onRow: (sheet: string, row: ExportRow) => void, from = 0): void {
  const sheets: readonly string[] = COMPLETE_EXCEL_SHEETS;
  for (let n = from; n < from + orders; n++) {
    const order = benchOrder(n);
    if (sheets.includes(order.status)) onRow(order.status, toExportRow(order));
  }
}
