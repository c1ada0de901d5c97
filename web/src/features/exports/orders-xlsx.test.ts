import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { COMPLETE_EXCEL_SHEETS, EXPORT_COLUMNS, toExportRow } from './export-rows.js';
import { order } from './order.fixture.js';
import { MAX_COLUMN_WIDTH, OrdersWorkbook } from './orders-xlsx.js';
import { joinParts, unzipChecked } from './xlsx.fixture.js';

const longItems = Array.from({ length: 12 }, (_, i) => ({ name: `Heritage Pickle ${i}`, quantity: i + 1 }));
const late = toExportRow({ ...order, orderId: 'RP251231-LATE', amount: 123456.5, invoice: { number: 'RP/25-26/000042', taxableValue: 110229.02, cgst: 0, sgst: 0, igst: 13227.48, placeOfSupply: 'Maharashtra (27)' }, discount: { code: 'LAUNCH10', amount: 1250.5 }, createdAt: '2025-12-31T18:29:00.000Z', items: longItems, customerInfo: { ...order.customerInfo, name: '=HYPERLINK("x")' } });

/** Orders arrive in any status order; the sheets still come in the workbook's order. */
async function writeFile(): Promise<Uint8Array> {
  const workbook = new OrdersWorkbook(COMPLETE_EXCEL_SHEETS);
  workbook.add('delivered', toExportRow({ ...order, status: 'delivered' }));
  workbook.add('paid', toExportRow(order));
  workbook.add('paid', late);
  return joinParts(await workbook.file());
}
const file = await writeFile();
const book = XLSX.read(file, { cellNF: true, cellStyles: true });
const sheetXml = (index: number): string => new TextDecoder().decode(unzipChecked(file)[`xl/worksheets/sheet${index}.xml`]);

describe('Excel workbook of orders', () => {
  it('one sheet per status with orders, in the given order, the header then one row per order', () => {
    expect(book.SheetNames).toEqual(['paid', 'delivered']);
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.paid!, { header: 1 });
    expect(table[0]).toEqual(['OrderID', 'PaymentID', 'Name', 'Email', 'Phone', 'Address', 'Amount', 'Status', 'PaymentStatus', 'Items', 'CreatedAt', 'Pincode', 'City', 'State', 'InvoiceNumber', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'PlaceOfSupply', 'DiscountCode', 'Discount']);
    expect(table.map((row) => row[0])).toEqual(['OrderID', 'RP250510-ABCDEF', 'RP251231-LATE']);
    expect(table[1]!.slice(7, 14)).toEqual(['paid', 'paid', 'Royal Chicken Pickle (Qty: 2), Shahi Mutton Kofta Pickle (Qty: 1)', expect.any(Date), '110016', 'New Delhi', 'Delhi']);
    // No invoice yet and no discount code: the six invoice cells and the two discount cells are there, empty.
    expect(table[1]!.slice(14)).toEqual(['', '', '', '', '', '', '', '']);
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.delivered!, { header: 1 })[1]![7]).toBe('delivered');
  });

  it('CreatedAt is a date cell holding the wall-clock time in India', () => {
    const sheet = book.Sheets.paid!;
    for (const [ref, shown, parts] of [
      ['K2', '10/05/2025 12:00', { y: 2025, m: 5, d: 10, H: 12, M: 0 }],
      // 18:29 UTC on 31 Dec is 23:59 in India, still 2025.
      ['K3', '31/12/2025 23:59', { y: 2025, m: 12, d: 31, H: 23, M: 59 }],
    ] as const) {
      const cell = sheet[ref] as XLSX.CellObject;
      expect(cell.t).toBe('n');
      expect(cell.z).toBe('dd/mm/yyyy hh:mm');
      expect(XLSX.SSF.is_date(String(cell.z))).toBe(true);
      expect(cell.w).toBe(shown);
      expect(XLSX.SSF.parse_date_code(cell.v as number)).toMatchObject(parts);
    }
  });

  it('Amount stays a number, shown in rupees with grouping', () => {
    const cell = book.Sheets.paid!.G3 as XLSX.CellObject;
    expect(cell).toMatchObject({ t: 'n', v: 123456.5, w: '₹123,456.50' });
  });

  it("the invoice's figures are rupee numbers, like Amount", () => {
    const sheet = book.Sheets.paid!;
    expect(sheet.O3).toMatchObject({ t: 's', v: 'RP/25-26/000042' });
    expect(sheet.P3).toMatchObject({ t: 'n', v: 110229.02, w: '₹110,229.02' });
    expect(sheet.Q3).toMatchObject({ t: 'n', v: 0, w: '₹0.00' });
    expect(sheet.S3).toMatchObject({ t: 'n', v: 13227.48, w: '₹13,227.48' });
    expect(sheet.T3).toMatchObject({ t: 's', v: 'Maharashtra (27)' });
  });

  it('the discount code is text and its discount a rupee number (decision 028)', () => {
    const sheet = book.Sheets.paid!;
    expect(sheet.U3).toMatchObject({ t: 's', v: 'LAUNCH10' });
    expect(sheet.V3).toMatchObject({ t: 'n', v: 1250.5, w: '₹1,250.50' });
  });

  it('formula-looking text stays text with its apostrophe', () => {
    const cell = book.Sheets.paid!.C3 as XLSX.CellObject;
    expect(cell.t).toBe('s');
    expect(cell.f).toBeUndefined();
    expect(cell.v).toBe(`'=HYPERLINK("x")`);
  });

  it('columns are as wide as their content, capped', () => {
    const widths = (book.Sheets.paid!['!cols'] ?? []).map((col) => col.wch ?? 0);
    expect(widths).toHaveLength(22);
    const [orderId, , , , phone, address, amount, status, , items, createdAt, pincode] = widths;
    expect(orderId).toBe('RP250510-ABCDEF'.length + 2);
    expect(phone).toBe('9876543210'.length + 2);
    expect(address).toBe('12B, MG Road, Green Park, New Delhi, Delhi - 110016'.length + 2);
    expect(amount).toBe('₹123,456.50'.length + 2);
    expect(status).toBe('Status'.length + 2);
    expect(items).toBe(MAX_COLUMN_WIDTH);
    expect(createdAt).toBe('dd/mm/yyyy hh:mm'.length + 2);
    expect(pincode).toBe('Pincode'.length + 2);
    // A rupee column is as wide as its header or its largest figure as shown, whichever is wider.
    expect(widths.slice(15, 19)).toEqual(['TaxableValue'.length + 2, 'CGST'.length + 2, 'SGST'.length + 2, '₹13,227.48'.length + 2]);
  });

  it('every sheet has its header row frozen', () => {
    for (const index of [1, 2]) {
      expect(sheetXml(index)).toContain('<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>');
    }
    expect(book.Sheets.delivered!.N2).toMatchObject({ v: 'Delhi' });
  });

  it('with no orders, the first sheet is there with its header row', async () => {
    const empty = XLSX.read(joinParts(await new OrdersWorkbook(COMPLETE_EXCEL_SHEETS).file()));
    expect(empty.SheetNames).toEqual(['paid']);
    expect(XLSX.utils.sheet_to_json<unknown[]>(empty.Sheets.paid!, { header: 1 })).toEqual([[...EXPORT_COLUMNS]]);
  });

  it('refuses a sheet the export does not have', () => {
    expect(() => new OrdersWorkbook(['Current_View']).add('paid', toExportRow(order))).toThrow(/No sheet "paid"/);
  });
});
