// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { XlsxWorkbook, columnLetter, type XlsxCell } from './xlsx-writer.js';
import { joinParts, unzipChecked } from './xlsx.fixture.js';

const tricky = ['a & b < c > d "e" \'f\'', '  padded  ', 'tab\there', 'line\nbreak', 'bell\u0007 and \u0001', 'नमस्ते ₹ 😀', '_x0041_ stays', ''];

async function write(rows: readonly (readonly XlsxCell[])[], columns = [{}, { numberFormat: '0.00' }, { repeats: true }]): Promise<Uint8Array> {
  const book = new XlsxWorkbook();
  const sheet = book.sheet('Data & more', columns);
  for (const row of rows) sheet.addRow(row);
  return joinParts(await book.file([{ sheet, widths: columns.map(() => 10) }]));
}

const lettersToIndex = (letters: string): number => [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;

/**
 * A second reader, independent of SheetJS: the zip checked entry by entry (CRC-32 and sizes), every
 * part parsed as XML by jsdom, and the cells read straight from the sheet's XML.
 */
function readByHand(file: Uint8Array): { parts: Record<string, Document>; cells: Map<string, { type: string | null; style: string | null; value: string }> } {
  const parts: Record<string, Document> = {};
  for (const [path, bytes] of Object.entries(unzipChecked(file))) {
    const doc = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) throw new Error(`${path} is not well-formed XML`);
    parts[path] = doc;
  }
  // Walked child by child: jsdom's live element lists make lookups on a large sheet quadratic.
  const children = (element: Element): Element[] => {
    const list: Element[] = [];
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) list.push(child);
    return list;
  };
  const childNamed = (element: Element, name: string) => children(element).find((child) => child.localName === name);
  const shared = children(parts['xl/sharedStrings.xml']!.documentElement).map((si) => si.textContent ?? '');
  const cells = new Map<string, { type: string | null; style: string | null; value: string }>();
  const sheetData = childNamed(parts['xl/worksheets/sheet1.xml']!.documentElement, 'sheetData')!;
  // A row or cell without its optional reference (r) is the one after the previous (ECMA-376 18.3.1.4, 18.3.1.73).
  let rowNumber = 0;
  for (const row of children(sheetData)) {
    rowNumber = Number(row.getAttribute('r') ?? rowNumber + 1);
    let column = -1;
    for (const c of children(row)) {
      const ref = c.getAttribute('r') ?? `${columnLetter(column + 1)}${rowNumber}`;
      column = lettersToIndex(/^[A-Z]+/.exec(ref)![0]);
      const type = c.getAttribute('t');
      const raw = (type === 'inlineStr' ? childNamed(childNamed(c, 'is')!, 't') : childNamed(c, 'v'))?.textContent ?? '';
      cells.set(ref, { type, style: c.getAttribute('s'), value: type === 's' ? shared[Number(raw)]! : raw });
    }
  }
  return { parts, cells };
}

describe('xlsx writer', () => {
  it('text comes back exactly, markup and all, whether inline or in the shared-string table', async () => {
    const file = await write(tricky.map((text) => [text, 1, text]));
    const sheet = XLSX.read(file).Sheets['Data & more']!;
    tricky.forEach((text, index) => {
      expect(sheet[`A${index + 1}`]).toMatchObject({ t: 's', v: text });
      expect(sheet[`C${index + 1}`]).toMatchObject({ t: 's', v: text });
    });
    const { cells } = readByHand(file);
    expect(cells.get('A1')).toMatchObject({ type: 'inlineStr', value: tricky[0] });
    expect(cells.get('C1')).toMatchObject({ type: 's', value: tricky[0] });
    // Leading and trailing spaces are kept; characters XML cannot hold are written as Excel's _xHHHH_.
    expect(cells.get('A2')!.value).toBe('  padded  ');
    expect(cells.get('A5')!.value).toBe('bell_x0007_ and _x0001_');
    expect(cells.get('A7')!.value).toBe('_x005F_x0041_ stays');
  });

  it('numbers are number cells in their column format; a number that is not finite is written as text', async () => {
    const file = await write([['x', 1234.5, 'y'], ['x', Number.NaN, 'y'], ['x', 7, 'y']]);
    const sheet = XLSX.read(file, { cellNF: true }).Sheets['Data & more']!;
    expect(sheet.B1).toMatchObject({ t: 'n', v: 1234.5, z: '0.00', w: '1234.50' });
    expect(sheet.B2).toMatchObject({ t: 's', v: 'NaN' });
    expect(readByHand(file).cells.get('B3')).toMatchObject({ type: null, style: '1', value: '7' });
  });

  it('a sheet of many rows comes back whole, every part well-formed and every CRC right', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`row ${i} ${'x'.repeat(i % 50)}`, i, `group ${i % 7}`]);
    const file = await write(rows);
    const { parts, cells } = readByHand(file);
    expect(Object.keys(parts).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(cells.get('A5000')!.value).toBe(`row 4999 ${'x'.repeat(4999 % 50)}`);
    expect(cells.get('C5000')).toMatchObject({ type: 's', value: 'group 1' });
    expect(parts['xl/worksheets/sheet1.xml']!.documentElement.firstElementChild!.getAttribute('ref')).toBe('A1:C5000');
    const sheet = XLSX.read(file).Sheets['Data & more']!;
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })).toEqual(rows);
  });

  it('past 10,000 distinct values a repeating column writes new ones inline', async () => {
    const rows = Array.from({ length: 10_005 }, (_, i) => ['x', 0, `value ${i}`]);
    const { cells } = readByHand(await write(rows));
    expect(cells.get('C10000')).toMatchObject({ type: 's', value: 'value 9999' });
    expect(cells.get('C10005')).toMatchObject({ type: 'inlineStr', value: 'value 10004' });
  });

  it('sheet names Excel refuses, and the same name twice, are refused', async () => {
    const book = new XlsxWorkbook();
    for (const name of ['a/b', 'what?', "'quoted", 'x'.repeat(32), '']) expect(() => book.sheet(name, [])).toThrow(/cannot be a sheet name/);
    const sheets = [book.sheet('Paid', []), book.sheet('paid', [])].map((sheet) => ({ sheet, widths: [] }));
    await expect(book.file(sheets)).rejects.toThrow(/same name/);
  });

  it('column letters run A to Z, then AA', () => {
    expect([0, 19, 25, 26, 51, 701, 702].map(columnLetter)).toEqual(['A', 'T', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });
});
