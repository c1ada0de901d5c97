import { indiaWallClock } from '@pickles/shared/india-time';
import { CREATED_AT_COLUMN, EXPORT_COLUMNS, type ExportRow } from './export-rows.js';
import { XlsxWorkbook, type XlsxCell, type XlsxColumn, type XlsxSheet } from './xlsx-writer.js';

export const DATE_FORMAT = 'dd/mm/yyyy hh:mm';
export const AMOUNT_FORMAT = '"₹"#,##0.00';
/** Widest column, in characters: a longer address or item list runs under the next column (the cell keeps it all) rather than push the rest off-screen. */
export const MAX_COLUMN_WIDTH = 60;

type ColumnName = (typeof EXPORT_COLUMNS)[number];
/** The columns holding rupees (numbers, or empty before an invoice is issued), shown as AMOUNT_FORMAT. */
const RUPEE_COLUMNS: ReadonlySet<string> = new Set<ColumnName>(['Amount', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'Discount']);
/** Text with few distinct values across orders: written once each, in the workbook's shared-string table. */
const REPEATING_COLUMNS: ReadonlySet<string> = new Set<ColumnName>(['Status', 'PaymentStatus', 'Items', 'City', 'State', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'PlaceOfSupply']);

const COLUMNS: readonly XlsxColumn[] = EXPORT_COLUMNS.map((name, index) => ({
  ...(index === CREATED_AT_COLUMN ? { numberFormat: DATE_FORMAT } : RUPEE_COLUMNS.has(name) ? { numberFormat: AMOUNT_FORMAT } : {}),
  // The rupee columns too: before an invoice their cells are empty text.
  repeats: REPEATING_COLUMNS.has(name),
}));

/** How AMOUNT_FORMAT shows a number, for the column's width: ₹ then grouped thousands and two decimals. */
const rupees = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shownAmountLength = (value: number): number => `₹${rupees.format(value)}`.length;

/**
 * Excel's serial date (days since 30 Dec 1899) of India's wall clock at that instant. Excel date
 * cells carry no time zone, so the owner sees the time the panel shows, whatever the computer's zone.
 */
export function excelDate(instant: Date): number {
  return indiaWallClock(instant).getTime() / 86_400_000 + 25_569;
}

/** One sheet of orders and, as its rows go by, the widths its columns need. */
class OrdersSheet {
  private readonly longest: number[] = EXPORT_COLUMNS.map((name) => name.length);
  /** Per column, the largest rupee figure (shown through its format, so measured once at the end). */
  private readonly largest: number[] = EXPORT_COLUMNS.map(() => 0);
  private readonly cells: XlsxCell[] = new Array<XlsxCell>(EXPORT_COLUMNS.length);

  constructor(readonly sheet: XlsxSheet) {
    sheet.addRow(EXPORT_COLUMNS);
  }

  add(row: ExportRow): void {
    const { cells, longest, largest } = this;
    for (let column = 0; column < row.length; column++) {
      const value = row[column]!;
      if (value instanceof Date) {
        cells[column] = excelDate(value);
      } else {
        cells[column] = value;
        if (typeof value === 'string') {
          if (value.length > longest[column]!) longest[column] = value.length;
        } else if (Math.abs(value) > largest[column]!) {
          largest[column] = Math.abs(value);
        }
      }
    }
    this.sheet.addRow(cells);
  }

  /** Each column as wide as its longest value (numbers and dates as their format shows them) or header, plus a margin, at most MAX_COLUMN_WIDTH. */
  widths(): number[] {
    return this.longest.map((length, column) => {
      let shown = length;
      if (column === CREATED_AT_COLUMN) shown = Math.max(shown, DATE_FORMAT.length);
      else if (this.largest[column]) shown = Math.max(shown, shownAmountLength(this.largest[column]!));
      return Math.min(MAX_COLUMN_WIDTH, shown + 2);
    });
  }
}

/**
 * The Excel export, filled order by order as the export stream arrives: sheets in `sheetNames`'
 * order whatever order their orders come in, each with the header then its orders. CreatedAt is a
 * date cell and the rupee columns numbers in rupees; the header row is frozen.
 */
export class OrdersWorkbook {
  private readonly book = new XlsxWorkbook();
  private readonly sheets = new Map<string, OrdersSheet>();

  constructor(private readonly sheetNames: readonly string[]) {}

  add(sheetName: string, row: ExportRow): void {
    let sheet = this.sheets.get(sheetName);
    if (!sheet) {
      if (!this.sheetNames.includes(sheetName)) throw new Error(`No sheet "${sheetName}" in this export`);
      this.sheets.set(sheetName, (sheet = new OrdersSheet(this.book.sheet(sheetName, COLUMNS))));
    }
    sheet.add(row);
  }

  /** The .xlsx file, in parts for a Blob. Sheets without orders are left out; with no orders at all, the first sheet is there with its header. */
  file(): Promise<Uint8Array<ArrayBuffer>[]> {
    let names = this.sheetNames.filter((name) => this.sheets.has(name));
    if (!names.length) {
      names = this.sheetNames.slice(0, 1);
      this.sheets.set(names[0]!, new OrdersSheet(this.book.sheet(names[0]!, COLUMNS)));
    }
    return this.book.file(names.map((name) => {
      const sheet = this.sheets.get(name)!;
      return { sheet: sheet.sheet, widths: sheet.widths() };
    }));
  }
}
