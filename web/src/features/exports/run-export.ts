import type { AdminOrder } from '@pickles/shared';
import { COMPLETE_EXCEL_SHEETS, EXPORT_COLUMNS, EXPORT_FILE_NAMES, VIEW_SHEET, fileDate, toExportRow, toTxtLine, type ExportRow } from './export-rows.js';
import { streamOrders } from './stream-orders.js';
import { writeWorkbook } from './workbook.js';

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

/**
 * Builds an export in the browser. Complete exports cover every order on the panel (newest first);
 * view exports every order matching the panel's filter, in its sort. `query` holds the filter and
 * sort as the orders API reads them. Spreadsheet code (xlsx) loads only here, on demand; workbook.ts
 * only types it.
 */
export async function runExport(kind: ExportKind, query: Record<string, string>): Promise<{ rows: number; fileName: string }> {
  const isComplete = kind === 'completeExcel' || kind === 'completeTxt';
  const source = isComplete ? { sortField: 'createdAt', sortDir: 'desc' } : query;
  const fileName = EXPORT_FILE_NAMES[kind](fileDate());

  if (kind === 'completeTxt' || kind === 'viewTxt') {
    const lines: string[] = [toTxtLine(EXPORT_COLUMNS)];
    const rows = await streamOrders(source, (order) => lines.push(toTxtLine(toExportRow(order))));
    downloadBlob(new Blob([lines.join('\n') + '\n'], { type: 'text/plain;charset=utf-8' }), fileName);
    return { rows, fileName };
  }

  const sheets = new Map<string, ExportRow[]>();
  const sheetOf = (order: AdminOrder): string | undefined =>
    kind === 'viewExcel' ? VIEW_SHEET : (COMPLETE_EXCEL_SHEETS as readonly string[]).includes(order.status) ? order.status : undefined;
  const [XLSX, rows] = await Promise.all([
    import('xlsx'),
    streamOrders(source, (order) => {
      const sheet = sheetOf(order);
      if (!sheet) return;
      let list = sheets.get(sheet);
      if (!list) sheets.set(sheet, (list = []));
      list.push(toExportRow(order));
    }),
  ]);
  const names = kind === 'viewExcel' ? [VIEW_SHEET] : COMPLETE_EXCEL_SHEETS.filter((status) => sheets.get(status)?.length);
  if (!names.length) names.push(COMPLETE_EXCEL_SHEETS[0]);
  // One sheet's rows at a time, let go of once they are cells: less memory at 100,000 rows.
  function* takeSheets(): Generator<[string, ExportRow[]]> {
    for (const name of names) {
      const list = sheets.get(name) ?? [];
      sheets.delete(name);
      yield [name, list];
    }
  }
  const file = writeWorkbook(XLSX, takeSheets());
  downloadBlob(new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
  return { rows, fileName };
}
