import type * as XLSX from 'xlsx';
import { AMOUNT_COLUMN, CREATED_AT_COLUMN, EXPORT_COLUMNS, indiaWallClock, type ExportRow } from './export-rows.js';

/** The SheetJS module, loaded by the caller on demand (it is half a megabyte): this file only types it. */
type Xlsx = typeof XLSX;

export const DATE_FORMAT = 'dd/mm/yyyy hh:mm';
export const AMOUNT_FORMAT = '"₹"#,##0.00';
/** Widest column, in characters: a longer address or item list runs under the next column (the cell keeps it all) rather than push the rest off-screen. */
export const MAX_COLUMN_WIDTH = 60;

/**
 * Excel's serial date (days since 30 Dec 1899) of India's wall clock at that instant. Excel date
 * cells carry no time zone, so the owner sees the time the panel shows, whatever the computer's zone.
 */
export function excelDate(instant: Date): number {
  return indiaWallClock(instant).getTime() / 86_400_000 + 25_569;
}

function toCells(row: ExportRow): XLSX.CellObject[] {
  return row.map((value): XLSX.CellObject => {
    if (value instanceof Date) return { t: 'n', v: excelDate(value), z: DATE_FORMAT };
    // Every number of a row is rupees: the amount and the invoice's figures.
    if (typeof value === 'number') return { t: 'n', v: value, z: AMOUNT_FORMAT };
    return { t: 's', v: value };
  });
}

/** Each column as wide as its longest value or header, plus a margin, at most MAX_COLUMN_WIDTH. */
function columnWidths(X: Xlsx, rows: readonly ExportRow[]): XLSX.ColInfo[] {
  const widths: number[] = EXPORT_COLUMNS.map((name) => name.length);
  let largestAmount = 0;
  for (const row of rows) {
    largestAmount = Math.max(largestAmount, Math.abs(row[AMOUNT_COLUMN]));
    for (let column = 0; column < row.length; column++) {
      const value = row[column];
      if (typeof value === 'string' && value.length > widths[column]!) widths[column] = value.length;
    }
  }
  // Numbers and dates show through their format: measure it once, not per cell.
  widths[AMOUNT_COLUMN] = Math.max(widths[AMOUNT_COLUMN]!, X.SSF.format(AMOUNT_FORMAT, largestAmount).length);
  widths[CREATED_AT_COLUMN] = Math.max(widths[CREATED_AT_COLUMN]!, DATE_FORMAT.length);
  return widths.map((width) => ({ wch: Math.min(MAX_COLUMN_WIDTH, width + 2) }));
}

/**
 * A dense sheet (rows as arrays, SheetJS's documented `!data`): the header, one row per order,
 * CreatedAt as a date cell and Amount as a number in rupees.
 */
export function buildSheet(X: Xlsx, rows: readonly ExportRow[]): XLSX.WorkSheet {
  const data: XLSX.CellObject[][] = [EXPORT_COLUMNS.map((name): XLSX.CellObject => ({ t: 's', v: name }))];
  for (const row of rows) data.push(toCells(row));
  return {
    '!data': data,
    '!ref': X.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: EXPORT_COLUMNS.length - 1 } }),
    '!cols': columnWidths(X, rows),
  };
}

/** The parts of SheetJS's bundled zip reader/writer (CFB, untyped in its declarations) used here. */
interface ZipContainer {
  FullPaths: string[];
  FileIndex: { content: Uint8Array; size: number }[];
}

const FROZEN_HEADER_VIEW = '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView>';

/**
 * Freezes the header row of every sheet. SheetJS Community Edition writes no panes (a Pro feature),
 * so the written file is opened again with SheetJS's own zip code and each sheet's
 * `<sheetView workbookViewId="0"/>` gets a frozen pane below row 1. That element sits in the first
 * few hundred bytes of a sheet (before its columns and cells), so only the head is searched and the
 * rest is copied as bytes. Should a SheetJS update write the view differently, the sheet is left as
 * it is (the unit test reading the pane back catches that).
 */
export function freezeHeaderRow(X: Xlsx, file: Uint8Array): Uint8Array<ArrayBuffer> {
  const zip = (X.CFB as { read: (data: Uint8Array, options: { type: 'array' }) => ZipContainer }).read(file, { type: 'array' });
  zip.FullPaths.forEach((path, index) => {
    const entry = zip.FileIndex[index];
    if (!entry || !/\/xl\/worksheets\/sheet\d+\.xml$/.test(path)) return;
    // One character per byte, so an index in the string is an index in the bytes.
    const head = String.fromCharCode(...entry.content.subarray(0, 4096));
    const view = /<sheetView workbookViewId="0"\/>/.exec(head);
    if (!view) return;
    const replacement = new TextEncoder().encode(FROZEN_HEADER_VIEW);
    const content = new Uint8Array(entry.content.length - view[0].length + replacement.length);
    content.set(entry.content.subarray(0, view.index));
    content.set(replacement, view.index);
    content.set(entry.content.subarray(view.index + view[0].length), view.index + replacement.length);
    entry.content = content;
    entry.size = content.length;
  });
  return (X.CFB as { write: (zip: ZipContainer, options: object) => Uint8Array<ArrayBuffer> }).write(zip, { fileType: 'zip', type: 'array', compression: false });
}

function workbookOf(X: Xlsx, sheets: Iterable<readonly [name: string, rows: readonly ExportRow[]]>): XLSX.WorkBook {
  const workbook = X.utils.book_new();
  for (const [name, rows] of sheets) X.utils.book_append_sheet(workbook, buildSheet(X, rows), name);
  return workbook;
}

/**
 * The .xlsx file of these sheets, in order: widths, dates and number formats set, header rows frozen.
 * An iterable, so a caller can hand over one sheet's rows at a time and drop them once turned into cells.
 */
export function writeWorkbook(X: Xlsx, sheets: Iterable<readonly [name: string, rows: readonly ExportRow[]]>): Uint8Array<ArrayBuffer> {
  // No deflate: SheetJS compresses in JavaScript, tripling the time of a large export for a smaller file.
  // Type 'buffer' gives bytes (a Uint8Array in the browser, as writeFile uses); 'array' would build
  // the whole file as a binary string first, hundreds of megabytes of heap at 100,000 rows. The
  // workbook is not kept: its cells can be collected while the header rows are frozen.
  const file = X.write(workbookOf(X, sheets), { bookType: 'xlsx', type: 'buffer', compression: false }) as Uint8Array;
  return freezeHeaderRow(X, file);
}
