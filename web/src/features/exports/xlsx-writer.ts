import { Zip, type ZipInputFile } from 'fflate';
import { crc32, crc32Combine } from './crc32.js';
import { StreamingDeflate, deflate, type Deflated } from './gzip.js';

/**
 * A streaming .xlsx (Office Open XML spreadsheet) writer: rows go in one at a time and leave as
 * compressed bytes at once, so a sheet of 100,000 rows costs a few megabytes of deflated XML rather
 * than a spreadsheet library's cell objects. It writes only what the exports need: text cells,
 * number cells in a column's number format, column widths and a frozen header row. Nothing here
 * knows about orders (see orders-xlsx.ts). The browser compresses (gzip.ts); fflate lays out the zip.
 */

/**
 * A sheet's column. Its number format applies to the numbers in it. `repeats`: its text takes few
 * distinct values (a status, a city), so each is written once, in the shared-string table, and the
 * cells refer to it; other text is written in its cell (an inline string), so a column of names or
 * addresses costs no table in memory.
 */
export interface XlsxColumn {
  numberFormat?: string;
  repeats?: boolean;
}

export type XlsxCell = string | number;

/** Rows are gathered as XML text up to about this many characters, then encoded and compressed together. */
const BATCH_CHARS = 1 << 16;
/** Most distinct values the shared-string table takes; past it, a repeating column's new values go inline. */
const MAX_SHARED_STRINGS = 10_000;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const DOC_REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Header row frozen: Excel's "Freeze Top Row". */
const FROZEN_HEADER_VIEW = '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
const SHEET_TAIL = '</sheetData></worksheet>';
/** Excel's custom number formats are numbered from 164 (lower ids are its built-in ones). */
const FIRST_CUSTOM_FORMAT = 164;

const encoder = new TextEncoder();

/**
 * Markup characters; characters XML 1.0 cannot hold, written as Excel's _xHHHH_ escapes; and text
 * that already reads like such an escape, whose underscore is escaped (_x005F_) so it stays as typed.
 */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_x[0-9a-f]{4}_/i;
// eslint-disable-next-line no-control-regex
const ESCAPED = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9a-f]{4}_)/gi;
const escapeChar = (char: string): string =>
  char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

export function escapeXml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, escapeChar) : text;
}

const escapeAttribute = (text: string): string => escapeXml(text).replaceAll('"', '&quot;');

/** A text element; Excel drops leading and trailing spaces unless told to keep them. */
function textElement(text: string): string {
  const keepSpaces = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
  return `${keepSpaces ? '<t xml:space="preserve">' : '<t>'}${escapeXml(text)}</t>`;
}

/** A, B, ..., Z, AA, ...: the column part of a cell reference (index from 0). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Excel's stored column width for a width in characters, as SheetJS writes `wch` (maximum digit
 * width 6 px plus 5 px of padding): what the exports always wrote, so columns look as they did.
 */
export function characterWidth(characters: number): number {
  const digitWidth = 6;
  return Math.round(((characters * digitWidth + 5) / digitWidth) * 256) / 256;
}

/**
 * `text` as DEFLATE "stored" blocks, none of them final (RFC 1951, 3.2.4): byte-aligned raw bytes
 * that another DEFLATE stream may follow. For a sheet's head, a few kilobytes.
 */
function storedBlocks(text: string): Deflated {
  const data = encoder.encode(text);
  const blocks = Math.max(1, Math.ceil(data.length / 0xffff));
  const bytes = new Uint8Array(data.length + 5 * blocks);
  for (let block = 0, at = 0; block < blocks; block++) {
    const part = data.subarray(block * 0xffff, (block + 1) * 0xffff);
    // BFINAL 0 and BTYPE 00 in the first three bits, then LEN and its one's complement, little-endian.
    bytes.set([0, part.length & 0xff, part.length >>> 8, ~part.length & 0xff, (~part.length >>> 8) & 0xff], at);
    bytes.set(part, at + 5);
    at += 5 + part.length;
  }
  return { chunks: [bytes], size: data.length, crc: crc32(data) };
}

/** The workbook's shared-string table: each distinct value once, cells refer to it by index. */
class SharedStrings {
  private readonly indexes = new Map<string, number>();
  private readonly values: string[] = [];
  private references = 0;

  /** The value's index in the table, or undefined once the table is full and the value not in it. */
  indexOf(text: string): number | undefined {
    let index = this.indexes.get(text);
    if (index === undefined) {
      if (this.values.length >= MAX_SHARED_STRINGS) return undefined;
      index = this.values.push(text) - 1;
      this.indexes.set(text, index);
    }
    this.references++;
    return index;
  }

  xml(): string {
    const items = this.values.map((text) => `<si>${textElement(text)}</si>`).join('');
    return `${XML_DECLARATION}<sst xmlns="${MAIN_NS}" count="${this.references}" uniqueCount="${this.values.length}">${items}</sst>`;
  }
}

/**
 * One worksheet, written row by row. Its rows are compressed as they come; the sheet's head (size,
 * frozen pane, column widths) is only known at the end and goes in front of them then, as stored
 * (uncompressed) DEFLATE blocks, which a DEFLATE stream may start with; the whole's CRC is put
 * together from the two parts' (crc32Combine).
 */
export class XlsxSheet {
  readonly name: string;
  /** Rows written so far, header included. */
  private rowCount = 0;
  private readonly columnCount: number;
  /** Per column, how its number cells open: with the style of its number format, or plain. */
  private readonly numberCells: string[];
  /** Per column, the shared-string table if its text repeats. */
  private readonly shared: (SharedStrings | undefined)[];
  private pending = '';
  private readonly rows = new StreamingDeflate();
  private finished = false;

  constructor(
    name: string,
    columns: readonly XlsxColumn[],
    styleOf: (numberFormat: string | undefined) => number,
    private readonly sharedStrings: SharedStrings,
  ) {
    if (!/^[^[\]:*?/\\]{1,31}$/.test(name) || name.startsWith("'")) throw new Error(`"${name}" cannot be a sheet name`);
    this.name = name;
    this.columnCount = columns.length;
    this.numberCells = columns.map((column) => {
      const style = styleOf(column.numberFormat);
      return style ? `<c s="${style}"><v>` : '<c><v>';
    });
    this.shared = columns.map((column) => (column.repeats ? sharedStrings : undefined));
  }

  /**
   * One row, its cells from column A: numbers in the column's number format, text shared or inline
   * (see XlsxColumn). Rows and cells leave out their optional references (`r="K2"`): every row and
   * cell is there, in order, so readers count them. At 100,000 orders that is a quarter less XML to
   * build and compress, and a file half the size (references that never repeat compress badly).
   */
  addRow(cells: readonly XlsxCell[]): void {
    if (this.finished) throw new Error('The sheet is already finished');
    this.rowCount++;
    let xml = '<row>';
    for (let column = 0; column < cells.length; column++) {
      const value = cells[column]!;
      if (typeof value === 'number' && Number.isFinite(value)) {
        xml += `${this.numberCells[column] ?? '<c><v>'}${value}</v></c>`;
        continue;
      }
      const text = typeof value === 'string' ? value : String(value);
      // Empty text (no payment id, no invoice yet) is the commonest value of all: shared in any column.
      const shared = (text ? this.shared[column] : this.sharedStrings)?.indexOf(text);
      xml += shared === undefined ? `<c t="inlineStr"><is>${textElement(text)}</is></c>` : `<c t="s"><v>${shared}</v></c>`;
    }
    this.pending += `${xml}</row>`;
    if (this.pending.length >= BATCH_CHARS) this.flush(false);
  }

  private flush(final: boolean): void {
    this.rows.write(encoder.encode(final ? this.pending + SHEET_TAIL : this.pending));
    this.pending = '';
  }

  /** Ends the sheet: its whole XML, compressed. `widths` are in characters, one per column (see characterWidth). */
  async finish(widths: readonly number[]): Promise<Deflated> {
    if (this.finished) throw new Error('The sheet is already finished');
    this.flush(true);
    this.finished = true;
    const rows = await this.rows.end();
    const lastCell = `${columnLetter(Math.max(this.columnCount, 1) - 1)}${Math.max(this.rowCount, 1)}`;
    const cols = widths.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${characterWidth(width)}" customWidth="1"/>`).join('');
    const head = storedBlocks(
      `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${DOC_REL_NS}"><dimension ref="A1:${lastCell}"/>${FROZEN_HEADER_VIEW}<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
    );
    return { chunks: [...head.chunks, ...rows.chunks], size: head.size + rows.size, crc: crc32Combine(head.crc, rows.crc, rows.size) };
  }
}

/**
 * A workbook: makes its sheets (they share its cell styles and shared-string table) and assembles
 * the zip from those chosen, in the order chosen. The file comes back in parts, for a Blob: nothing
 * is copied into one large buffer.
 */
export class XlsxWorkbook {
  private readonly formats: string[] = [];
  private readonly sharedStrings = new SharedStrings();

  sheet(name: string, columns: readonly XlsxColumn[]): XlsxSheet {
    return new XlsxSheet(name, columns, (format) => this.styleOf(format), this.sharedStrings);
  }

  /** The cell style (index into cellXfs; 0 is plain) showing numbers in `format`. */
  private styleOf(format: string | undefined): number {
    if (format === undefined) return 0;
    let index = this.formats.indexOf(format);
    if (index < 0) index = this.formats.push(format) - 1;
    return index + 1;
  }

  /**
   * The .xlsx file's bytes, in parts: these sheets, in this order, each with its column widths in
   * characters (see characterWidth). The sheets are finished: no rows can be added afterwards.
   */
  async file(sheets: readonly { sheet: XlsxSheet; widths: readonly number[] }[]): Promise<Uint8Array<ArrayBuffer>[]> {
    if (!sheets.length) throw new Error('A workbook needs a sheet');
    if (new Set(sheets.map(({ sheet }) => sheet.name.toLowerCase())).size !== sheets.length) throw new Error('Two sheets have the same name');
    const text = (xml: string) => deflate(encoder.encode(xml));
    // The sheets compress while the small parts do; the shared-string table is complete once the rows are in.
    const entries: [path: string, content: Promise<Deflated>][] = [
      ['[Content_Types].xml', text(this.contentTypes(sheets.length))],
      ['_rels/.rels', text(`${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${DOC_REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`)],
      ['xl/workbook.xml', text(this.workbookXml(sheets.map(({ sheet }) => sheet.name)))],
      ['xl/_rels/workbook.xml.rels', text(this.workbookRels(sheets.length))],
      ['xl/styles.xml', text(this.stylesXml())],
      ['xl/sharedStrings.xml', text(this.sharedStrings.xml())],
      ...sheets.map(({ sheet, widths }, index): [string, Promise<Deflated>] => [`xl/worksheets/sheet${index + 1}.xml`, sheet.finish(widths)]),
    ];
    const contents = await Promise.all(entries.map(([, content]) => content));

    const parts: Uint8Array<ArrayBuffer>[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else parts.push(chunk);
    });
    entries.forEach(([path], index) => {
      const content = contents[index]!;
      // Bytes already deflated: fflate's Zip takes any stream of this shape (its ZipInputFile).
      const entry: ZipInputFile = { filename: path, size: content.size, crc: content.crc, compression: 8 };
      zip.add(entry);
      const chunks = content.chunks.length ? content.chunks : [new Uint8Array(0)];
      chunks.forEach((chunk, at) => entry.ondata!(null, chunk, at === chunks.length - 1));
    });
    zip.end();
    if (failure) throw failure;
    return parts;
  }

  private contentTypes(sheetCount: number): string {
    const type = (part: string) => `application/vnd.openxmlformats-officedocument.spreadsheetml.${part}+xml`;
    const sheets = Array.from({ length: sheetCount }, (_, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="${type('worksheet')}"/>`).join('');
    return (
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${type('sheet.main')}"/><Override PartName="/xl/styles.xml" ContentType="${type('styles')}"/>` +
      `<Override PartName="/xl/sharedStrings.xml" ContentType="${type('sharedStrings')}"/>${sheets}</Types>`
    );
  }

  private workbookXml(names: readonly string[]): string {
    const sheets = names.map((name, index) => `<sheet name="${escapeAttribute(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('');
    return `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${DOC_REL_NS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
  }

  private workbookRels(sheetCount: number): string {
    const sheets = Array.from({ length: sheetCount }, (_, index) => `<Relationship Id="rId${index + 1}" Type="${DOC_REL_NS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`).join('');
    const styles = `<Relationship Id="rId${sheetCount + 1}" Type="${DOC_REL_NS}/styles" Target="styles.xml"/>`;
    const sharedStrings = `<Relationship Id="rId${sheetCount + 2}" Type="${DOC_REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`;
    return `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}">${sheets}${styles}${sharedStrings}</Relationships>`;
  }

  /** Excel insists on one font, the two reserved fills and one border; each number format gets a cell style. */
  private stylesXml(): string {
    const numFmts = this.formats.map((code, index) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + index}" formatCode="${escapeAttribute(code)}"/>`).join('');
    const xfs = this.formats
      .map((_, index) => `<xf numFmtId="${FIRST_CUSTOM_FORMAT + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)
      .join('');
    return (
      `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
      (numFmts ? `<numFmts count="${this.formats.length}">${numFmts}</numFmts>` : '') +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.formats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}
