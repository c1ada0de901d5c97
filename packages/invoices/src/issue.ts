import { sql, together, type Database, type RawBuilder, type StatementPart, type Transaction } from '@pickles/db';
import { draftCreditNote, draftInvoice, type InvoicedOrder, type TaxDocument, type TaxDocumentKind } from './document.js';
import { selectTaxDocuments, taxDocumentFromRow } from './rows.js';
import { DOCUMENT_SEQUENCE_DIGITS, documentSeries, financialYear, type TaxFigures } from '@pickles/shared/gst';
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
 * The parts of a statement that number a tax document and store it: `tax_number` takes the next
 * number of the kind's series for the financial year of `at` (an upsert that locks the counter's row
 * until the statement's transaction ends: concurrent issuers queue behind it, and a rollback gives
 * the number back: consecutive numbers, no gaps, no duplicates), and `tax_document` inserts the
 * document with it, written as documentSeries + the sequence padded to DOCUMENT_SEQUENCE_DIGITS
 * (the database refuses a sequence that would not fit: migration 013). Taking the number and
 * storing the document in the statement that settles the payment keeps the counter locked only
 * until that statement's transaction commits, never across a round trip to Node.
 *
 * `after`, when given, goes in the counter's WHERE: the stock rows' lock must come first (a
 * confirmation takes the order's row, its products' stock rows, then the counter; every writer
 * takes them in that order, so two confirmations never deadlock).
 */
export function taxDocumentParts(
  draft: Omit<TaxDocument, 'number' | 'issuedAt'>,
  links: { orderId: string; razorpayPaymentId: string; razorpayRefundId?: string; invoiceId?: string },
  at: Date,
  after?: RawBuilder<boolean>,
): StatementPart[] {
  const year = financialYear(at);
  const document = {
    kind: draft.kind,
    financial_year: year.label,
    order_id: links.orderId,
    order_number: draft.orderNumber,
    razorpay_payment_id: links.razorpayPaymentId,
    razorpay_refund_id: links.razorpayRefundId ?? null,
    invoice_id: links.invoiceId ?? null,
    issued_at: at.toISOString(),
    place_of_supply_code: draft.placeOfSupply.code,
    place_of_supply_name: draft.placeOfSupply.name,
    supply: draft.figures.supply,
    figures: draft.figures,
    seller: draft.seller,
    recipient: draft.recipient,
  } satisfies Partial<Record<keyof Database['tax_documents'], unknown>>;
  const columns = sql.join(Object.keys(document).map((column) => sql.ref(column)));
  const values = sql.join(Object.keys(document).map((column) => sql.ref(`document.${column}`)));
  return [
    {
      name: 'tax_number',
      query: sql`insert into tax_document_counters (kind, financial_year, last_sequence)
        select ${draft.kind}, ${year.label}, 1 ${after ? sql`where ${after}` : sql``}
        on conflict (kind, financial_year) do update set last_sequence = tax_document_counters.last_sequence + 1
        returning last_sequence`,
    },
    {
      name: 'tax_document',
      query: sql`insert into tax_documents (${columns}, number, sequence)
        select ${values}, ${documentSeries(PREFIX[draft.kind], year)} || lpad(tax_number.last_sequence::text, ${DOCUMENT_SEQUENCE_DIGITS}, '0'), tax_number.last_sequence
        from tax_number, json_populate_record(null::tax_documents, ${JSON.stringify(document)}::json) as document
        returning number`,
    },
  ];
}

async function transactionTime(trx: Trx): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(trx);
  return new Date(rows[0]!.now);
}

/** Numbers and stores a document in one statement of the caller's transaction (taxDocumentParts). */
async function insert(
  trx: Trx,
  draft: Omit<TaxDocument, 'number' | 'issuedAt'>,
  links: { orderId: string; razorpayPaymentId: string; razorpayRefundId?: string; invoiceId?: string },
  at: Date,
): Promise<TaxDocument> {
  const { rows } = await together<{ number: string }>(taxDocumentParts(draft, links, at), sql`number from tax_document`).execute(trx);
  return { ...draft, number: rows[0]!.number, issuedAt: at };
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
    .select(['order_number', 'customer_name', 'flat_number', 'street', 'area', 'city', 'state', 'pincode', 'shipping_paise', 'razorpay_payment_id', 'discount_code', 'discount_paise'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await trx.selectFrom('order_items').select(['product_id', 'name', 'quantity', 'line_total_paise', 'hsn', 'gst_rate_percent', 'discount_paise']).where('order_id', '=', orderId).orderBy('id').execute();
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
      discountCode: order.discount_code,
      discountPaise: order.discount_paise,
      items: items.map((item) => ({
        productId: item.product_id,
        name: item.name,
        quantity: item.quantity,
        lineTotalPaise: item.line_total_paise,
        hsn: item.hsn,
        ratePercent: item.gst_rate_percent,
        discountPaise: item.discount_paise,
      })),
    },
    options.seller ?? issuingSeller(),
  );
  return insert(trx, draft, { orderId, razorpayPaymentId: order.razorpay_payment_id ?? '' }, options.at ?? (await transactionTime(trx)));
}

/**
 * The parts that issue a newly paid order's invoice inside the statement that settles its payment
 * (settle-payment), from the order as the settlement read it: the caller knows it has no invoice yet.
 */
export function invoiceParts(orderId: string, order: InvoicedOrder, razorpayPaymentId: string, at: Date, after?: RawBuilder<boolean>): StatementPart[] {
  return taxDocumentParts(draftInvoice(order, issuingSeller()), { orderId, razorpayPaymentId }, at, after);
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
  // The invoice's earlier notes: the one completing a full refund reverses exactly what they left.
  const earlier = (await trx.selectFrom('tax_documents').select('figures').where('invoice_id', '=', invoiceRow.id).execute()).map((row) => row.figures as TaxFigures);
  const credited = earlier.reduce((total, figures) => total + figures.totals.grossPaise, 0);
  if (credited + refund.amountPaise > invoice.figures.totals.grossPaise) return undefined;
  const draft = draftCreditNote(invoice, refund.amountPaise, options.seller ?? issuingSeller(), earlier);
  return insert(
    trx,
    draft,
    { orderId: refund.orderId, razorpayPaymentId: refund.razorpayPaymentId, razorpayRefundId: refund.razorpayRefundId, invoiceId: invoiceRow.id },
    options.at ?? (await transactionTime(trx)),
  );
}
