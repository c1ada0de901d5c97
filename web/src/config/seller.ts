import { invoiceFigures } from '@pickles/shared/gst';
import type { SellerProfile, TaxClass } from '@pickles/shared/seller-profile';
import { sellerProfile } from './seller-profile.js';

/** Who sells: what the footer, the Contact Us policy and the product cards disclose. */
export const seller: SellerProfile = sellerProfile;

/**
 * The HSN code and GST rate of a product: the catalogue's (decision 024) when the product carries
 * it, otherwise the build's configuration, as `taxClassOf` of @pickles/shared/seller-profile, which
 * the SPA does not import because that module carries the validation code (zod).
 */
export function taxClassOf(productId: number, product?: { hsn?: string; gstRatePercent?: number }): TaxClass {
  if (product?.hsn && product.gstRatePercent !== undefined) return { hsn: product.hsn, ratePercent: product.gstRatePercent };
  return seller.tax.byProduct[productId] ?? seller.tax.defaultClass;
}

export interface GstLine {
  productId: number;
  name: string;
  quantity: number;
  /** What the shopper pays for the line, tax included. */
  grossPaise: number;
  /** The product's tax class, when the catalogue gave one. */
  hsn?: string;
  gstRatePercent?: number;
}

/**
 * The GST contained in an order's tax-inclusive total, as its tax invoice will show it: each line
 * and the shipping (at the principal line's rate) taxed by `invoiceFigures`. The place of supply is
 * the seller's own state only because it is not known yet; the total tax is the same either way.
 */
export function includedGstPaise(lines: readonly GstLine[], shippingPaise: number): number {
  if (lines.length === 0) return 0;
  const products = lines.map((line) => ({ description: line.name, ...taxClassOf(line.productId, line), quantity: line.quantity, grossPaise: line.grossPaise }));
  const code = seller.address.stateCode;
  return invoiceFigures({ products, shippingPaise, sellerStateCode: code, placeOfSupplyCode: code }).totals.taxPaise;
}

/** The seller's address on one line: "12 Example Lane, Chandni Chowk, Delhi 110006, Delhi, India". */
export function sellerAddressLine(profile: SellerProfile = seller): string {
  const { lines, city, pincode, state } = profile.address;
  return [...lines, `${city} ${pincode}`, state, 'India'].join(', ');
}

/** The anchor of the Contact Us policy's seller details, which the footer links to. */
export const SELLER_DETAILS_ID = 'seller-details';
