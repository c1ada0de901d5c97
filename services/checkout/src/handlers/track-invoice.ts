import type { RequestHandler } from 'express';
import { pdfDownloadHeaders } from '@pickles/invoices';
import { TRACKING_MESSAGES } from '@pickles/shared/tracking-requests';
import { trackedInvoicePdf } from '../domain/track-order.js';
import { signedLinkOf, type TrackOrderDeps } from './track-order.js';

/**
 * GET /api/track/invoice?order=…&t=…: the shopper's GST tax invoice as a PDF, with the signed link of
 * the e-mails. A bad link, an unknown order and an order not yet invoiced all answer like /api/track's
 * unknown order.
 */
export function trackInvoiceHandler(deps: TrackOrderDeps): RequestHandler {
  return async (req, res) => {
    const { orderNumber, link } = signedLinkOf(req.query, deps);
    const found = await trackedInvoicePdf(deps.db, orderNumber, link);
    res.setHeader('Cache-Control', 'no-store');
    if (!found) {
      res.status(404).json({ success: false, error: TRACKING_MESSAGES.notFound });
      return;
    }
    const { invoice, pdf } = found;
    res.set(pdfDownloadHeaders(invoice, pdf.length)).send(pdf);
  };
}
