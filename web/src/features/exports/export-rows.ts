import { addressOneLine } from '@pickles/shared/address';
import type { AdminOrder } from '@pickles/shared';
import { INDIA_OFFSET_MS, INDIA_TIME_ZONE, indiaDayOf } from '@pickles/shared/india-time';

/**
 * Columns of an export row, in order: the spec's eleven (docs/product.md §3, "Export row"), then the
 * address split for courier bulk uploads, then the GST tax invoice's figures for the accountant's
 * GSTR-1 (empty before an invoice is issued), then the discount code and what it took off (decision
 * 028; empty without one), at the end so the spec's columns keep their positions.
 */
export const EXPORT_COLUMNS = [
  'OrderID', 'PaymentID', 'Name', 'Email', 'Phone', 'Address', 'Amount', 'Status', 'PaymentStatus', 'Items', 'CreatedAt',
  'Pincode', 'City', 'State',
  'InvoiceNumber', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'PlaceOfSupply',
  'DiscountCode', 'Discount',
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
  discountCode: string,
  discount: number | '',
];
export const AMOUNT_COLUMN = 6;
export const CREATED_AT_COLUMN = 10;


/**
 * A spreadsheet runs a cell starting with =, +, - or @ (and tab or carriage return, which some
 * apps strip first) as a formula; a leading apostrophe makes it plain text (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  // By character code: a regular expression per cell was a tenth of a 100,000-order export.
  switch (value.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // carriage return
      return `'${value}`;
    default:
      return value;
  }
}

// One formatter for the whole export: Date#toLocaleString builds a new one per call, which is
// most of the time of a 100,000-row export. Same output as toLocaleString('en-IN', { timeZone }).
let indiaDateTime: Intl.DateTimeFormat | undefined;
const HOUR_MS = 3_600_000;
/** Per hour of India's clock, the formatted text around its minutes and seconds (see formatExportDate). */
const hourTemplates = new Map<number, readonly [beforeMinutes: string, betweenMinutesAndSeconds: string, afterSeconds: string] | null>();

/**
 * The formatter's text for the first instant of an India hour, cut around its minutes and seconds;
 * null if that hour does not read as hh:00:00 (a zone offset that is not 5:30, long ago), so it is
 * never cut wrongly. The text is format()'s own, cut where formatToParts places the fields: the two
 * can differ in spaces (V8's format() writes U+202F before am/pm as a plain space, formatToParts not).
 */
function hourTemplate(formatter: Intl.DateTimeFormat, hourStart: number) {
  const instant = hourStart - INDIA_OFFSET_MS;
  const text = formatter.format(instant);
  const parts = formatter.formatToParts(instant);
  const starts: number[] = [];
  let at = 0;
  for (const part of parts) {
    starts.push(at);
    at += part.value.length;
  }
  const minute = parts.findIndex((part) => part.type === 'minute');
  const second = parts.findIndex((part) => part.type === 'second');
  if (at !== text.length || minute < 0 || second < minute || parts[minute]!.value !== '00' || parts[second]!.value !== '00') return null;
  if (text.slice(starts[minute], starts[minute]! + 2) !== '00' || text.slice(starts[second], starts[second]! + 2) !== '00') return null;
  return [text.slice(0, starts[minute]), text.slice(starts[minute]! + 2, starts[second]), text.slice(starts[second]! + 2)] as const;
}

const twoDigits = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * India time, as the panel shows it (e.g. 10/5/2025, 12:00:00 pm): the TXT export's CreatedAt.
 * Intl formats each hour once; within it only the minutes and seconds change, written here: Intl
 * for every order was a third of a 100,000-order TXT export.
 */
export function formatExportDate(instant: Date): string {
  indiaDateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
  const wallClock = instant.getTime() + INDIA_OFFSET_MS;
  const hourStart = Math.floor(wallClock / HOUR_MS) * HOUR_MS;
  let template = hourTemplates.get(hourStart);
  if (template === undefined) hourTemplates.set(hourStart, (template = Number.isFinite(hourStart) ? hourTemplate(indiaDateTime, hourStart) : null));
  if (!template) return indiaDateTime.format(instant);
  const seconds = Math.floor((wallClock - hourStart) / 1000);
  return `${template[0]}${twoDigits(Math.floor(seconds / 60))}${template[1]}${twoDigits(seconds % 60)}${template[2]}`;
}

const text = (value: string | undefined): string => (value ? neutraliseFormula(value) : '');

export function toExportRow(order: AdminOrder): ExportRow {
  const a = order.deliveryAddress;
  return [
    text(order.orderId),
    text(order.razorpayPaymentId),
    text(order.customerInfo.name),
    text(order.customerInfo.email),
    text(order.customerInfo.phone),
    text(addressOneLine(a)),
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
    text(order.discount?.code),
    order.discount?.amount ?? '',
  ];
}

/** One order per line, tab-separated, after a header line; tabs and line breaks inside values become spaces. */
export function toTxtLine(row: ExportRow | readonly string[]): string {
  return row.map((cell) => (cell instanceof Date ? formatExportDate(cell) : String(cell).replace(/[\t\r\n]+/g, ' '))).join('\t');
}

/** YYYY-MM-DD for file names: the date in India when the download is made. */
export function fileDate(now = new Date()): string {
  return indiaDayOf(now);
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
