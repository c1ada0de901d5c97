import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, EXPORT_FILE_NAMES, fileDate, formatExportDate, neutraliseFormula, toExportRow, toTxtLine } from './export-rows.js';
import { order } from './order.fixture.js';

describe('export rows', () => {
  it("hold the spec's columns in the spec's order, then Pincode, City and State, then the invoice's, then the discount code's", () => {
    expect(EXPORT_COLUMNS).toEqual(['OrderID', 'PaymentID', 'Name', 'Email', 'Phone', 'Address', 'Amount', 'Status', 'PaymentStatus', 'Items', 'CreatedAt', 'Pincode', 'City', 'State', 'InvoiceNumber', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'PlaceOfSupply', 'DiscountCode', 'Discount']);
    expect(toExportRow(order)).toEqual([
      'RP250510-ABCDEF',
      'pay_ABC123',
      'Asha Verma',
      'asha@example.in',
      '9876543210',
      '12B, MG Road, Green Park, New Delhi, Delhi - 110016',
      1150,
      'paid',
      'paid',
      'Royal Chicken Pickle (Qty: 2), Shahi Mutton Kofta Pickle (Qty: 1)',
      new Date('2025-05-10T06:30:00.000Z'),
      '110016',
      'New Delhi',
      'Delhi',
      // No tax invoice issued yet: the invoice's columns stay empty.
      '',
      '',
      '',
      '',
      '',
      '',
      // No discount code: empty.
      '',
      '',
    ]);
  });

  it('carry the discount code and what it took off (decision 028)', () => {
    const discounted = { ...order, amount: 1050, discount: { code: 'LAUNCH10', amount: 100.5 } };
    expect(toExportRow(discounted).slice(20)).toEqual(['LAUNCH10', 100.5]);
    expect(toTxtLine(toExportRow(discounted)).split('\t').slice(20)).toEqual(['LAUNCH10', '100.5']);
  });

  it("carry the GST invoice's number, taxable value, CGST, SGST, IGST and place of supply for GSTR-1", () => {
    const invoiced = { ...order, invoice: { number: 'RP/25-26/000042', taxableValue: 535.72, cgst: 32.15, sgst: 32.13, igst: 0, placeOfSupply: 'Delhi (07)' } };
    expect(toExportRow(invoiced).slice(14, 20)).toEqual(['RP/25-26/000042', 535.72, 32.15, 32.13, 0, 'Delhi (07)']);
    expect(toTxtLine(toExportRow(invoiced)).split('\t').slice(14, 20)).toEqual(['RP/25-26/000042', '535.72', '32.15', '32.13', '0', 'Delhi (07)']);
  });

  it('an order without a payment id exports an empty PaymentID', () => {
    const { razorpayPaymentId: _omit, ...unpaid } = order;
    expect(toExportRow(unpaid)[1]).toBe('');
  });

  it('neutralises values a spreadsheet would run as formulas, in the split address too', () => {
    for (const evil of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(neutraliseFormula(evil)).toBe(`'${evil}`);
    for (const fine of ['Asha', '9876543210', "O'Brien", 'a=b']) expect(neutraliseFormula(fine)).toBe(fine);
    expect(toExportRow({ ...order, customerInfo: { ...order.customerInfo, name: '=HYPERLINK("x")' } })[2]).toBe(`'=HYPERLINK("x")`);
    expect(toExportRow({ ...order, deliveryAddress: { ...order.deliveryAddress, city: '=cmd' } })[12]).toBe(`'=cmd`);
  });

  it('TXT lines: tab-separated, CreatedAt in India time as the panel shows it, Pincode, City and State last', () => {
    const fields = toTxtLine(toExportRow(order)).split('\t');
    expect(fields).toHaveLength(22);
    expect(fields[6]).toBe('1150');
    expect(fields[10]).toMatch(/^10\/5\/2025, 12:00:00\spm$/i);
    expect(fields.slice(11, 14)).toEqual(['110016', 'New Delhi', 'Delhi']);
    for (const iso of ['2025-12-31T18:29:59.000Z', '2025-01-01T00:00:00.000Z']) {
      expect(toTxtLine(toExportRow({ ...order, createdAt: iso })).split('\t')[10]).toBe(new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }));
    }
  });

  it('TXT dates read exactly as toLocaleString writes them in India, at every hour and second, also where the offset was not 5:30', () => {
    const instants = [
      ...Array.from({ length: 24 * 4 }, (_, quarter) => Date.UTC(2025, 4, 10) + quarter * 15 * 60_000 + (quarter % 60) * 1000),
      ...Array.from({ length: 500 }, (_, i) => Date.UTC(2020, 0, 1) + i * 7_654_321_987),
      Date.UTC(2025, 11, 31, 18, 29, 59, 999),
      Date.UTC(2025, 11, 31, 18, 30),
      Date.UTC(1941, 5, 1, 12, 34, 56),
      Date.UTC(1899, 0, 1, 0, 0, 1),
    ];
    for (const instant of instants) {
      const date = new Date(instant);
      expect(formatExportDate(date), date.toISOString()).toBe(date.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }));
    }
    expect(() => formatExportDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('TXT lines flatten tabs and line breaks inside values', () => {
    expect(toTxtLine(['a\tb', 'c\nd', 'e'])).toBe('a b\tc d\te');
  });

  it("file names carry India's date: 05:00 IST on 23 Nov is still 22 Nov in UTC", () => {
    expect(fileDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(fileDate(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(fileDate(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
    expect(Object.values(EXPORT_FILE_NAMES).map((name) => name('2026-11-23'))).toEqual([
      'All_Orders_Export_2026-11-23.xlsx',
      'Current_View_Orders_2026-11-23.xlsx',
      'All_Orders_2026-11-23.txt',
      'Current_View_Orders_2026-11-23.txt',
    ]);
  });
});
