import type { RequestHandler, Response } from 'express';
import { NotFoundError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import { findInvoice, findOrderDocument, numberFromFileStem, pdfDownloadHeaders, renderTaxDocumentPdf, type TaxDocument } from '@pickles/invoices';
import { isUuid } from './parse.js';

/** The PDF, rendered from the stored document: the same bytes as on the day it was issued. */
async function sendPdf(res: Response, document: TaxDocument | undefined, missing: string): Promise<void> {
  if (!document) throw new NotFoundError(missing);
  const pdf = await renderTaxDocumentPdf(document);
  res.set(pdfDownloadHeaders(document, pdf.length)).send(pdf);
}

/** GET /api/admin/orders/{id}/invoice.pdf: the order's GST tax invoice (an archived order's too: tax records stay). */
export function invoicePdfHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    await sendPdf(res, isUuid(id) ? await findInvoice(db, id) : undefined, 'Invoice not found');
  };
}

/** GET /api/admin/orders/{id}/credit-notes/{number}.pdf, the number with dashes for slashes (RPC-26-27-000007.pdf). */
export function creditNotePdfHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    const number = numberFromFileStem(String(req.params.number ?? ''));
    const document = isUuid(id) && number?.startsWith('RPC/') ? await findOrderDocument(db, id, number) : undefined;
    await sendPdf(res, document, 'Credit note not found');
  };
}
