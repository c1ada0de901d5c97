import type { RequestHandler, Response } from 'express';
import { NotFoundError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import { numberFromFileStem, pdfDownloadHeaders } from '@pickles/invoices';
import { creditNotePdf, invoicePdf, type RenderedDocument } from '../domain/order-panel.js';
import { isUuid } from './parse.js';

/** The PDF, rendered from the stored document: the same bytes as on the day it was issued. */
function sendPdf(res: Response, rendered: RenderedDocument | undefined, missing: string): void {
  if (!rendered) throw new NotFoundError(missing);
  res.set(pdfDownloadHeaders(rendered.document, rendered.pdf.length)).send(rendered.pdf);
}

/** GET /api/admin/orders/{id}/invoice.pdf: the order's GST tax invoice (an archived order's too: tax records stay). */
export function invoicePdfHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    sendPdf(res, isUuid(id) ? await invoicePdf(db, id) : undefined, 'Invoice not found');
  };
}

/** GET /api/admin/orders/{id}/credit-notes/{number}.pdf, the number with dashes for slashes (RPC-26-27-000007.pdf). */
export function creditNotePdfHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    const number = numberFromFileStem(String(req.params.number ?? ''));
    sendPdf(res, isUuid(id) && number?.startsWith('RPC/') ? await creditNotePdf(db, id, number) : undefined, 'Credit note not found');
  };
}
