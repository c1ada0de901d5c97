import { formatPaise, formatRupees, rupeesToPaise } from '@pickles/shared/money';
import { includedGstPaise } from '../../../config/seller.js';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';

/**
 * The order summary. The spec labels the grand total (shipping included) 'Subtotal': a quirk of the
 * original shop, kept on purpose (docs/product.md §2).
 */
export function OrderSummary({ checkout }: { checkout: CheckoutNavigationState }) {
  const lines = checkout.products.map((product) => ({ product, quantity: checkout.cart[String(product.id)] ?? 0 })).filter((line) => line.quantity > 0);
  const gstPaise = includedGstPaise(
    lines.map(({ product, quantity }) => ({ productId: product.id, name: product.name, quantity, grossPaise: rupeesToPaise(product.price) * quantity, hsn: product.hsn, gstRatePercent: product.gstRatePercent })),
    rupeesToPaise(checkout.shippingCost),
  );
  return (
    <section className="order-summary card" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <ul className="order-summary__lines">
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
      </ul>
      <p className="order-summary__total">
        <span>Subtotal</span>
        <strong data-testid="summary-total">{formatRupees(checkout.total)}</strong>
      </p>
      {/* Prices are MRP: the GST is inside them, taken out as the tax invoice will show it. */}
      <p className="order-summary__note" data-testid="summary-gst">
        Includes GST of {formatPaise(gstPaise)}
      </p>
      <p className="order-summary__note">Prices in INR, MRP inclusive of GST. Prepaid only.</p>
    </section>
  );
}
