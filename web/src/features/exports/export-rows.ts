import type { AdminOrder } from '@pickles/shared';

/**
 * Columns of an export row, in order: the spec's eleven (docs/product.md §3, "Export row"), then the
 * address split for courier bulk uploads, then the GST tax invoice's figures for the accountant's
 * GSTR-1 (empty before an invoice is issued), at the end so the spec's columns keep their positions.
 */
export const EXPORT_COLUMNS = [
  'OrderID', 'PaymentID', 'Name', 'Email', 'Phone', 'Address', 'Amount', 'Status', 'PaymentStatus', 'Items', 'CreatedAt',
  'Pincode', 'City', 'State',
  'InvoiceNumber', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'PlaceOfSupply',
] as const;
/** Rupee amounts stay numbers and CreatedAt the instant: each file type writes them its own way (see toTxtLine, orders-xlsx.ts). */
export type ExportRow = [
  orderId: string,
  paymentId: string,
  name: string,
  email: string,
  phone: string,
  address: string,
  amount: number,
  status: string,
  paymentStatus: string,
  items: string,
  createdAt: Date,
  pincode: string,
  city: string,
  state: string,
  invoiceNumber: string,
  taxableValue: number | '',
  cgst: number | '',
  sgst: number | '',
  igst: number | '',
  placeOfSupply: string,
];
export const AMOUNT_COLUMN = 6;
export const CREATED_AT_COLUMN = 10;

/** India Standard Time, UTC+05:30 all year (no daylight saving since 1945). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The instant as India's wall clock, read through the Date's UTC fields (e.g. toISOString). */
export function indiaWallClock(instant: Date): Date {
  return new Date(instant.getTime() + INDIA_OFFSET_MS);
}

/**
 * A spreadsheet runs a cell starting with =, +, - or @ (and tab or carriage return, which some
 * apps strip first) as a formula; a leading apostrophe makes it plain text (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// One formatter for the whole export: Date#toLocaleString builds a new one per call, which is
// most of the time of a 100,000-row export. Same output as toLocaleString('en-IN', { timeZone }).
let indiaDateTime: Intl.DateTimeFormat | undefined;

/** India time, as the panel shows it (e.g. 10/5/2025, 12:00:00 pm): the TXT export's CreatedAt. */
export function formatExportDate(instant: Date): string {
  indiaDateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
  return indiaDateTime.format(instant);
}

export function toExportRow(order: AdminOrder): ExportRow {
  const a = order.deliveryAddress;
  const text = (value: string | undefined) => neutraliseFormula(value ?? '');
  return [
    text(order.orderId),
    text(order.razorpayPaymentId),
    text(order.customerInfo.name),
    text(order.customerInfo.email),
    text(order.customerInfo.phone),
    text(`${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`),
    order.amount,
    text(order.status),
    text(order.paymentStatus),
    text(order.items.map((item) => `${item.name} (Qty: ${item.quantity})`).join(', ')),
    new Date(order.createdAt),
    text(a.pincode),
    text(a.city),
    text(a.state),
    text(order.invoice?.number),
    order.invoice?.taxableValue ?? '',
    order.invoice?.cgst ?? '',
    order.invoice?.sgst ?? '',
    order.invoice?.igst ?? '',
    text(order.invoice?.placeOfSupply),
  ];
}

/** One order per line, tab-separated, after a header line; tabs and line breaks inside values become spaces. */
export function toTxtLine(row: ExportRow | readonly string[]): string {
  return row.map((cell) => (cell instanceof Date ? formatExportDate(cell) : String(cell).replace(/[\t\r\n]+/g, ' '))).join('\t');
}

/** YYYY-MM-DD for file names: the date in India when the download is made. */
export function fileDate(now = new Date()): string {
  return indiaWallClock(now).toISOString().slice(0, 10);
}

export const EXPORT_FILE_NAMES = {
  completeExcel: (date: string) => `All_Orders_Export_${date}.xlsx`,
  viewExcel: (date: string) => `Current_View_Orders_${date}.xlsx`,
  completeTxt: (date: string) => `All_Orders_${date}.txt`,
  viewTxt: (date: string) => `Current_View_Orders_${date}.txt`,
} as const;

/** The complete Excel export's sheets, in order; empty ones are skipped (docs/product.md §9). */
export const COMPLETE_EXCEL_SHEETS = ['paid', 'cancelled', 'delivered', 'completed'] as const;
export const VIEW_SHEET = 'Current_View';
