import { sql, type Database, type Db, type TaxDocumentRow, type Transaction } from '@pickles/db';
import type { TaxFigures } from '@pickles/shared/gst';
import type { RecipientSnapshot, SellerSnapshot, TaxDocument } from './document.js';

type Handle = Db | Transaction<Database>;

/** A tax_documents row with, for a credit note, its invoice's number and date. */
export type StoredTaxDocumentRow = TaxDocumentRow & { invoice_number: string | null; invoice_issued_at: Date | string | null };

export function taxDocumentFromRow(row: StoredTaxDocumentRow): TaxDocument {
  return {
    kind: row.kind,
    number: row.number,
    issuedAt: new Date(row.issued_at),
    orderNumber: row.order_number,
    placeOfSupply: { name: row.place_of_supply_name, code: row.place_of_supply_code },
    figures: row.figures as TaxFigures,
    seller: row.seller as SellerSnapshot,
    recipient: row.recipient as RecipientSnapshot,
    ...(row.invoice_number && row.invoice_issued_at ? { invoice: { number: row.invoice_number, issuedAt: new Date(row.invoice_issued_at) } } : {}),
  };
}

/** tax_documents with the credited invoice's number and date joined in; filter with `where` on `d.` columns. */
export function selectTaxDocuments(handle: Handle) {
  return handle
    .selectFrom('tax_documents as d')
    .leftJoin('tax_documents as i', 'i.id', 'd.invoice_id')
    .selectAll('d')
    .select([sql<string | null>`i.number`.as('invoice_number'), sql<Date | null>`i.issued_at`.as('invoice_issued_at')]);
}

/** The order's invoice, if it has one. */
export async function findInvoice(handle: Handle, orderId: string): Promise<TaxDocument | undefined> {
  const row = await selectTaxDocuments(handle).where('d.order_id', '=', orderId).where('d.kind', '=', 'invoice').executeTakeFirst();
  return row && taxDocumentFromRow(row);
}

/** One of the order's documents by number. */
export async function findOrderDocument(handle: Handle, orderId: string, number: string): Promise<TaxDocument | undefined> {
  const row = await selectTaxDocuments(handle).where('d.order_id', '=', orderId).where('d.number', '=', number).executeTakeFirst();
  return row && taxDocumentFromRow(row);
}
