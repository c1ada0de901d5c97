import { sql, type Database, type Transaction } from '@pickles/db';
import { draftCreditNote, draftInvoice, selectTaxDocuments, taxDocumentFromRow, type TaxDocument, type TaxDocumentKind } from '@pickles/invoices';
import { documentNumber, financialYear } from '@pickles/shared/gst';
import { sellerProfileFromEnv, type SellerProfile } from '@pickles/shared/seller-profile';

type Trx = Transaction<Database>;

const PREFIX = { invoice: 'RP', 'credit-note': 'RPC' } as const satisfies Record<TaxDocumentKind, 'RP' | 'RPC'>;

let environmentSeller: SellerProfile | undefined;
/** The seller printed on new documents: the SELLER_* / GST_* environment, which paymentsEnvSchema validated at start-up. */
export function issuingSeller(): SellerProfile {
  return (environmentSeller ??= sellerProfileFromEnv(process.env));
}

export interface IssueOptions {
  seller?: SellerProfile;
  /** The issue time; the transaction's own time (the order's paid_at) unless a test names one. */
  at?: Date;
}

/**
 * The invoice series' lock, held until the caller's transaction ends. A confirmation takes it before
 * the batch's stock rows: one that numbers its invoice first and sells its reserved jars last
 * (settle-payment) and one that must take released jars back before it knows it confirms then
 * queue in the same order instead of deadlocking. An advisory lock, because the series' counter row
 * does not exist before a financial year's first invoice.
 */
export async function lockInvoiceSeries(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('pickles:invoice-series'))`.execute(trx);
}

/**
 * Takes the next number of the kind's series for the financial year of `at`. The upsert locks the
 * counter's row until the caller's transaction ends: concurrent issuers queue behind it, and a
 * rollback gives the number back. Consecutive numbers, no gaps, no duplicates.
 */
async function nextNumber(trx: Trx, kind: TaxDocumentKind, at: Date): Promise<{ number: string; financialYear: string; sequence: number }> {
  if (kind === 'invoice') await lockInvoiceSeries(trx);
  const year = financialYear(at);
  const { last_sequence: sequence } = await trx
    .insertInto('tax_document_counters')
    .values({ kind, financial_year: year.label, last_sequence: 1 })
    .onConflict((conflict) => conflict.columns(['kind', 'financial_year']).doUpdateSet({ last_sequence: sql`tax_document_counters.last_sequence + 1` }))
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return { number: documentNumber(PREFIX[kind], year, sequence), financialYear: year.label, sequence };
}

async function transactionTime(trx: Trx): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(trx);
  return new Date(rows[0]!.now);
}

async function insert(
  trx: Trx,
  draft: Omit<TaxDocument, 'number' | 'issuedAt'>,
  links: { orderId: string; razorpayPaymentId: string; razorpayRefundId?: string; invoiceId?: string },
  at: Date,
): Promise<TaxDocument> {
  const { number, financialYear: year, sequence } = await nextNumber(trx, draft.kind, at);
  await trx
    .insertInto('tax_documents')
    .values({
      kind: draft.kind,
      number,
      financial_year: year,
      sequence,
      order_id: links.orderId,
      order_number: draft.orderNumber,
      razorpay_payment_id: links.razorpayPaymentId,
      razorpay_refund_id: links.razorpayRefundId ?? null,
      invoice_id: links.invoiceId ?? null,
      issued_at: at,
      place_of_supply_code: draft.placeOfSupply.code,
      place_of_supply_name: draft.placeOfSupply.name,
      supply: draft.figures.supply,
      figures: JSON.stringify(draft.figures),
      seller: JSON.stringify(draft.seller),
      recipient: JSON.stringify(draft.recipient),
    })
    .execute();
  return { ...draft, number, issuedAt: at };
}

/**
 * Issues the order's tax invoice in the caller's transaction (the one that marks it paid, holding
 * the order's row lock, so the check for an existing invoice cannot race). Once per order: an
 * order that already has one gets it back unchanged.
 */
export async function issueInvoice(trx: Trx, orderId: string, options: IssueOptions = {}): Promise<TaxDocument> {
  const existing = await selectTaxDocuments(trx).where('d.order_id', '=', orderId).where('d.kind', '=', 'invoice').executeTakeFirst();
  if (existing) return taxDocumentFromRow(existing);
  const order = await trx
    .selectFrom('orders')
    .select(['order_number', 'customer_name', 'flat_number', 'street', 'area', 'city', 'state', 'pincode', 'shipping_paise', 'razorpay_payment_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await trx.selectFrom('order_items').select(['product_id', 'name', 'quantity', 'line_total_paise']).where('order_id', '=', orderId).orderBy('id').execute();
  const draft = draftInvoice(
    {
      orderNumber: order.order_number,
      customerName: order.customer_name,
      flatNumber: order.flat_number,
      street: order.street,
      area: order.area,
      city: order.city,
      state: order.state,
      pincode: order.pincode,
      shippingPaise: order.shipping_paise,
      items: items.map((item) => ({ productId: item.product_id, name: item.name, quantity: item.quantity, lineTotalPaise: item.line_total_paise })),
    },
    options.seller ?? issuingSeller(),
  );
  return insert(trx, draft, { orderId, razorpayPaymentId: order.razorpay_payment_id ?? '' }, options.at ?? (await transactionTime(trx)));
}

export interface CreditedRefund {
  /** The live or archived order the refund belongs to. */
  orderId: string;
  razorpayPaymentId: string;
  razorpayRefundId: string;
  amountPaise: number;
}

/**
 * Issues a credit note for a refund first seen processed, in the transaction that records it (the
 * refund's row is locked there). None when the order has no invoice (paid before invoices began, or
 * money taken on an order that was never confirmed), when the refund is of another payment than the
 * one invoiced (a second capture), or when it would credit more than the invoice's value: there is
 * no invoiced supply to reduce. Once per refund.
 */
export async function issueCreditNote(trx: Trx, refund: CreditedRefund, options: IssueOptions = {}): Promise<TaxDocument | undefined> {
  const existing = await selectTaxDocuments(trx).where('d.razorpay_refund_id', '=', refund.razorpayRefundId).executeTakeFirst();
  if (existing) return taxDocumentFromRow(existing);
  const invoiceRow = await selectTaxDocuments(trx).where('d.order_id', '=', refund.orderId).where('d.kind', '=', 'invoice').executeTakeFirst();
  if (!invoiceRow || invoiceRow.razorpay_payment_id !== refund.razorpayPaymentId) return undefined;
  const invoice = taxDocumentFromRow(invoiceRow);
  const { credited } = await trx
    .selectFrom('tax_documents')
    .select(sql<number>`coalesce(sum((figures->'totals'->>'grossPaise')::int), 0)::int`.as('credited'))
    .where('invoice_id', '=', invoiceRow.id)
    .executeTakeFirstOrThrow();
  if (credited + refund.amountPaise > invoice.figures.totals.grossPaise) return undefined;
  const draft = draftCreditNote(invoice, refund.amountPaise, options.seller ?? issuingSeller());
  return insert(
    trx,
    draft,
    { orderId: refund.orderId, razorpayPaymentId: refund.razorpayPaymentId, razorpayRefundId: refund.razorpayRefundId, invoiceId: invoiceRow.id },
    options.at ?? (await transactionTime(trx)),
  );
}
