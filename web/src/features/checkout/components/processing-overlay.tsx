/** Shown while the payment is verified, and for 1.5 s before the failure page (docs/product.md §4). */
export function ProcessingOverlay() {
  return (
    <div className="checkout-processing" role="status" aria-live="assertive">
      <div className="checkout-processing__spinner" aria-hidden="true" />
      <p>Completing your royal transaction...</p>
    </div>
  );
}
