import { formatRupees } from '@pickles/shared/money';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';

/**
 * The order summary. The spec labels the grand total (shipping included) 'Subtotal': a quirk of
 * the original shop, kept on purpose (docs/product.md §2).
 */
export function OrderSummary({ checkout }: { checkout: CheckoutNavigationState }) {
  const lines = checkout.products.map((product) => ({ product, quantity: checkout.cart[String(product.id)] ?? 0 })).filter((line) => line.quantity > 0);
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
      <p className="order-summary__note">Prices in INR, MRP inclusive of GST. Prepaid only.</p>
    </section>
  );
}
