import { COMPLETE_EXCEL_SHEETS, CREATED_AT_COLUMN, EXPORT_COLUMNS, type ExportRow } from '../../web/src/features/exports/export-rows.js';
import { AMOUNT_FORMAT, DATE_FORMAT, excelDate } from '../../web/src/features/exports/orders-xlsx.js';
import { escapeXml } from '../../web/src/features/exports/xlsx-writer.js';
import { forEachRow } from './orders.js';

/**
 * Each way of writing the complete Excel export of `orders` orders in the browser, to a Blob: the
 * shop's own writer and the maintained libraries, each given the same rows (export-rows.ts) as they
 * arrive, with CreatedAt a date cell, the rupee columns numbers in a rupee format, column widths and,
 * where the library can, a frozen header. Libraries that cannot take rows as they come keep them.
 */
export type Candidate = (orders: number) => Promise<Blob>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEETS: readonly string[] = COMPLETE_EXCEL_SHEETS;
const RUPEES = new Set(['Amount', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'Discount'].map((name) => EXPORT_COLUMNS.indexOf(name as never)));
/** Fixed widths for the libraries (the shop's writer measures its columns; that costs it, not them). */
const WIDTHS = EXPORT_COLUMNS.map((name) => Math.max(name.length, 12) + 2);

/** The export stream hands orders over a network chunk (about a hundred) at a time; the page's other work (compression streams) runs between. */
async function rows(orders: number, onRow: (sheet: string, row: ExportRow) => void): Promise<void> {
  const chunk = 100;
  for (let from = 0; from < orders; from += chunk) {
    forEachRow(Math.min(chunk, orders - from), onRow, from);
    await yieldToPage();
  }
}

function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** A row's cells as plain values: CreatedAt as Excel's serial date, empty amounts as empty text. */
const plainCells = (row: ExportRow): (string | number)[] => row.map((cell, column) => (column === CREATED_AT_COLUMN ? excelDate(cell as Date) : (cell as string | number)));

const handWritten: Candidate = async (orders) => {
  const { OrdersWorkbook } = await import('../../web/src/features/exports/orders-xlsx.js');
  const workbook = new OrdersWorkbook(SHEETS);
  await rows(orders, (sheet, row) => workbook.add(sheet, row));
  return new Blob(await workbook.file(), { type: XLSX_TYPE });
};

/** The parts of a workbook around its sheets' XML, as any zip of hand-built sheets needs them. */
function workbookParts(sheetCount: number): Record<string, string> {
  const decl = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const ct = (part: string) => `application/vnd.openxmlformats-officedocument.spreadsheetml.${part}+xml`;
  const indexes = Array.from({ length: sheetCount }, (_, i) => i + 1);
  return {
    '[Content_Types].xml': `${decl}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct('sheet.main')}"/><Override PartName="/xl/styles.xml" ContentType="${ct('styles')}"/>${indexes.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${ct('worksheet')}"/>`).join('')}</Types>`,
    '_rels/.rels': `${decl}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${decl}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>${indexes.map((i) => `<sheet name="${SHEETS[i - 1]}" sheetId="${i}" r:id="rId${i}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${decl}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${indexes.map((i) => `<Relationship Id="rId${i}" Type="${rel}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}<Relationship Id="rId${sheetCount + 1}" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${decl}<styleSheet xmlns="${main}"><numFmts count="2"><numFmt numFmtId="164" formatCode="${DATE_FORMAT}"/><numFmt numFmtId="165" formatCode="${AMOUNT_FORMAT.replaceAll('"', '&quot;')}"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  };
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${WIDTHS.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols><sheetData>`;

/** A row of hand-built sheet XML: inline strings, numbers in the date or rupee style. */
function rowXml(cells: readonly (string | number)[]): string {
  let xml = '<row>';
  for (let column = 0; column < cells.length; column++) {
    const value = cells[column]!;
    if (typeof value === 'number') xml += `<c s="${column === CREATED_AT_COLUMN ? 1 : RUPEES.has(column) ? 2 : 0}"><v>${value}</v></c>`;
    else xml += value ? `<c t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>` : '<c/>';
  }
  return `${xml}</row>`;
}

/** Hand-built sheet XML, gathered per sheet and handed on in pieces of about 64 K characters. */
function sheetWriters(onText: (sheet: number, text: string, final: boolean) => void) {
  const pending = SHEETS.map(() => SHEET_HEAD + rowXml([...EXPORT_COLUMNS]));
  return {
    add(sheet: string, row: ExportRow) {
      const index = SHEETS.indexOf(sheet);
      pending[index] += rowXml(plainCells(row));
      if (pending[index]!.length >= 1 << 16) {
        onText(index, pending[index]!, false);
        pending[index] = '';
      }
    },
    end() {
      pending.forEach((text, index) => onText(index, `${text}</sheetData></worksheet>`, true));
    },
  };
}

/** fflate's zip and deflate (level 6, zlib's default, as the browser's CompressionStream uses) over hand-built sheet XML. */
const fflateZip: Candidate = async (orders) => {
  const { Zip, ZipDeflate, strToU8 } = await import('fflate');
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [path, text] of Object.entries(workbookParts(SHEETS.length))) {
    const file = new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const files = SHEETS.map((_, index) => {
    const file = new ZipDeflate(`xl/worksheets/sheet${index + 1}.xml`, { level: 6 });
    zip.add(file);
    return file;
  });
  const writer = sheetWriters((sheet, text, final) => files[sheet]!.push(strToU8(text), final));
  await rows(orders, (sheet, row) => writer.add(sheet, row));
  writer.end();
  zip.end();
  return new Blob(parts as BlobPart[], { type: XLSX_TYPE });
};

/** client-zip's streaming zip (it stores, never compresses) over hand-built sheet XML. */
const clientZip: Candidate = async (orders) => {
  const { downloadZip } = await import('client-zip');
  const encoder = new TextEncoder();
  const sheets: Uint8Array[][] = SHEETS.map(() => []);
  const writer = sheetWriters((sheet, text) => sheets[sheet]!.push(encoder.encode(text)));
  await rows(orders, (sheet, row) => writer.add(sheet, row));
  writer.end();
  const files = [
    ...Object.entries(workbookParts(SHEETS.length)).map(([name, input]) => ({ name, input })),
    ...sheets.map((chunks, index) => ({ name: `xl/worksheets/sheet${index + 1}.xml`, input: new Blob(chunks as BlobPart[]) })),
  ];
  return new Blob([await downloadZip(files).blob()], { type: XLSX_TYPE });
};

/** The rows each sheet gets, kept: what libraries that write a whole workbook at the end need first. */
async function keptRows<T>(orders: number, cell: (row: ExportRow) => T[]): Promise<Map<string, T[][]>> {
  const kept = new Map<string, T[][]>(SHEETS.map((sheet) => [sheet, []]));
  await rows(orders, (sheet, row) => kept.get(sheet)!.push(cell(row)));
  return kept;
}

const writeExcelFile: Candidate = async (orders) => {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  type Cell = string | number | null | { value: number; format: string };
  const kept = await keptRows<Cell>(orders, (row) =>
    plainCells(row).map((value, column) => (value === '' ? null : typeof value === 'number' && (column === CREATED_AT_COLUMN || RUPEES.has(column)) ? { value, format: column === CREATED_AT_COLUMN ? DATE_FORMAT : AMOUNT_FORMAT } : value)),
  );
  const sheets = SHEETS.map((sheet) => ({ sheet, data: [[...EXPORT_COLUMNS], ...kept.get(sheet)!], columns: WIDTHS.map((width) => ({ width })), stickyRowsCount: 1 }));
  kept.clear();
  return writeXlsxFile(sheets).toBlob();
};

const excelJs: Candidate = async (orders) => {
  const { default: ExcelJS } = await import('exceljs/dist/exceljs.min.js');
  const workbook = new ExcelJS.Workbook();
  const sheets = new Map(
    SHEETS.map((name) => {
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = EXPORT_COLUMNS.map((header, column) => ({ header, width: WIDTHS[column], ...(column === CREATED_AT_COLUMN ? { style: { numFmt: DATE_FORMAT } } : RUPEES.has(column) ? { style: { numFmt: AMOUNT_FORMAT } } : {}) }));
      return [name, sheet];
    }),
  );
  await rows(orders, (sheet, row) => sheets.get(sheet)!.addRow(plainCells(row)));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
};

/** SheetJS: the whole workbook as cell objects, then written (its community edition writes no frozen panes). */
function sheetJs(load: () => Promise<typeof import('xlsx')>): Candidate {
  return async (orders) => {
    const XLSX = await load();
    const kept = await keptRows(orders, plainCells);
    const book = XLSX.utils.book_new();
    for (const name of SHEETS) {
      const data = kept.get(name)!;
      const sheet = XLSX.utils.aoa_to_sheet([[...EXPORT_COLUMNS], ...data], { dense: true } as never);
      kept.delete(name);
      sheet['!cols'] = WIDTHS.map((wch) => ({ wch }));
      const dense = (sheet as unknown as { '!data'?: { z?: string }[][] })['!data'];
      for (let r = 1; r <= data.length; r++) {
        for (let column = 0; column < EXPORT_COLUMNS.length; column++) {
          if (column !== CREATED_AT_COLUMN && !RUPEES.has(column)) continue;
          const cell = dense ? dense[r]?.[column] : (sheet[XLSX.utils.encode_cell({ r, c: column })] as { z?: string } | undefined);
          if (cell) cell.z = column === CREATED_AT_COLUMN ? DATE_FORMAT : AMOUNT_FORMAT;
        }
      }
      XLSX.utils.book_append_sheet(book, sheet, name);
    }
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
    return new Blob([bytes], { type: XLSX_TYPE });
  };
}

export const CANDIDATES: Record<string, Candidate> = {
  'hand-written (CompressionStream + fflate Zip)': handWritten,
  'fflate (zip + deflate) over hand-built XML': fflateZip,
  'client-zip (stored) over hand-built XML': clientZip,
  'write-excel-file': writeExcelFile,
  exceljs: excelJs,
  'xlsx 0.18.5 (SheetJS on npm)': sheetJs(() => import('sheetjs-npm')),
  'xlsx 0.20.3 (SheetJS, @e965 mirror)': sheetJs(() => import('xlsx')),
};

/** No writer: making the orders and their rows, the floor every candidate stands on. */
export const ROWS_ONLY: Candidate = async (orders) => {
  let count = 0;
  await rows(orders, () => count++);
  return new Blob([String(count)]);
};
