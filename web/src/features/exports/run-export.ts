import type { AdminOrder } from '@pickles/shared';
import { COMPLETE_EXCEL_SHEETS, EXPORT_COLUMNS, EXPORT_FILE_NAMES, VIEW_SHEET, fileDate, toExportRow, toTxtLine } from './export-rows.js';
import { streamOrders } from './stream-orders.js';

export type ExportKind = keyof typeof EXPORT_FILE_NAMES;

function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Text is gathered up to about this many characters, then kept as UTF-8 bytes: a Blob's parts need not live on the JS heap. */
const TXT_BATCH_CHARS = 1 << 16;

/** Hands each order to `onOrder` and resolves with how many there were (streamOrders, over the export stream). */
export type OrderSource = (onOrder: (order: AdminOrder) => void) => Promise<number>;

/**
 * Builds an export in the browser as the export stream arrives. Complete exports cover every order
 * on the panel (newest first); view exports every order matching the panel's filter, in its sort.
 * `query` holds the filter and sort as the orders API reads them.
 */
export async function runExport(kind: ExportKind, query: Record<string, string>): Promise<{ rows: number; fileName: string }> {
  const isComplete = kind === 'completeExcel' || kind === 'completeTxt';
  const source = isComplete ? { sortField: 'createdAt', sortDir: 'desc' } : query;
  const fileName = EXPORT_FILE_NAMES[kind](fileDate());
  const { rows, blob } = await exportFile(kind, (onOrder) => streamOrders(source, onOrder));
  downloadBlob(blob, fileName);
  return { rows, fileName };
}

/** The export's file, from its orders. The spreadsheet writer (orders-xlsx.ts and the zip code under it) loads only here, on demand. */
export async function exportFile(kind: ExportKind, orders: OrderSource): Promise<{ rows: number; blob: Blob }> {
  if (kind === 'completeTxt' || kind === 'viewTxt') {
    const encoder = new TextEncoder();
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let text = `${toTxtLine(EXPORT_COLUMNS)}\n`;
    const rows = await orders((order) => {
      text += `${toTxtLine(toExportRow(order))}\n`;
      if (text.length < TXT_BATCH_CHARS) return;
      parts.push(encoder.encode(text));
      text = '';
    });
    parts.push(encoder.encode(text));
    return { rows, blob: new Blob(parts, { type: 'text/plain;charset=utf-8' }) };
  }

  const { OrdersWorkbook } = await import('./orders-xlsx.js');
  const sheetNames: readonly string[] = kind === 'viewExcel' ? [VIEW_SHEET] : COMPLETE_EXCEL_SHEETS;
  const workbook = new OrdersWorkbook(sheetNames);
  const rows = await orders((order) => {
    const sheet = kind === 'viewExcel' ? VIEW_SHEET : order.status;
    // The complete export's sheets are the four settled statuses; other orders are not in it.
    if (sheetNames.includes(sheet)) workbook.add(sheet, toExportRow(order));
  });
  return { rows, blob: new Blob(await workbook.file(), { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) };
}
