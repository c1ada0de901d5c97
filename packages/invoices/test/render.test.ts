import { describe, expect, it } from 'vitest';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { draftCreditNote, draftInvoice, renderTaxDocumentPdf, type InvoicedOrder, type TaxDocument } from '../src/index.js';
import { BENGALURU_ORDER, SELLER_ENV } from './fixtures.js';
import { pdfText } from './read-pdf.js';

const profile = sellerProfileFromEnv({ ...SELLER_ENV, GST_PRODUCT_CLASSES: '2:2001:5' });

const order: InvoicedOrder = { ...BENGALURU_ORDER, items: [...BENGALURU_ORDER.items, { productId: 2, name: 'Mango Thokku', quantity: 1, lineTotalPaise: 42_000 }] };

const invoice: TaxDocument = { ...draftInvoice(order, profile), number: 'RP/26-27/000042', issuedAt: new Date('2026-11-23T18:45:00Z') };

/** Each of `fields` is printed somewhere in the PDF's text. */
function expectPrinted(text: string, fields: string[]): void {
  for (const field of fields) expect(text).toContain(field);
}

describe('renderTaxDocumentPdf', () => {
  it('prints everything a GST tax invoice must carry, read back from the PDF', async () => {
    const { text, pages, info } = await pdfText(await renderTaxDocumentPdf(invoice));
    expect(pages).toBe(1);
    const required = [
      'Tax Invoice',
      'Invoice number: RP/26-27/000042',
      // 18:45 UTC is 00:15 the next day in India.
      'Invoice date: 24 Nov 2026',
      'Order number: RP7F3A9C21D0',
      // Supplier: trade and legal name, address, state and code, GSTIN, FSSAI licence.
      'Royal Pickles',
      'Legal name: Saffron Jar Foods Private Limited',
      '14 Kinari Bazar Chandni Chowk Delhi - 110006',
      'State: Delhi, code 07',
      'GSTIN: 07ABCDE1234F1Z5',
      'FSSAI licence no.: 13324999000123',
      // Recipient: name, address, state name and code; place of supply (the typed state, recognised).
      'Meera Iyer Flat 4C MG Road Indiranagar Bengaluru - 560038 State: Karnataka, code 29',
      'Place of supply: Karnataka (29)',
      'Reverse charge: No',
      // Lines: description, HSN, quantity, unit price, rate, taxable value, IGST (inter-state), total.
      'HSN Qty Unit price incl. GST GST rate Taxable value IGST Total',
      // 100000 × 100/112 = 89285.71 -> 89286; IGST 10714.
      '1 Royal Chicken Pickle 1602 2 500.00 12% 892.86 107.14 @ 12% 1,000.00',
      // Product 2 is classed 2001 at 5%: 42000 × 100/105 = 40000.
      '2 Mango Thokku 2001 1 420.00 5% 400.00 20.00 @ 5% 420.00',
      // Shipping at the largest line's class: 15000 × 100/112 = 13392.86 -> 13393; 1607.
      '3 Shipping and handling 1602 1 150.00 12% 133.93 16.07 @ 12% 150.00',
      'Total 1,426.79 143.21 1,570.00',
      'Taxable value Rs. 1,426.79 IGST Rs. 143.21 Total tax Rs. 143.21 Invoice total Rs. 1,570.00',
      'Rupees One Thousand Five Hundred Seventy Only',
      'Prices are inclusive of GST.',
      'Inter-state supply: IGST.',
      'For Saffron Jar Foods Private Limited',
      'Authorised signatory',
      'Tax Invoice RP/26-27/000042 - page 1 of 1',
    ];
    expectPrinted(text, required);
    expect(text).not.toContain('CGST');
    expect(info).toMatchObject({ Title: 'Tax Invoice RP/26-27/000042', Author: 'Saffron Jar Foods Private Limited' });
  });

  it('prints a discount code: the price before it, the discount per line, the total paid, and a note naming the code', async () => {
    const discounted: TaxDocument = {
      ...draftInvoice(
        {
          ...order,
          discountCode: 'LAUNCH10',
          discountPaise: 14_200,
          items: [
            { ...order.items[0]!, discountPaise: 10_000 },
            { ...order.items[1]!, discountPaise: 4_200 },
          ],
        },
        profile,
      ),
      number: 'RP/26-27/000044',
      issuedAt: invoice.issuedAt,
    };
    const { text, pages } = await pdfText(await renderTaxDocumentPdf(discounted));
    expect(pages).toBe(1);
    expectPrinted(text, [
      'HSN Qty Unit price incl. GST Discount GST rate Taxable value IGST Total',
      // 90000 × 100/112 = 80357.14 -> 80357; IGST 9643.
      '1 Royal Chicken Pickle 1602 2 500.00 -100.00 12% 803.57 96.43 @ 12% 900.00',
      '2 Mango Thokku 2001 1 420.00 -42.00 5% 360.00 18.00 @ 5% 378.00',
      'Invoice total Rs. 1,428.00',
      'Discount code LAUNCH10: Rs. 142.00 off',
    ]);
  });

  it('splits the tax into CGST and SGST, each at half the rate, for a delivery in the seller\'s state', async () => {
    const delhi: TaxDocument = { ...draftInvoice({ ...order, state: 'NCT of Delhi' }, profile), number: 'RP/26-27/000043', issuedAt: invoice.issuedAt };
    const { text } = await pdfText(await renderTaxDocumentPdf(delhi));
    expectPrinted(text, [
      'Place of supply: Delhi (07)',
      'State: Delhi, code 07 GSTIN',
      'Taxable value CGST SGST Total',
      // 10714 paise of tax: CGST takes the odd paisa.
      '1 Royal Chicken Pickle 1602 2 500.00 12% 892.86 53.57 @ 6% 53.57 @ 6% 1,000.00',
      '2 Mango Thokku 2001 1 420.00 5% 400.00 10.00 @ 2.5% 10.00 @ 2.5% 420.00',
      'Taxable value Rs. 1,426.79 CGST Rs. 71.61 SGST Rs. 71.60 Total tax Rs. 143.21 Invoice total Rs. 1,570.00',
      'Intra-state supply: CGST and SGST',
    ]);
    expect(text).not.toContain('IGST');
  });

  it('prints a credit note with its own number, the original invoice\'s number and date, and the amount credited', async () => {
    const note: TaxDocument = { ...draftCreditNote(invoice, 30_000, profile), number: 'RPC/26-27/000007', issuedAt: new Date('2026-11-30T06:00:00Z') };
    const { text } = await pdfText(await renderTaxDocumentPdf(note));
    expectPrinted(text, [
      'Credit Note',
      'Credit note number: RPC/26-27/000007',
      'Credit note date: 30 Nov 2026',
      'Original invoice number: RP/26-27/000042',
      'Original invoice date: 24 Nov 2026',
      'GSTIN: 07ABCDE1234F1Z5',
      'FSSAI licence no.: 13324999000123',
      'Meera Iyer',
      'State: Karnataka, code 29',
      'Place of supply: Karnataka (29)',
      // ₹300 shared by what was paid (100000 : 42000 : 15000): 19108, 8026, 2866 paise.
      '1 Royal Chicken Pickle 1602 12% 170.61 20.47 @ 12% 191.08',
      'Taxable value IGST Credited',
      'Total credited Rs. 300.00',
      'Rupees Three Hundred Only',
      'Prices are inclusive of GST.',
      'Authorised signatory',
    ]);
  });

  it('is the same bytes every time it is rendered', async () => {
    const first = await renderTaxDocumentPdf(invoice);
    const second = await renderTaxDocumentPdf(structuredClone(invoice));
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints what Helvetica cannot as plain letters or "?", never as broken text', async () => {
    const typed: TaxDocument = {
      ...draftInvoice({ ...order, customerName: 'Zoë Mañjunāth आशा', street: '“Lake View” Road – ₹ Lane', state: 'Karnatak' }, profile),
      number: 'RP/26-27/000044',
      issuedAt: invoice.issuedAt,
    };
    const { text } = await pdfText(await renderTaxDocumentPdf(typed));
    expect(text).toContain('Zoë Mañjunath ???');
    expect(text).toContain('"Lake View" Road - Rs. Lane');
    // A state that is not recognised is printed as typed, without a code, and taxed as inter-state.
    expect(text).toContain('Place of supply: Karnatak (code not recognised)');
    expect(text).toContain('State: Karnatak (state code not recognised)');
    expect(text).toContain('Inter-state supply: IGST.');
  });

  it('carries long orders onto a second page with the column headings again', async () => {
    const items = Array.from({ length: 30 }, (_, index) => ({ productId: 1, name: `Royal Chicken Pickle batch ${index + 1}`, quantity: 1, lineTotalPaise: 50_000 }));
    const long: TaxDocument = { ...draftInvoice({ ...order, items }, profile), number: 'RP/26-27/000045', issuedAt: invoice.issuedAt };
    const { text, pages } = await pdfText(await renderTaxDocumentPdf(long));
    expect(pages).toBe(2);
    expect(text.match(/Taxable value IGST Total/g)).toHaveLength(2);
    expect(text).toContain('30 Royal Chicken Pickle batch 30');
    expect(text).toContain('Tax Invoice RP/26-27/000045 - page 2 of 2');
    expect(text).toContain('Invoice total Rs. 15,150.00');
  });
});
