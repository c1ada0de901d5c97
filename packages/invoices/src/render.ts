import { SHIPPING_DESCRIPTION, type TaxedLine, type TaxFigures } from '@pickles/shared/gst';
import { formatIndiaDate } from '@pickles/shared/india-time';
import type { TaxDocument } from './document.js';
import { amountInWords } from './words.js';

/**
 * The PDF of a tax invoice or credit note (CGST Rules 2017, rules 46 and 53), made with PDFKit.
 * Rendered from the stored document alone, the same bytes every time: the PDF's dates are the
 * issue time, its file id is derived from them, and nothing random or clock-dependent goes in.
 * The built-in Helvetica needs no font file but prints only Latin-1, hence "Rs." for the rupee.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const GREY = '#555555';
const RULE = '#999999';

const TITLE: Record<TaxDocument['kind'], string> = { invoice: 'Tax Invoice', 'credit-note': 'Credit Note' };

/** Typography the standard fonts lack, in ASCII. */
const PLAIN: Record<string, string> = { '\u20b9': 'Rs.', '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2013': '-', '\u2014': '-', '\u2026': '...' };

/**
 * Text Helvetica can print (WinAnsi, here Latin-1): accents outside it are dropped ("Ā" -> "A"),
 * anything else becomes "?" rather than a broken glyph. Names typed in an Indian script print as
 * "?": embedding a Noto font per script is the way to print them (README).
 */
export function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (PLAIN[char]) return PLAIN[char];
      const code = char.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return char;
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return base.length && [...base].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0xff) ? base : '?';
    })
    .join('');
}

/** 1234567 paise -> "12,345.67" (Indian digit grouping), without locale data that could change between Node versions. */
export function formatAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const grouped = rupees.length > 3 ? `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}` : rupees;
  return `${sign}${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

const percent = (rate: number) => `${Number(rate.toFixed(3))}%`;

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  /** First line of the cell, and an optional smaller second line (a tax's rate). */
  cell: (line: TaxedLine, index: number) => [string, string?];
  total?: (totals: TaxFigures['totals']) => string;
}

function columns(document: TaxDocument): Column[] {
  const invoice = document.kind === 'invoice';
  const intra = document.figures.supply === 'intra-state';
  const discountPaise = document.figures.lines.reduce((sum, line) => sum + (line.discountPaise ?? 0), 0);
  const discounted = discountPaise > 0;
  const fixed: Column[] = [
    { header: '#', width: 18, align: 'left', cell: (_, index) => [String(index + 1)] },
    { header: 'Description', width: 0, align: 'left', cell: (line) => [line.description] },
    { header: 'HSN', width: 38, align: 'left', cell: (line) => [line.hsn] },
    ...(invoice
      ? ([
          { header: 'Qty', width: 26, align: 'right', cell: (line) => [String(line.quantity)] },
          // The price before the discount; the discount its own column, the total what was paid (decision 028).
          { header: 'Unit price incl. GST', width: 52, align: 'right', cell: (line) => [formatAmount(Math.round((line.grossPaise + (line.discountPaise ?? 0)) / line.quantity))] },
        ] satisfies Column[])
      : []),
    ...(invoice && discounted
      ? ([
          {
            header: 'Discount',
            width: 48,
            align: 'right',
            cell: (line) => [line.discountPaise ? `-${formatAmount(line.discountPaise)}` : '-'],
            total: () => `-${formatAmount(discountPaise)}`,
          },
        ] satisfies Column[])
      : []),
    { header: 'GST rate', width: 36, align: 'right', cell: (line) => [percent(line.ratePercent)] },
    { header: 'Taxable value', width: 62, align: 'right', cell: (line) => [formatAmount(line.taxablePaise)], total: (t) => formatAmount(t.taxablePaise) },
    ...(intra
      ? ([
          { header: 'CGST', width: 52, align: 'right', cell: (line) => [formatAmount(line.cgstPaise), `@ ${percent(line.ratePercent / 2)}`], total: (t) => formatAmount(t.cgstPaise) },
          { header: 'SGST', width: 52, align: 'right', cell: (line) => [formatAmount(line.sgstPaise), `@ ${percent(line.ratePercent / 2)}`], total: (t) => formatAmount(t.sgstPaise) },
        ] satisfies Column[])
      : ([{ header: 'IGST', width: 52, align: 'right', cell: (line) => [formatAmount(line.igstPaise), `@ ${percent(line.ratePercent)}`], total: (t) => formatAmount(t.igstPaise) }] satisfies Column[])),
    { header: invoice ? 'Total' : 'Credited', width: 62, align: 'right', cell: (line) => [formatAmount(line.grossPaise)], total: (t) => formatAmount(t.grossPaise) },
  ];
  const description = fixed.find((column) => column.header === 'Description')!;
  description.width = CONTENT_WIDTH - fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed;
}

/**
 * Renders the document; resolves with the PDF's bytes. pdfkit (with its font machinery, several MB of
 * memory) is loaded on the first document, not when a service starts: most processes never print one.
 */
export async function renderTaxDocumentPdf(document: TaxDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { seller, recipient, figures } = document;
  const title = TITLE[document.kind];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: true,
    // Kept until the end, to number the pages.
    bufferPages: true,
    info: {
      Title: printable(`${title} ${document.number}`),
      Author: printable(seller.legalName),
      Subject: printable(`${title} ${document.number} for order ${document.orderNumber}`),
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {}) => {
    const { font = 'Helvetica', size = 9, color = 'black', ...rest } = options;
    pdf.font(font).fontSize(size).fillColor(color).text(printable(value), x, y, { lineBreak: rest.width !== undefined, ...rest });
    return pdf.y;
  };
  const rule = (y: number, color = RULE) => pdf.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(color).stroke();
  const half = CONTENT_WIDTH / 2 - 10;
  const right = PAGE.margin + CONTENT_WIDTH / 2 + 10;

  // Title and the document's particulars.
  text(title, PAGE.margin, PAGE.margin, { font: 'Helvetica-Bold', size: 18 });
  text(document.kind === 'invoice' ? 'Original for recipient' : 'Issued against a tax invoice, for a refund', PAGE.margin, PAGE.margin + 22, { size: 8, color: GREY });
  const particulars: [string, string][] = [
    [document.kind === 'invoice' ? 'Invoice number' : 'Credit note number', document.number],
    [document.kind === 'invoice' ? 'Invoice date' : 'Credit note date', formatIndiaDate(document.issuedAt)],
    ...(document.invoice
      ? ([
          ['Original invoice number', document.invoice.number],
          ['Original invoice date', formatIndiaDate(document.invoice.issuedAt)],
        ] satisfies [string, string][])
      : []),
    ['Order number', document.orderNumber],
    ['Place of supply', placeOfSupplyText(document.placeOfSupply)],
    ['Reverse charge', 'No'],
  ];
  let py = PAGE.margin;
  for (const [label, value] of particulars) {
    text(`${label}:`, right, py, { width: 120, color: GREY });
    py = Math.max(text(value, right + 122, py, { width: half - 122, font: 'Helvetica-Bold' }), py + 12);
  }

  // Supplier and recipient.
  let y = Math.max(py, PAGE.margin + 40) + 6;
  rule(y);
  y += 8;
  text('Supplier', PAGE.margin, y, { font: 'Helvetica-Bold', size: 8, color: GREY });
  text('Recipient (billed and shipped to)', right, y, { font: 'Helvetica-Bold', size: 8, color: GREY });
  y += 12;
  const supplierLines = [
    `Legal name: ${seller.legalName}`,
    ...seller.address.lines,
    `${seller.address.city} - ${seller.address.pincode}`,
    `State: ${seller.address.state}, code ${seller.address.stateCode}`,
    `GSTIN: ${seller.gstin}`,
    `FSSAI licence no.: ${seller.fssaiLicence}`,
    `Customer care: ${seller.customerCare.phone}, ${seller.customerCare.email}`,
  ];
  let sy = text(seller.tradeName, PAGE.margin, y, { width: half, font: 'Helvetica-Bold', size: 11 });
  for (const line of supplierLines) sy = text(line, PAGE.margin, sy, { width: half });
  const recipientLines = [
    ...recipient.address.lines,
    `${recipient.address.city} - ${recipient.address.pincode}`,
    `State: ${recipient.state.name}${recipient.state.code ? `, code ${recipient.state.code}` : ' (state code not recognised)'}`,
  ];
  let ry = text(recipient.name, right, y, { width: half, font: 'Helvetica-Bold', size: 11 });
  for (const line of recipientLines) ry = text(line, right, ry, { width: half });
  y = Math.max(sy, ry) + 10;

  // The lines.
  const cols = columns(document);
  const header = (top: number) => {
    pdf.font('Helvetica-Bold').fontSize(7.5);
    const height = Math.max(...cols.map((column) => pdf.heightOfString(column.header, { width: column.width - 4 }))) + 8;
    pdf.rect(PAGE.margin, top, CONTENT_WIDTH, height).fillColor('#eeeeee').fill();
    let x = PAGE.margin;
    for (const column of cols) {
      text(column.header, x + 2, top + 4, { width: column.width - 4, align: column.align, font: 'Helvetica-Bold', size: 7.5 });
      x += column.width;
    }
    return top + height;
  };
  y = header(y);
  figures.lines.forEach((line, index) => {
    pdf.font('Helvetica').fontSize(8);
    const heights = cols.map((column) => {
      const [first, second] = column.cell(line, index);
      return pdf.heightOfString(printable(first), { width: column.width - 4 }) + (second ? 9 : 0);
    });
    const height = Math.max(...heights) + 8;
    if (y + height > BOTTOM - 40) {
      pdf.addPage();
      y = header(PAGE.margin);
    }
    let x = PAGE.margin;
    for (const column of cols) {
      const [first, second] = column.cell(line, index);
      const below = text(first, x + 2, y + 4, { width: column.width - 4, align: column.align, size: 8 });
      if (second) text(second, x + 2, below, { width: column.width - 4, align: column.align, size: 6.5, color: GREY });
      x += column.width;
    }
    y += height;
    rule(y, '#dddddd');
  });
  // Column totals.
  let x = PAGE.margin;
  for (const column of cols) {
    const value = column.header === 'Description' ? 'Total' : (column.total?.(figures.totals) ?? '');
    if (value) text(value, x + 2, y + 5, { width: column.width - 4, align: column.align, font: 'Helvetica-Bold', size: 8, lineBreak: false });
    x += column.width;
  }
  y += 18;
  rule(y, 'black');

  // Summary, amount in words, notes and signature.
  if (y + 200 > BOTTOM) {
    pdf.addPage();
    y = PAGE.margin;
  }
  y += 10;
  const totals = figures.totals;
  const summary: [string, string][] = [
    ['Taxable value', formatAmount(totals.taxablePaise)],
    ...(figures.supply === 'intra-state'
      ? ([
          ['CGST', formatAmount(totals.cgstPaise)],
          ['SGST', formatAmount(totals.sgstPaise)],
        ] satisfies [string, string][])
      : ([['IGST', formatAmount(totals.igstPaise)]] satisfies [string, string][])),
    ['Total tax', formatAmount(totals.taxPaise)],
  ];
  let summaryY = y;
  for (const [label, value] of summary) {
    text(label, right, summaryY, { width: 140 });
    text(`Rs. ${value}`, right + 140, summaryY, { width: half - 140, align: 'right' });
    summaryY += 13;
  }
  text(document.kind === 'invoice' ? 'Invoice total' : 'Total credited', right, summaryY + 2, { width: 140, font: 'Helvetica-Bold', size: 10 });
  text(`Rs. ${formatAmount(totals.grossPaise)}`, right + 140, summaryY + 2, { width: half - 140, align: 'right', font: 'Helvetica-Bold', size: 10 });

  let notesY = text('Amount in words', PAGE.margin, y, { width: half, font: 'Helvetica-Bold', size: 8, color: GREY });
  notesY = text(amountInWords(totals.grossPaise), PAGE.margin, notesY + 1, { width: half });
  notesY += 8;
  const notes = [
    'Prices are inclusive of GST. Amounts are in Indian rupees (Rs.).',
    figures.supply === 'intra-state' ? 'Intra-state supply: CGST and SGST, each half of the GST rate.' : 'Inter-state supply: IGST.',
    ...(figures.lines.some((line) => line.description === SHIPPING_DESCRIPTION) ? ['Shipping and handling is taxed with the goods it carries, at the rate of the main item.'] : []),
    ...(figures.lines.some((line) => line.discountPaise)
      ? [
          `Discount${figures.discountCode ? ` code ${figures.discountCode}` : ''}: Rs. ${formatAmount(figures.lines.reduce((sum, line) => sum + (line.discountPaise ?? 0), 0))} off, shared over the lines by value; GST is on the value after the discount.`,
        ]
      : []),
    ...(document.invoice ? [`This credit note reduces the value of invoice ${document.invoice.number} by the amount refunded.`] : []),
  ];
  for (const note of notes) notesY = text(note, PAGE.margin, notesY, { width: half, size: 8 });

  const signY = Math.max(notesY, summaryY + 20) + 24;
  text(`For ${seller.legalName}`, right, signY, { width: half, align: 'right' });
  pdf.moveTo(right + half - 160, signY + 44).lineTo(right + half, signY + 44).lineWidth(0.5).strokeColor('black').stroke();
  text('Authorised signatory', right, signY + 48, { width: half, align: 'right' });
  text('This is a computer-generated document.', PAGE.margin, signY + 48, { width: half, size: 7, color: GREY });

  // Every page says whose it is, so a loose page can be put back.
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    pdf.page.margins.bottom = 0;
    text(`${title} ${document.number} - page ${index - range.start + 1} of ${range.count}`, PAGE.margin, PAGE.height - 28, { width: CONTENT_WIDTH, align: 'right', size: 7, color: GREY });
  }
  pdf.end();
  return done;
}

function placeOfSupplyText(place: TaxDocument['placeOfSupply']): string {
  return place.code ? `${place.name} (${place.code})` : `${place.name} (code not recognised)`;
}
