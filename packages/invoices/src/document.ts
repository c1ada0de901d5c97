import type { DeliveryAddress } from '@pickles/shared/address';
import { creditNoteFigures, invoiceFigures, type TaxFigures } from '@pickles/shared/gst';
import { findIndianState } from '@pickles/shared/indian-states';
import { taxClassOf, type SellerProfile } from '@pickles/shared/seller-profile';

export type TaxDocumentKind = 'invoice' | 'credit-note';

/** The seller as printed, copied at issue time: a later change of address does not rewrite old documents. */
export interface SellerSnapshot {
  legalName: string;
  tradeName: string;
  address: { lines: string[]; city: string; pincode: string; state: string; stateCode: string };
  gstin: string;
  fssaiLicence: string;
  customerCare: { phone: string; email: string };
}

/** The recipient as printed: name and delivery address (no e-mail or phone: an invoice does not need them). */
export interface RecipientSnapshot {
  name: string;
  address: { lines: string[]; city: string; pincode: string };
  /** The state as recognised (its GST name and code), or as typed with a null code when it was not. */
  state: { name: string; code: string | null };
}

/** Everything a tax invoice or credit note prints, as stored in tax_documents. */
export interface TaxDocument {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: Date;
  orderNumber: string;
  /** Goods delivered to the shopper: the delivery state (IGST Act, section 10(1)(a)). */
  placeOfSupply: { name: string; code: string | null };
  figures: TaxFigures;
  seller: SellerSnapshot;
  recipient: RecipientSnapshot;
  /** A credit note's invoice. */
  invoice?: { number: string; issuedAt: Date };
}

/** An order as the invoice needs it (orders and order_items columns). */
export interface InvoicedOrder extends DeliveryAddress {
  orderNumber: string;
  customerName: string;
  shippingPaise: number;
  /**
   * The items as sold. `hsn` and `ratePercent` are the tax class kept with the item at create-order
   * (migration 021); an item without one (an order placed before) takes the environment's class.
   */
  items: { productId: number; name: string; quantity: number; lineTotalPaise: number; hsn?: string | null; ratePercent?: number | null; discountPaise?: number }[];
  /** The discount code the order used and all it took off (decision 028); the items carry their shares, shipping the rest. */
  discountCode?: string | null;
  discountPaise?: number;
}

export function sellerSnapshot(profile: SellerProfile): SellerSnapshot {
  const { legalName, tradeName, address, gstin, fssaiLicence, customerCare } = profile;
  return { legalName, tradeName, address: { ...address, lines: [...address.lines] }, gstin, fssaiLicence, customerCare: { ...customerCare } };
}

/**
 * The place of supply from the state the shopper typed. A state that cannot be recognised keeps
 * the typed name with no code and is taxed as another state's (IGST): nothing is refused, since the
 * money is already taken, and the accountant sees the missing code on the invoice and in the export.
 */
export function placeOfSupply(typedState: string): { name: string; code: string | null } {
  const state = findIndianState(typedState);
  return state ? { name: state.name, code: state.code } : { name: typedState.trim(), code: null };
}

export function recipientSnapshot(order: InvoicedOrder): RecipientSnapshot {
  return {
    name: order.customerName.trim(),
    address: { lines: [order.flatNumber, order.street, order.area].map((line) => line.trim()).filter(Boolean), city: order.city.trim(), pincode: order.pincode.trim() },
    state: placeOfSupply(order.state),
  };
}

/** The invoice's figures: each item at the HSN and rate it was sold at (tax-inclusive prices), shipping at the main item's. */
export function orderInvoiceFigures(order: InvoicedOrder, profile: SellerProfile): TaxFigures {
  // GST is on the transaction value: each line after its share of the discount (decision 028).
  const itemsDiscountPaise = order.items.reduce((sum, item) => sum + (item.discountPaise ?? 0), 0);
  const shippingDiscountPaise = (order.discountPaise ?? 0) - itemsDiscountPaise;
  const figures = invoiceFigures({
    products: order.items.map((item) => {
      const { hsn, ratePercent } = item.hsn && item.ratePercent != null ? { hsn: item.hsn, ratePercent: item.ratePercent } : taxClassOf(profile, item.productId);
      const discountPaise = item.discountPaise ?? 0;
      return { description: item.name, hsn, ratePercent, quantity: item.quantity, grossPaise: item.lineTotalPaise - discountPaise, ...(discountPaise > 0 ? { discountPaise } : {}) };
    }),
    shippingPaise: order.shippingPaise - shippingDiscountPaise,
    shippingDiscountPaise,
    sellerStateCode: profile.address.stateCode,
    // An unrecognised state never equals the seller's code: IGST.
    placeOfSupplyCode: placeOfSupply(order.state).code ?? '',
  });
  return order.discountCode ? { ...figures, discountCode: order.discountCode } : figures;
}

/** A new invoice's contents, before it has a number. */
export function draftInvoice(order: InvoicedOrder, profile: SellerProfile): Omit<TaxDocument, 'number' | 'issuedAt'> {
  const recipient = recipientSnapshot(order);
  return {
    kind: 'invoice',
    orderNumber: order.orderNumber,
    placeOfSupply: recipient.state,
    figures: orderInvoiceFigures(order, profile),
    seller: sellerSnapshot(profile),
    recipient,
  };
}

/**
 * A credit note for a refund of `refundPaise` against `invoice`, after its earlier credit notes'
 * figures (`credited`): same recipient and place of supply, today's seller.
 */
export function draftCreditNote(invoice: TaxDocument, refundPaise: number, profile: SellerProfile, credited: readonly TaxFigures[] = []): Omit<TaxDocument, 'number' | 'issuedAt'> {
  return {
    kind: 'credit-note',
    orderNumber: invoice.orderNumber,
    placeOfSupply: invoice.placeOfSupply,
    figures: creditNoteFigures(invoice.figures, refundPaise, credited),
    seller: sellerSnapshot(profile),
    recipient: invoice.recipient,
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
  };
}

/** The file name of a document's PDF: 'RP/26-27/000042' -> 'RP-26-27-000042.pdf'. */
export function documentFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}

/** The document number back from its file name's stem ('RPC-26-27-000007' -> 'RPC/26-27/000007'), or undefined. */
export function numberFromFileStem(stem: string): string | undefined {
  const match = /^(RPC?)-(\d{2}-\d{2})-(\d{6})$/.exec(stem);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : undefined;
}

/** The headers of a PDF download: an attachment named after the number, never cached (it names a shopper). */
export function pdfDownloadHeaders(document: Pick<TaxDocument, 'number'>, bytes: number): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${documentFileName(document.number)}"`,
    'Content-Length': String(bytes),
    'Cache-Control': 'no-store',
  };
}
