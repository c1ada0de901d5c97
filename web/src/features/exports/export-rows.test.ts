import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@pickles/shared';
import { EXPORT_FILE_NAMES, fileDate, neutraliseFormula, toExportRow, toTxtLine } from './export-rows.js';

const order: AdminOrder = {
  _id: '5b0c1e9e-0000-4000-8000-000000000001',
  orderId: 'RP250510-ABCDEF',
  razorpayPaymentId: 'pay_ABC123',
  customerInfo: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
  deliveryAddress: { flatNumber: '12B', street: 'MG Road', area: 'Green Park', city: 'New Delhi', state: 'Delhi', pincode: '110016' },
  amount: 1150,
  items: [
    { name: 'Royal Chicken Pickle', quantity: 2 },
    { name: 'Shahi Mutton Kofta Pickle', quantity: 1 },
  ],
  status: 'paid',
  paymentStatus: 'paid',
  createdAt: '2025-05-10T06:30:00.000Z',
  updatedAt: '2025-05-10T06:30:00.000Z',
};

describe('export rows', () => {
  it('follow the spec: address "flat, street, area, city, state - pincode", items "name (Qty: n)" joined by commas, amount as a number', () => {
    const row = toExportRow(order);
    expect(row.slice(0, 10)).toEqual([
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
    ]);
    expect(row[10]).toMatch(/10\/5\/2025.*12:00:00/i);
  });

  it('dates read as toLocaleString in India time would show them', () => {
    for (const iso of ['2025-05-10T06:30:00.000Z', '2025-12-31T18:29:59.000Z', '2025-01-01T00:00:00.000Z']) {
      expect(toExportRow({ ...order, createdAt: iso })[10]).toBe(new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }));
    }
  });

  it('an order without a payment id exports an empty PaymentID', () => {
    const { razorpayPaymentId: _omit, ...unpaid } = order;
    expect(toExportRow(unpaid)[1]).toBe('');
  });

  it('neutralises values a spreadsheet would run as formulas', () => {
    for (const evil of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(neutraliseFormula(evil)).toBe(`'${evil}`);
    for (const fine of ['Asha', '9876543210', "O'Brien", 'a=b']) expect(neutraliseFormula(fine)).toBe(fine);
    expect(toExportRow({ ...order, customerInfo: { ...order.customerInfo, name: '=HYPERLINK("x")' } })[2]).toBe(`'=HYPERLINK("x")`);
  });

  it('TXT lines are tab-separated with tabs and line breaks inside values flattened', () => {
    expect(toTxtLine(['a\tb', 'c\nd', 'e'])).toBe('a b\tc d\te');
  });

  it('file names carry the date as YYYY-MM-DD', () => {
    const date = fileDate(new Date('2025-05-10T12:00:00Z'));
    expect(date).toBe('2025-05-10');
    expect(Object.values(EXPORT_FILE_NAMES).map((name) => name(date))).toEqual([
      'All_Orders_Export_2025-05-10.xlsx',
      'Current_View_Orders_2025-05-10.xlsx',
      'All_Orders_2025-05-10.txt',
      'Current_View_Orders_2025-05-10.txt',
    ]);
  });
});
