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

/**
 * Builds an export in the browser as the export stream arrives. Complete exports cover every order
 * on the panel (newest first); view exports every order matching the panel's filter, in its sort.
 * `query` holds the filter and sort as the orders API reads them. The spreadsheet writer
 * (orders-xlsx.ts and the zip code under it) loads only here, on demand.
 */
export async function runExport(kind: ExportKind, query: Record<string, string>): Promise<{ rows: number; fileName: string }> {
  const isComplete = kind === 'completeExcel' || kind === 'completeTxt';
  const source = isComplete ? { sortField: 'createdAt', sortDir: 'desc' } : query;
  const fileName = EXPORT_FILE_NAMES[kind](fileDate());

  if (kind === 'completeTxt' || kind === 'viewTxt') {
    const encoder = new TextEncoder();
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let text = `${toTxtLine(EXPORT_COLUMNS)}\n`;
    const rows = await streamOrders(source, (order) => {
      text += `${toTxtLine(toExportRow(order))}\n`;
      if (text.length < TXT_BATCH_CHARS) return;
      parts.push(encoder.encode(text));
      text = '';
    });
    parts.push(encoder.encode(text));
    downloadBlob(new Blob(parts, { type: 'text/plain;charset=utf-8' }), fileName);
    return { rows, fileName };
  }

  const { OrdersWorkbook } = await import('./orders-xlsx.js');
  const sheetNames: readonly string[] = kind === 'viewExcel' ? [VIEW_SHEET] : COMPLETE_EXCEL_SHEETS;
  const workbook = new OrdersWorkbook(sheetNames);
  const rows = await streamOrders(source, (order) => {
    const sheet = kind === 'viewExcel' ? VIEW_SHEET : order.status;
    // The complete export's sheets are the four settled statuses; other orders are not in it.
    if (sheetNames.includes(sheet)) workbook.add(sheet, toExportRow(order));
  });
  downloadBlob(new Blob(await workbook.file(), { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
  return { rows, fileName };
}
