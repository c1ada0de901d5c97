import { sql, type Db } from '@pickles/db';
import { documentFileName } from '@pickles/invoices';
import { paiseToRupees, type AdminOrderDetailResponse } from '@pickles/shared';

/** The order's invoice and credit notes as the order page lists them, with their download paths. */
export async function orderTaxDocuments(db: Db, orderId: string): Promise<Required<Pick<AdminOrderDetailResponse, 'invoice' | 'creditNotes'>>> {
  const rows = await db
    .selectFrom('tax_documents')
    .select(['kind', 'number', 'issued_at', 'razorpay_refund_id', sql<number>`(figures->'totals'->>'grossPaise')::int`.as('gross_paise')])
    .where('order_id', '=', orderId)
    .orderBy('issued_at')
    .orderBy('sequence')
    .execute();
  const summary = (row: (typeof rows)[number], downloadPath: string) => ({
    number: row.number,
    issuedAt: new Date(row.issued_at).toISOString(),
    amount: paiseToRupees(row.gross_paise),
    downloadPath,
  });
  const invoice = rows.find((row) => row.kind === 'invoice');
  return {
    invoice: invoice ? summary(invoice, `/api/admin/orders/${orderId}/invoice.pdf`) : null,
    creditNotes: rows
      .filter((row) => row.kind === 'credit-note')
      .map((row) => ({ ...summary(row, `/api/admin/orders/${orderId}/credit-notes/${documentFileName(row.number)}`), razorpayRefundId: row.razorpay_refund_id ?? '' })),
  };
}
