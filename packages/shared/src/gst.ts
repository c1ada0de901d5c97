/**
 * GST arithmetic of the shop's tax invoices and credit notes. Prices are MRP, inclusive
 * of tax, so the tax is taken out of what the shopper paid, never added on top. All money is integer
 * paise; every split is made so the parts add up exactly to the whole (the invoice's total is what
 * the shopper paid, to the paisa).
 */
import { indiaParts } from './india-time.js';

/** A GST rate in percent, as the HSN classification gives it (5, 12, 18 ...; 2.5 allowed). */
export type GstRatePercent = number;

export type SupplyKind = 'intra-state' | 'inter-state';

export interface InvoiceLineInput {
  description: string;
  hsn: string;
  ratePercent: GstRatePercent;
  quantity: number;
  /** What the shopper paid for the line, tax included: its transaction value, after any discount. */
  grossPaise: number;
  /** What a discount code took off the line (decision 028): its price before was grossPaise + discountPaise. Invoices only. */
  discountPaise?: number;
}

export interface TaxedLine extends InvoiceLineInput {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxFigures {
  supply: SupplyKind;
  /** The discount code the invoiced order used (decision 028), printed with the discount. */
  discountCode?: string;
  lines: TaxedLine[];
  totals: { grossPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; taxPaise: number };
}

/** Basis points of a percent rate (12 -> 1200, 2.5 -> 250), so the arithmetic stays in integers. */
function basisPoints(ratePercent: GstRatePercent): number {
  const bp = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || bp < 0 || bp > 10_000 || Math.abs(bp - ratePercent * 100) > 1e-6) throw new RangeError(`Unusable GST rate ${ratePercent}`);
  return bp;
}

/**
 * Takes the tax out of an inclusive amount: taxable value = gross / (1 + rate), rounded to the
 * nearest paisa (halves up); the tax is the rest, so taxable + tax is always exactly the gross.
 */
export function splitInclusive(grossPaise: number, ratePercent: GstRatePercent): { taxablePaise: number; taxPaise: number } {
  if (!Number.isInteger(grossPaise) || grossPaise < 0) throw new RangeError(`Unusable amount ${grossPaise} paise`);
  const denominator = 10_000 + basisPoints(ratePercent);
  // round-half-up of gross * 10000 / denominator, in integers
  const taxablePaise = Math.floor((2 * grossPaise * 10_000 + denominator) / (2 * denominator));
  return { taxablePaise, taxPaise: grossPaise - taxablePaise };
}

/**
 * CGST and SGST are half the tax each, so the two always add up to the tax taken out of the line.
 * An odd paisa goes to `oddTo`: taxLines gives the odd paisa of successive odd lines to CGST and
 * SGST in turn, so on a whole document the two differ by at most one paisa (decision 019).
 */
export function halves(taxPaise: number, oddTo: 'cgst' | 'sgst' = 'cgst'): { cgstPaise: number; sgstPaise: number } {
  const larger = Math.ceil(taxPaise / 2);
  const smaller = taxPaise - larger;
  return oddTo === 'cgst' ? { cgstPaise: larger, sgstPaise: smaller } : { cgstPaise: smaller, sgstPaise: larger };
}

/**
 * Shares `totalPaise` out in proportion to `weights` by the largest-remainder method: the shares add
 * up exactly to the total, and ties go to the earlier weight.
 */
export function allocate(totalPaise: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!weights.length || sum <= 0) throw new RangeError('allocate needs positive weights');
  const exact = weights.map((weight) => (totalPaise * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = totalPaise - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Intra-state when the place of supply is the seller's own state (CGST + SGST), otherwise IGST. */
export function supplyKind(sellerStateCode: string, placeOfSupplyCode: string): SupplyKind {
  return sellerStateCode === placeOfSupplyCode ? 'intra-state' : 'inter-state';
}

/**
 * Each line's tax taken out; within the seller's state split into CGST and SGST, the odd paisa of
 * successive odd lines going to `firstOddTo`, then the other, in turn.
 */
function taxLines(lines: readonly InvoiceLineInput[], supply: SupplyKind, firstOddTo: 'cgst' | 'sgst' = 'cgst'): TaxFigures {
  const other = firstOddTo === 'cgst' ? 'sgst' : 'cgst';
  let oddLines = 0;
  const taxed = lines.map((line): TaxedLine => {
    const { taxablePaise, taxPaise } = splitInclusive(line.grossPaise, line.ratePercent);
    if (supply === 'inter-state') return { ...line, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
    const oddTo = taxPaise % 2 === 1 && oddLines++ % 2 === 1 ? other : firstOddTo;
    return { ...line, taxablePaise, ...halves(taxPaise, oddTo), igstPaise: 0 };
  });
  return withTotals(taxed, supply);
}

function withTotals(taxed: TaxedLine[], supply: SupplyKind): TaxFigures {
  const sum = (pick: (line: TaxedLine) => number) => taxed.reduce((total, line) => total + pick(line), 0);
  const totals = {
    grossPaise: sum((line) => line.grossPaise),
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    taxPaise: 0,
  };
  totals.taxPaise = totals.cgstPaise + totals.sgstPaise + totals.igstPaise;
  return { supply, lines: taxed, totals };
}

export interface InvoiceInput {
  products: readonly InvoiceLineInput[];
  /** Shipping the shopper paid, tax included, after any discount; 0 for none. */
  shippingPaise: number;
  /** What a free-shipping code took off the shipping: the line is printed (at 0) with it. */
  shippingDiscountPaise?: number;
  sellerStateCode: string;
  placeOfSupplyCode: string;
}

export const SHIPPING_DESCRIPTION = 'Shipping and handling';

/**
 * The tax invoice's figures. Shipping is part of a composite supply whose principal supply is the
 * goods (CGST Act, section 8(a)): it is taxed at the rate, and shown under the HSN, of the order's
 * largest line by value (the first of equals).
 */
export function invoiceFigures(input: InvoiceInput): TaxFigures {
  if (!input.products.length) throw new RangeError('An invoice needs at least one product line');
  const lines: InvoiceLineInput[] = [...input.products];
  const shippingDiscountPaise = input.shippingDiscountPaise ?? 0;
  if (input.shippingPaise > 0 || shippingDiscountPaise > 0) {
    const principal = input.products.reduce((best, line) => (line.grossPaise > best.grossPaise ? line : best));
    lines.push({
      description: SHIPPING_DESCRIPTION,
      hsn: principal.hsn,
      ratePercent: principal.ratePercent,
      quantity: 1,
      grossPaise: input.shippingPaise,
      ...(shippingDiscountPaise > 0 ? { discountPaise: shippingDiscountPaise } : {}),
    });
  }
  return taxLines(lines, supplyKind(input.sellerStateCode, input.placeOfSupplyCode));
}

/** The components of a taxed line that a credit note reverses. */
const AMOUNTS = ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

const sameLine = (a: InvoiceLineInput, b: InvoiceLineInput) => a.description === b.description && a.hsn === b.hsn && a.ratePercent === b.ratePercent;

/**
 * A credit note's figures for a refund of `refundPaise` against an invoice, given the invoice's
 * earlier credit notes (`credited`). The refund is shared over the invoice's lines in proportion to
 * what was paid for each (largest remainder), and each share's tax taken out at that line's rate,
 * with the invoice's supply kind. The note that completes a full refund is instead what the earlier
 * notes left of the invoice, line by line and component by component, so the notes of a full refund
 * reverse the invoice exactly, to the paisa, however the refund was split (decision 019).
 */
export function creditNoteFigures(invoice: TaxFigures, refundPaise: number, credited: readonly TaxFigures[] = []): TaxFigures {
  const creditedPaise = credited.reduce((total, note) => total + note.totals.grossPaise, 0);
  if (!Number.isInteger(refundPaise) || refundPaise <= 0 || creditedPaise + refundPaise > invoice.totals.grossPaise) throw new RangeError(`Unusable refund ${refundPaise} paise`);
  if (creditedPaise + refundPaise === invoice.totals.grossPaise) {
    const rest = invoice.lines.map((line): TaxedLine => {
      const earlier = credited.flatMap((note) => note.lines.filter((noted) => sameLine(noted, line)));
      // What the code took off belongs to the invoice: a note credits what was paid.
      const { discountPaise: _discount, ...left } = line;
      for (const amount of AMOUNTS) left[amount] = line[amount] - earlier.reduce((total, noted) => total + noted[amount], 0);
      return left;
    });
    return withTotals(
      rest.filter((line) => AMOUNTS.some((amount) => line[amount] !== 0)),
      invoice.supply,
    );
  }
  const shares = allocate(refundPaise, invoice.lines.map((line) => line.grossPaise));
  const lines = invoice.lines
    .map((line, index): InvoiceLineInput => ({ description: line.description, hsn: line.hsn, ratePercent: line.ratePercent, quantity: line.quantity, grossPaise: shares[index]! }))
    .filter((line) => line.grossPaise > 0);
  // The turn goes on from the earlier notes: CGST and SGST credited so far stay within a paisa of
  // each other, and so does what the note completing the refund leaves of the invoice.
  const ahead = credited.reduce((total, note) => total + note.totals.cgstPaise - note.totals.sgstPaise, 0);
  return taxLines(lines, invoice.supply, ahead > 0 ? 'sgst' : 'cgst');
}

/** India's financial year (April to March) of `at`, in India time: 2026-11-23 -> { start: 2026, label: '2026-27', short: '26-27' }. */
export function financialYear(at: Date): { start: number; label: string; short: string } {
  const { year, month } = indiaParts(at);
  const start = month >= 4 ? year : year - 1;
  const end = String((start + 1) % 100).padStart(2, '0');
  return { start, label: `${start}-${end}`, short: `${String(start % 100).padStart(2, '0')}-${end}` };
}

/**
 * A document number in its series: `RP/26-27/000042` for invoices, `RPC/26-27/000007` for credit
 * notes. GST invoice numbers may hold at most 16 characters of letters, digits, '-' and '/', and must
 * be unique within a financial year; a million documents a year fit.
 */
export function documentNumber(prefix: 'RP' | 'RPC', fy: { short: string }, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_DOCUMENT_SEQUENCE) throw new RangeError(`Sequence ${sequence} is out of range`);
  return `${documentSeries(prefix, fy)}${String(sequence).padStart(DOCUMENT_SEQUENCE_DIGITS, '0')}`;
}

/** A series' numbers before the sequence: `RP/26-27/`. The database numbers a document as this plus the sequence padded to DOCUMENT_SEQUENCE_DIGITS. */
export function documentSeries(prefix: 'RP' | 'RPC', fy: { short: string }): string {
  return `${prefix}/${fy.short}/`;
}

export const DOCUMENT_SEQUENCE_DIGITS = 6;
export const MAX_DOCUMENT_SEQUENCE = 999_999;
