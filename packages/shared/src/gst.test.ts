import { prng } from '@pickles/test-kit/random';
import { describe, expect, it } from 'vitest';
import { allocate, creditNoteFigures, documentNumber, financialYear, halves, invoiceFigures, splitInclusive, type TaxFigures } from './gst.js';
import { findIndianState } from './indian-states.js';

/*
 * Hand-worked examples (prices include GST; the tax is taken out):
 *
 * A. One jar at ₹500 + ₹100 shipping, GST 12%, Delhi seller, delivered in Delhi (CGST + SGST):
 *    jar      50000 × 100/112 = 44642.857… -> taxable 44643, tax 5357 -> CGST 2679 (the first odd paisa), SGST 2678
 *    shipping 10000 × 100/112 =  8928.571… -> taxable  8929, tax 1071 -> CGST  535, SGST  536 (the next odd one)
 *    totals: taxable 53572, CGST 3214, SGST 3214, tax 6428; 53572 + 6428 = 60000 = what was paid.
 * B. The same order delivered in Maharashtra: IGST 5357 + 1071 = 6428, no CGST or SGST.
 * C. Three jars, ₹1,500 + ₹200 shipping, GST 5%:
 *    150000 × 100/105 = 142857.142… -> 142857, tax 7143; 20000 × 100/105 = 19047.619… -> 19048, tax 952.
 * D. A refund of ₹300 on order A: shared 5:1 by what was paid -> jar 25000, shipping 5000;
 *    25000 × 100/112 = 22321.428… -> 22321, tax 2679 -> 1340 + 1339; 5000 -> 4464.285… -> 4464, tax 536 -> 268 + 268.
 */
const JAR = { description: 'Royal Chicken Pickle (350 g)', hsn: '1602', ratePercent: 12, quantity: 1, grossPaise: 50_000 };

describe('splitInclusive', () => {
  it('takes 12% out of ₹500 and ₹100 as worked by hand', () => {
    expect(splitInclusive(50_000, 12)).toEqual({ taxablePaise: 44_643, taxPaise: 5_357 });
    expect(splitInclusive(10_000, 12)).toEqual({ taxablePaise: 8_929, taxPaise: 1_071 });
    expect(splitInclusive(150_000, 5)).toEqual({ taxablePaise: 142_857, taxPaise: 7_143 });
  });

  it('rounds a half paisa up and always adds back to the gross', () => {
    // 105 × 100/105 = 100 exactly; 1 paisa at 100%: 0.5 -> 1
    expect(splitInclusive(105, 5)).toEqual({ taxablePaise: 100, taxPaise: 5 });
    expect(splitInclusive(1, 100)).toEqual({ taxablePaise: 1, taxPaise: 0 });
    for (let gross = 0; gross < 5_000; gross += 7) {
      for (const rate of [0, 2.5, 5, 12, 18, 28]) {
        const { taxablePaise, taxPaise } = splitInclusive(gross, rate);
        expect(taxablePaise + taxPaise).toBe(gross);
        expect(Math.abs(taxablePaise * (1 + rate / 100) - gross)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses fractions of a paisa and rates that are not rates', () => {
    expect(() => splitInclusive(10.5, 12)).toThrow(RangeError);
    expect(() => splitInclusive(100, -1)).toThrow(RangeError);
    expect(() => splitInclusive(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('halves and allocate', () => {
  it('gives the odd paisa to the half it is told to', () => {
    expect(halves(5_357)).toEqual({ cgstPaise: 2_679, sgstPaise: 2_678 });
    expect(halves(5_357, 'sgst')).toEqual({ cgstPaise: 2_678, sgstPaise: 2_679 });
    expect(halves(1_072, 'sgst')).toEqual({ cgstPaise: 536, sgstPaise: 536 });
  });

  it('shares out exactly, largest remainders first, ties to the earlier share', () => {
    expect(allocate(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(30_000, [50_000, 10_000])).toEqual([25_000, 5_000]);
    // 10 × 3/7 = 4.29, 4.29; 10 × 1/7 = 1.43: floors 4 + 4 + 1, the last paisa to the largest remainder (0.43).
    expect(allocate(10, [3, 3, 1])).toEqual([4, 4, 2]);
    expect(allocate(7, [1, 1]).reduce((a, b) => a + b)).toBe(7);
  });
});

describe('invoiceFigures', () => {
  it('A: Delhi to Delhi splits each line into CGST and SGST, shipping at the jar\'s rate', () => {
    const figures = invoiceFigures({ products: [JAR], shippingPaise: 10_000, sellerStateCode: '07', placeOfSupplyCode: '07' });
    expect(figures.supply).toBe('intra-state');
    expect(figures.lines.map(({ description, hsn, taxablePaise, cgstPaise, sgstPaise, igstPaise }) => ({ description, hsn, taxablePaise, cgstPaise, sgstPaise, igstPaise }))).toEqual([
      { description: 'Royal Chicken Pickle (350 g)', hsn: '1602', taxablePaise: 44_643, cgstPaise: 2_679, sgstPaise: 2_678, igstPaise: 0 },
      { description: 'Shipping and handling', hsn: '1602', taxablePaise: 8_929, cgstPaise: 535, sgstPaise: 536, igstPaise: 0 },
    ]);
    // ₹32.14 each: the odd paisa of the second odd line goes to SGST.
    expect(figures.totals).toEqual({ grossPaise: 60_000, taxablePaise: 53_572, cgstPaise: 3_214, sgstPaise: 3_214, igstPaise: 0, taxPaise: 6_428 });
  });

  it('B: Delhi to Maharashtra is IGST only, same tax', () => {
    const figures = invoiceFigures({ products: [JAR], shippingPaise: 10_000, sellerStateCode: '07', placeOfSupplyCode: '27' });
    expect(figures.supply).toBe('inter-state');
    expect(figures.totals).toEqual({ grossPaise: 60_000, taxablePaise: 53_572, cgstPaise: 0, sgstPaise: 0, igstPaise: 6_428, taxPaise: 6_428 });
  });

  it('C: three jars at 5% with ₹200 shipping', () => {
    const figures = invoiceFigures({ products: [{ ...JAR, ratePercent: 5, quantity: 3, grossPaise: 150_000 }], shippingPaise: 20_000, sellerStateCode: '07', placeOfSupplyCode: '29' });
    expect(figures.lines.map((line) => [line.taxablePaise, line.igstPaise])).toEqual([
      [142_857, 7_143],
      [19_048, 952],
    ]);
    expect(figures.totals.taxablePaise + figures.totals.taxPaise).toBe(170_000);
  });

  it('taxes shipping at the rate of the largest line when rates differ, and adds no shipping line for none', () => {
    const small = { ...JAR, description: 'Spice mix', hsn: '0910', ratePercent: 5, grossPaise: 20_000 };
    const withShipping = invoiceFigures({ products: [small, JAR], shippingPaise: 15_000, sellerStateCode: '07', placeOfSupplyCode: '07' });
    expect(withShipping.lines.at(-1)).toMatchObject({ description: 'Shipping and handling', hsn: '1602', ratePercent: 12 });
    expect(invoiceFigures({ products: [JAR], shippingPaise: 0, sellerStateCode: '07', placeOfSupplyCode: '07' }).lines).toHaveLength(1);
  });
});

describe('creditNoteFigures', () => {
  it('D: a ₹300 refund on order A, shared by what was paid for each line', () => {
    const invoice = invoiceFigures({ products: [JAR], shippingPaise: 10_000, sellerStateCode: '07', placeOfSupplyCode: '07' });
    const note = creditNoteFigures(invoice, 30_000);
    expect(note.lines.map((line) => [line.grossPaise, line.taxablePaise, line.cgstPaise, line.sgstPaise])).toEqual([
      [25_000, 22_321, 1_340, 1_339],
      [5_000, 4_464, 268, 268],
    ]);
    expect(note.totals.grossPaise).toBe(30_000);
    expect(note.totals.taxablePaise + note.totals.taxPaise).toBe(30_000);
  });

  it('a full refund credits exactly the invoice, and a refund above it is refused', () => {
    const invoice = invoiceFigures({ products: [JAR], shippingPaise: 10_000, sellerStateCode: '07', placeOfSupplyCode: '27' });
    expect(creditNoteFigures(invoice, 60_000).totals).toEqual(invoice.totals);
    expect(() => creditNoteFigures(invoice, 60_001)).toThrow(RangeError);
    const first = creditNoteFigures(invoice, 20_000);
    expect(() => creditNoteFigures(invoice, 40_001, [first])).toThrow(RangeError);
  });
});


describe('the rounding rule (decision 019), over 2,000 seeded invoices', () => {
  const random = prng(20261128);
  const cases = Array.from({ length: 2_000 }, () => {
    const rate = [5, 12, 18, 2.5][Math.floor(random() * 4)]!;
    const products = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => ({
      description: `Pickle ${index}`,
      hsn: '1602',
      ratePercent: index === 2 ? 18 : rate,
      quantity: 1 + Math.floor(random() * 5),
      grossPaise: 100 + Math.floor(random() * 300_000),
    }));
    const shippingPaise = random() < 0.8 ? 5_000 + Math.floor(random() * 20_000) : 0;
    const invoice = invoiceFigures({ products, shippingPaise, sellerStateCode: '07', placeOfSupplyCode: random() < 0.7 ? '07' : '27' });
    // A full refund in one to four parts, each at least a rupee.
    const parts: number[] = [];
    let left = invoice.totals.grossPaise;
    while (left > 0) {
      const part = parts.length === 3 || left <= 200 ? left : 100 + Math.floor(random() * (left - 100));
      parts.push(part);
      left -= part;
    }
    return { invoice, parts };
  });

  it('CGST and SGST differ by at most one paisa on every invoice and credit note', () => {
    const wide = cases.flatMap(({ invoice, parts }) => {
      const notes: TaxFigures[] = [];
      for (const part of parts) notes.push(creditNoteFigures(invoice, part, notes));
      return [invoice, ...notes].filter((figures) => Math.abs(figures.totals.cgstPaise - figures.totals.sgstPaise) > 1);
    });
    expect(wide.map((figures) => figures.totals)).toEqual([]);
  });

  it('the credit notes of a full refund, however it was split, reverse the invoice exactly, line by line and in total', () => {
    const off = cases.flatMap(({ invoice, parts }, index) => {
      const notes: TaxFigures[] = [];
      for (const part of parts) notes.push(creditNoteFigures(invoice, part, notes));
      const credited = (pick: (figures: TaxFigures) => number) => notes.reduce((total, note) => total + pick(note), 0);
      const problems = (['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const)
        .filter((amount) => credited((note) => note.totals[amount]) !== invoice.totals[amount])
        .map((amount) => `case ${index}: ${amount} credited ${credited((note) => note.totals[amount])} of ${invoice.totals[amount]}`);
      for (const line of invoice.lines) {
        const onLine = notes.flatMap((note) => note.lines.filter((noted) => noted.description === line.description));
        if (onLine.reduce((total, noted) => total + noted.taxablePaise, 0) !== line.taxablePaise) problems.push(`case ${index}: ${line.description} taxable`);
      }
      return problems;
    });
    expect(off.slice(0, 10)).toEqual([]);
  });
});

describe('numbering', () => {
  it('financial years run April to March, in India time', () => {
    expect(financialYear(new Date('2026-11-23T06:00:00Z'))).toEqual({ start: 2026, label: '2026-27', short: '26-27' });
    expect(financialYear(new Date('2027-03-31T18:29:59Z')).label).toBe('2026-27'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z')).label).toBe('2027-28'); // midnight IST, 1 April
    expect(financialYear(new Date('2099-06-01T00:00:00Z')).short).toBe('99-00');
  });

  it('numbers are at most 16 characters of letters, digits, / and -', () => {
    const fy = financialYear(new Date('2026-11-23T06:00:00Z'));
    expect(documentNumber('RP', fy, 42)).toBe('RP/26-27/000042');
    expect(documentNumber('RPC', fy, 999_999)).toBe('RPC/26-27/999999');
    expect(documentNumber('RPC', fy, 999_999)).toMatch(/^[A-Z0-9/-]{1,16}$/);
    expect(() => documentNumber('RP', fy, 0)).toThrow(RangeError);
    expect(() => documentNumber('RP', fy, 1_000_000)).toThrow(RangeError);
  });
});

describe('findIndianState', () => {
  it('knows states as shoppers type them', () => {
    expect(findIndianState('Delhi')?.code).toBe('07');
    expect(findIndianState('NCT of Delhi')?.code).toBe('07');
    expect(findIndianState('  tamil nadu ')?.code).toBe('33');
    expect(findIndianState('Orissa')?.code).toBe('21');
    expect(findIndianState('Jammu & Kashmir')?.code).toBe('01');
    expect(findIndianState('Maharashtra')?.code).toBe('27');
    expect(findIndianState('Atlantis')).toBeUndefined();
  });
});
