import { describe, expect, it } from 'vitest';
import { courierToStore, createRefundSchema, matchCourier, parseDispatchLines, recordDispatchSchema, storedCourier } from './admin-order-requests.js';
import { fieldErrors } from './validation.js';

describe('dispatch lines', () => {
  it('reads spreadsheet (tab) and typed (comma) lines, skips blanks and the heading, and says why a line is refused', () => {
    const text = ['Order number,Courier,AWB', 'rp1\tBlue Dart\tBD-1234', '', ' RP2 , india post , "EE123456789IN" ', 'RP3,dhl,D1234', 'RP1,dtdc,D1234'].join('\n');
    expect(parseDispatchLines(text)).toEqual([
      { line: 2, text: 'rp1\tBlue Dart\tBD-1234', orderNumber: 'RP1', courierId: 'bluedart', awb: 'BD-1234' },
      { line: 4, text: 'RP2 , india post , "EE123456789IN"', orderNumber: 'RP2', courierId: 'india-post', awb: 'EE123456789IN' },
      { line: 5, text: 'RP3,dhl,D1234', reason: expect.stringMatching(/^Unknown courier "dhl"/) },
      { line: 6, text: 'RP1,dtdc,D1234', reason: 'Order RP1 is already on line 2' },
    ]);
  });

  it('matches couriers by id or name, ignoring case and punctuation', () => {
    expect(['bluedart', 'Blue Dart', 'BLUE-DART'].map((text) => matchCourier(text)?.id)).toEqual(['bluedart', 'bluedart', 'bluedart']);
    expect(matchCourier('India Post (Speed Post)')?.id).toBe('india-post');
    expect(matchCourier('  ')).toBeUndefined();
  });

  it('stores "other" as the name the owner typed, and reads it back', () => {
    expect(courierToStore('delhivery')).toBe('delhivery');
    expect(courierToStore('other', 'Professional Couriers')).toBe('Professional Couriers');
    expect(courierToStore('other', 'blue dart')).toBe('bluedart');
    expect(storedCourier('Professional Couriers')).toEqual({ courierId: 'other', courierName: 'Professional Couriers' });
    expect(storedCourier('dtdc')).toEqual({ courierId: 'dtdc', courierName: 'DTDC' });
  });
});

describe('forms', () => {
  it('a dispatch form with empty optional fields is valid for a known courier, not for another one', () => {
    expect(recordDispatchSchema.parse({ courierId: 'ekart', courierName: '', awb: 'EK12345', trackingUrl: '' })).toEqual({ courierId: 'ekart', awb: 'EK12345' });
    const other = recordDispatchSchema.safeParse({ courierId: 'other', courierName: '', awb: 'EK12345', trackingUrl: 'javascript:alert(1)' });
    expect(other.success ? {} : fieldErrors(other.error)).toEqual({
      courierName: "Enter the courier's name",
      trackingUrl: "Enter the courier's tracking link (an https:// address)",
    });
  });

  it('a refund takes rupees with at most two decimals', () => {
    const key = 'k'.repeat(16);
    expect(createRefundSchema.safeParse({ amount: 0.1 + 0.2, reason: 'Broken jar', requestKey: key }).success).toBe(true);
    expect(createRefundSchema.safeParse({ amount: 99.999, reason: 'Broken jar', requestKey: key }).success).toBe(false);
    expect(createRefundSchema.safeParse({ amount: -1, reason: 'Broken jar', requestKey: key }).success).toBe(false);
  });
});
