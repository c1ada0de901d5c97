/**
 * The candidate libraries are installed outside the shop's dependencies (bench/results/tmp/xlsx-candidates)
 * and bundled by esbuild from there: only the little of each that candidates.ts calls is declared.
 */
declare module 'client-zip' {
  export function downloadZip(files: Iterable<{ name: string; input: string | Blob }>): Response;
}
declare module 'write-excel-file/browser' {
  const writeXlsxFile: (sheets: unknown[]) => { toBlob: () => Promise<Blob> };
  export default writeXlsxFile;
}
declare module 'exceljs/dist/exceljs.min.js' {
  interface Worksheet {
    columns: unknown[];
    addRow(values: unknown[]): unknown;
  }
  interface Workbook {
    addWorksheet(name: string, options?: unknown): Worksheet;
    xlsx: { writeBuffer(): Promise<ArrayBuffer> };
  }
  /** A UMD bundle: bundled, its module.exports is the default export. */
  const ExcelJS: { Workbook: new () => Workbook };
  export default ExcelJS;
}
declare module 'sheetjs-npm' {
  export * from 'xlsx';
}
