import { describe, expect, it } from 'vitest';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { amountInWords, documentFileName, draftCreditNote, draftInvoice, formatAmount, numberFromFileStem, numberInWords, type InvoicedOrder } from '../src/index.js';
import { formatIndiaDate } from '@pickles/shared/india-time';

const order: InvoicedOrder = {
  orderNumber: 'RP0000000001',
  customerName: '  Asha Verma ',
  flatNumber: '12B',
  street: 'Lodhi Street',
  area: ' ',
  city: 'New Delhi',
  state: 'tamilnadu',
  pincode: '600001',
  shippingPaise: 0,
  items: [
    { productId: 1, name: 'Royal Chicken Pickle', quantity: 1, lineTotalPaise: 50_000 },
    { productId: 3, name: 'Prawn Pickle', quantity: 2, lineTotalPaise: 130_000 },
  ],
};

describe('an invoice drafted from an order', () => {
  it('takes each product\'s HSN and rate from the configuration and the place of supply from the typed state', () => {
    const profile = sellerProfileFromEnv({ GST_PRODUCT_CLASSES: '3:0306:5' });
    const draft = draftInvoice(order, profile);
    expect(draft.placeOfSupply).toEqual({ name: 'Tamil Nadu', code: '33' });
    expect(draft.recipient).toEqual({ name: 'Asha Verma', address: { lines: ['12B', 'Lodhi Street'], city: 'New Delhi', pincode: '600001' }, state: { name: 'Tamil Nadu', code: '33' } });
    expect(draft.figures.supply).toBe('inter-state');
    // No shipping paid, no shipping line.
    expect(draft.figures.lines.map((line) => [line.description, line.hsn, line.ratePercent, line.taxablePaise, line.igstPaise])).toEqual([
      ['Royal Chicken Pickle', '1602', 12, 44_643, 5_357],
      ['Prawn Pickle', '0306', 5, 123_810, 6_190],
    ]);
    expect(draft.figures.totals.grossPaise).toBe(180_000);
    expect(draft.seller).toMatchObject({ gstin: '07AAAAA0000A1Z5', address: { state: 'Delhi', stateCode: '07' } });
  });

  it('taxes an item at the HSN and rate it was sold at, whatever the configuration says now', () => {
    const profile = sellerProfileFromEnv({ GST_PRODUCT_CLASSES: '3:0306:5' });
    const sold = { ...order, items: [order.items[0]!, { ...order.items[1]!, hsn: '2001', ratePercent: 18 }] };
    const draft = draftInvoice(sold, profile);
    expect(draft.figures.lines.map((line) => [line.description, line.hsn, line.ratePercent, line.taxablePaise, line.igstPaise])).toEqual([
      ['Royal Chicken Pickle', '1602', 12, 44_643, 5_357],
      ['Prawn Pickle', '2001', 18, 110_169, 19_831],
    ]);
  });

  it('keeps a state it cannot recognise as typed, without a code, and taxes it as another state\'s', () => {
    const draft = draftInvoice({ ...order, state: ' Dilli ' }, sellerProfileFromEnv({}));
    expect(draft.placeOfSupply).toEqual({ name: 'Dilli', code: null });
    expect(draft.figures.supply).toBe('inter-state');
    expect(draft.figures.totals.cgstPaise).toBe(0);
  });

  it('copies the seller, so a later change to the profile does not reach it', () => {
    const profile = sellerProfileFromEnv({});
    const draft = draftInvoice(order, profile);
    profile.address.lines.push('Moved');
    expect(draft.seller.address.lines).toEqual(['FAKE 0 Example Lane', 'Chandni Chowk']);
  });

  it('drafts a credit note for a refund against the invoice, with its recipient and place of supply', () => {
    const profile = sellerProfileFromEnv({});
    const invoice = { ...draftInvoice(order, profile), number: 'RP/26-27/000001', issuedAt: new Date('2026-04-01T00:00:00Z') };
    const note = draftCreditNote(invoice, 18_000, profile);
    expect(note).toMatchObject({ kind: 'credit-note', orderNumber: 'RP0000000001', placeOfSupply: invoice.placeOfSupply, recipient: invoice.recipient, invoice: { number: 'RP/26-27/000001', issuedAt: invoice.issuedAt } });
    // 50000 : 130000 of 18000 -> 5000 and 13000.
    expect(note.figures.lines.map((line) => line.grossPaise)).toEqual([5_000, 13_000]);
    expect(note.figures.totals.grossPaise).toBe(18_000);
  });
});

describe('printing helpers', () => {
  it('names the PDF after the number, slashes replaced, and reads the number back', () => {
    expect(documentFileName('RP/26-27/000042')).toBe('RP-26-27-000042.pdf');
    expect(numberFromFileStem('RPC-26-27-000007')).toBe('RPC/26-27/000007');
    expect(numberFromFileStem('RPX-26-27-000007')).toBeUndefined();
    expect(numberFromFileStem('RP-26-27-42')).toBeUndefined();
  });

  it('writes amounts with Indian digit grouping and dates in India time', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(99_999)).toBe('999.99');
    expect(formatAmount(1_234_567_89)).toBe('12,34,567.89');
    expect(formatIndiaDate(new Date('2027-03-31T18:29:59Z'))).toBe('31 Mar 2027');
    expect(formatIndiaDate(new Date('2027-03-31T18:30:00Z'))).toBe('1 Apr 2027');
  });

  it('spells amounts the Indian way', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(115)).toBe('One Hundred Fifteen');
    expect(numberInWords(1_234_567)).toBe('Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven');
    expect(numberInWords(250_000_000)).toBe('Twenty Five Crore');
    expect(amountInWords(125_050)).toBe('Rupees One Thousand Two Hundred Fifty and Fifty Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
  });
});

describe('an invoice of an order that used a discount code (decision 028)', () => {
  // The decision's worked example: two jars at ₹500, a 10% code, GST 5%, shipped within Delhi.
  const discounted: InvoicedOrder = {
    ...order,
    state: 'Delhi',
    shippingPaise: 15_000,
    discountCode: 'LAUNCH10',
    discountPaise: 10_000,
    items: [{ productId: 1, name: 'Royal Chicken Pickle', quantity: 2, lineTotalPaise: 100_000, discountPaise: 10_000 }],
  };
  const profile = sellerProfileFromEnv({ GST_PRODUCT_CLASSES: '1:2001:5' });

  it('taxes each line on its value after the discount, to the paisa, and shows the discount', () => {
    const figures = draftInvoice(discounted, profile).figures;
    expect(figures.discountCode).toBe('LAUNCH10');
    expect(figures.lines.map((line) => [line.description, line.grossPaise, line.discountPaise, line.taxablePaise, line.cgstPaise, line.sgstPaise])).toEqual([
      ['Royal Chicken Pickle', 90_000, 10_000, 85_714, 2_143, 2_143],
      ['Shipping and handling', 15_000, undefined, 14_286, 357, 357],
    ]);
    expect(figures.totals).toEqual({ grossPaise: 105_000, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0, taxPaise: 5_000 });
  });

  it('prints a free-shipping code as a shipping line of ₹0 with its discount, taxed at nothing', () => {
    const freeShipping = { ...discounted, discountCode: 'FREESHIP', discountPaise: 15_000, items: [{ ...discounted.items[0]!, discountPaise: 0 }] };
    const figures = draftInvoice(freeShipping, profile).figures;
    expect(figures.lines.map((line) => [line.description, line.grossPaise, line.discountPaise ?? 0, line.cgstPaise + line.sgstPaise])).toEqual([
      ['Royal Chicken Pickle', 100_000, 0, 4_762],
      ['Shipping and handling', 0, 15_000, 0],
    ]);
    expect(figures.totals.grossPaise).toBe(100_000);
  });

  it('credits refunds over what was paid for each line, so the discount is prorated, and a full refund reverses it exactly', () => {
    const invoice = { ...draftInvoice(discounted, profile), number: 'RP/26-27/000002', issuedAt: new Date('2026-12-01T00:00:00Z') };
    const first = draftCreditNote(invoice, 52_500, profile);
    // 90000 : 15000 of 52500 -> 45000 and 7500.
    expect(first.figures.lines.map((line) => [line.grossPaise, line.taxablePaise, line.cgstPaise, line.sgstPaise])).toEqual([
      [45_000, 42_857, 1_072, 1_071],
      [7_500, 7_143, 178, 179],
    ]);
    const rest = draftCreditNote(invoice, 52_500, profile, [first.figures]);
    expect(rest.figures.lines.every((line) => line.discountPaise === undefined)).toBe(true);
    for (const amount of ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise'] as const) {
      expect(first.figures.totals[amount] + rest.figures.totals[amount]).toBe(invoice.figures.totals[amount]);
    }
  });
});
