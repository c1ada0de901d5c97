import type { ReactNode } from 'react';
import type { DiscountCheckResponse } from '@pickles/shared/api';
import { allocate } from '@pickles/shared/gst';
import { formatPaise, formatRupees, rupeesToPaise } from '@pickles/shared/money';
import { includedGstPaise } from '../../../config/seller.js';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';

/**
 * The order summary. The spec labels the grand total (shipping included) 'Subtotal': a quirk of the
 * original shop, kept on purpose (docs/product.md §2).
 */
export function OrderSummary({ checkout, discount, children }: { checkout: CheckoutNavigationState; discount?: DiscountCheckResponse; children?: ReactNode }) {
  const lines = checkout.products.map((product) => ({ product, quantity: checkout.cart[String(product.id)] ?? 0 })).filter((line) => line.quantity > 0);
  // A code's discount is shared over the lines by value as the invoice shares it (decision 028): the GST is on what is paid.
  const goodsDiscountPaise = discount ? discount.discountPaise - discount.shippingDiscountPaise : 0;
  const grossPaise = lines.map(({ product, quantity }) => rupeesToPaise(product.price) * quantity);
  const lineDiscounts = goodsDiscountPaise > 0 ? allocate(goodsDiscountPaise, grossPaise) : grossPaise.map(() => 0);
  const gstPaise = includedGstPaise(
    lines.map(({ product, quantity }, index) => ({ productId: product.id, name: product.name, quantity, grossPaise: grossPaise[index]! - lineDiscounts[index]!, hsn: product.hsn, gstRatePercent: product.gstRatePercent })),
    rupeesToPaise(checkout.shippingCost) - (discount?.shippingDiscountPaise ?? 0),
  );
  return (
    <section className="order-summary card" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <ul className="order-summary__lines receipt-lines">
        {lines.map(({ product, quantity }) => (
          <li key={product.id}>
            <span>
              {product.name} <span className="order-summary__qty">x {quantity}</span>
            </span>
            <span>{formatRupees(product.price * quantity)}</span>
          </li>
        ))}
        <li>
          <span>Shipping</span>
          <span>{formatRupees(checkout.shippingCost)}</span>
        </li>
        {discount ? (
          <li className="order-summary__discount" data-testid="summary-discount">
            <span>Discount ({discount.code})</span>
            <span>-{formatPaise(discount.discountPaise)}</span>
          </li>
        ) : null}
      </ul>
      {children}
      <p className="order-summary__total receipt-total">
        <span>Subtotal</span>
        <strong data-testid="summary-total">{formatPaise(rupeesToPaise(checkout.total) - (discount?.discountPaise ?? 0))}</strong>
      </p>
      {/* Prices are MRP: the GST is inside them, taken out as the tax invoice will show it. */}
      <p className="order-summary__note" data-testid="summary-gst">
        Includes GST of {formatPaise(gstPaise)}
      </p>
      <p className="order-summary__note">Prices in INR, MRP inclusive of GST. Prepaid only.</p>
    </section>
  );
}
