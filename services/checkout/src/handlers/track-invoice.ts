import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { pdfDownloadHeaders, renderTaxDocumentPdf, selectTaxDocuments, taxDocumentFromRow, type TaxDocument } from '@pickles/invoices';
import { TRACKING_MESSAGES } from '@pickles/shared/tracking-requests';
import { signedLinkOpens, type SignedLink } from '../db/tracked-order.js';
import { signedLinkOf, type TrackOrderDeps } from './track-order.js';

/**
 * The invoice of the order a signed link opens, found under the same rules as GET /api/track: one
 * query with the link's validity in the WHERE clause, nothing for an order whose personal data was
 * erased or that was archived.
 */
async function findTrackedInvoice(db: Db, orderNumber: string, link: SignedLink): Promise<TaxDocument | undefined> {
  const row = await selectTaxDocuments(db)
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .where('o.order_number', '=', orderNumber)
    .where('o.personal_data_erased_at', 'is', null)
    .where('d.kind', '=', 'invoice')
    .where(signedLinkOpens(link))
    .executeTakeFirst();
  return row && taxDocumentFromRow(row);
}

/**
 * GET /api/track/invoice?order=…&t=…: the shopper's GST tax invoice as a PDF, with the signed link of
 * the e-mails. A bad link, an unknown order and an order not yet invoiced all answer like /api/track's
 * unknown order.
 */
export function trackInvoiceHandler(deps: TrackOrderDeps): RequestHandler {
  return async (req, res) => {
    const { orderNumber, link } = signedLinkOf(req.query, deps);
    const invoice = await findTrackedInvoice(deps.db, orderNumber, link);
    res.setHeader('Cache-Control', 'no-store');
    if (!invoice) {
      res.status(404).json({ success: false, error: TRACKING_MESSAGES.notFound });
      return;
    }
    const pdf = await renderTaxDocumentPdf(invoice);
    res.set(pdfDownloadHeaders(invoice, pdf.length)).send(pdf);
  };
}
