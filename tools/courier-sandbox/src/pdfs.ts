import { formatCourierTime } from '@pickles/courier-client';
import PDFDocument from 'pdfkit';
import { PICKUP_LOCATION, statusLabel, type Shipment } from './model.js';

/**
 * The label (one 4 x 6 inch page per parcel, what a thermal label printer takes) and the pickup
 * manifest (A4, the sheet the courier's agent signs), as small real PDFs made with PDFKit. The
 * built-in Helvetica prints Latin-1 only: other characters print as "?".
 */
const printable = (value: unknown) => String(value ?? '').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

const LABEL = { width: 288, height: 432, margin: 16 };

export function renderLabels(shipments: Shipment[]): Promise<Buffer> {
  const pdf = new PDFDocument({ size: [LABEL.width, LABEL.height], margin: LABEL.margin, autoFirstPage: false, info: { Title: 'Shipping labels', Author: 'Courier sandbox' } });
  const done = collect(pdf);
  const width = LABEL.width - 2 * LABEL.margin;
  for (const shipment of shipments) {
    pdf.addPage();
    const { customer } = shipment;
    pdf.font('Helvetica-Bold').fontSize(13).text(printable(shipment.courier?.name), { width });
    pdf.font('Helvetica').fontSize(8).fillColor('#555555').text('PREPAID - do not collect cash. Courier sandbox label: not a real shipment.', { width }).fillColor('black');
    pdf.moveDown(0.6);
    const boxTop = pdf.y;
    pdf.rect(LABEL.margin, boxTop, width, 46).lineWidth(1.5).stroke();
    pdf.font('Helvetica').fontSize(8).text('AWB', LABEL.margin + 8, boxTop + 6);
    pdf.font('Courier-Bold').fontSize(20).text(printable(shipment.awb), LABEL.margin + 8, boxTop + 18, { width: width - 16 });
    pdf.x = LABEL.margin;
    pdf.y = boxTop + 56;
    pdf.font('Helvetica-Bold').fontSize(9).text('SHIP TO', { width });
    pdf.font('Helvetica-Bold').fontSize(12).text(printable(`${customer.name} ${customer.lastName}`.trim()), { width });
    pdf.font('Helvetica').fontSize(10);
    for (const line of [customer.address, customer.address2, `${customer.city}, ${customer.state}`]) if (line) pdf.text(printable(line), { width });
    pdf.font('Helvetica-Bold').fontSize(16).text(`PIN ${printable(customer.pincode)}`, { width });
    pdf.font('Helvetica').fontSize(10).text(`Phone ${printable(customer.phone)}`, { width });
    pdf.moveDown(0.6);
    pdf.font('Helvetica-Bold').fontSize(9).text('FROM', { width });
    pdf.font('Helvetica').fontSize(9).text(printable(`${PICKUP_LOCATION.name}, ${PICKUP_LOCATION.address}, ${PICKUP_LOCATION.address_2}, ${PICKUP_LOCATION.city} ${PICKUP_LOCATION.pin_code}`), { width });
    pdf.moveDown(0.6);
    pdf.font('Helvetica-Bold').fontSize(9).text(`Order ${printable(shipment.channelOrderId)}`, { width });
    pdf.font('Helvetica').fontSize(9);
    pdf.text(`Shipment ${shipment.id}, ${shipment.parcel.weight} kg, ${shipment.parcel.length} x ${shipment.parcel.breadth} x ${shipment.parcel.height} cm`, { width });
    for (const item of shipment.items) pdf.text(printable(`${item.units} x ${item.name} (${item.sku})`), { width });
  }
  pdf.end();
  return done;
}

const A4 = { width: 595.28, height: 841.89, margin: 40 };

export function renderManifest(shipments: Shipment[], generatedAt: Date): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: A4.margin, info: { Title: 'Pickup manifest', Author: 'Courier sandbox' } });
  const done = collect(pdf);
  const width = A4.width - 2 * A4.margin;
  pdf.font('Helvetica-Bold').fontSize(18).text('Pickup manifest', { width });
  pdf.font('Helvetica').fontSize(10).fillColor('#555555').text(`Generated ${formatCourierTime(generatedAt, 'scan')} (India). Courier sandbox: not a real pickup.`, { width }).fillColor('black');
  pdf.text(printable(`Seller: ${PICKUP_LOCATION.name}, ${PICKUP_LOCATION.address}, ${PICKUP_LOCATION.address_2}, ${PICKUP_LOCATION.city} ${PICKUP_LOCATION.pin_code}`), { width });
  pdf.moveDown();
  const columns = [
    { header: '#', width: 24 },
    { header: 'AWB', width: 110 },
    { header: 'Order', width: 110 },
    { header: 'Courier', width: 110 },
    { header: 'To (PIN)', width: 90 },
    { header: 'Weight', width: width - 444 },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    let x = A4.margin;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) => {
      pdf.text(printable(cell), x, y, { width: columns[index]!.width - 6, lineBreak: false, ellipsis: true });
      x += columns[index]!.width;
    });
    pdf.x = A4.margin;
    pdf.y = y + 16;
    pdf.moveTo(A4.margin, pdf.y - 4).lineTo(A4.margin + width, pdf.y - 4).lineWidth(0.5).strokeColor('#999999').stroke();
  };
  row(columns.map((column) => column.header), true);
  shipments.forEach((shipment, index) => {
    if (pdf.y > A4.height - 140) pdf.addPage();
    row([String(index + 1), shipment.awb ?? '', shipment.channelOrderId, shipment.courier?.name ?? '', `${shipment.customer.city} ${shipment.customer.pincode}`, `${shipment.parcel.weight} kg`]);
  });
  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(10).text(`${shipments.length} parcel${shipments.length === 1 ? '' : 's'}, status ${shipments.map(statusLabel).filter((v, i, all) => all.indexOf(v) === i).join(', ')}.`, A4.margin, pdf.y, { width });
  pdf.moveDown(3);
  pdf.text('Handed over by (seller): ______________________      Picked up by (courier agent): ______________________', { width });
  pdf.end();
  return done;
}
