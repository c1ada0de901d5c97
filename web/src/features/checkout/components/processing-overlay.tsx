/** What the overlay says while the shop waits for the answer, and once the answer is a failure. */
export const PROCESSING_TEXT = 'Completing your royal transaction...';
export const NOT_COMPLETED_TEXT = 'Your payment did not go through.';
export const NOT_COMPLETED_NEXT = 'Taking you to the details...';

/**
 * docs/product.md §4: shown while a payment Razorpay reported is verified, and for 1.5 s before the
 * failure page. On a failure it never says the transaction is completing: the answer is already in.
 */
export function ProcessingOverlay({ outcome = 'verifying' }: { outcome?: 'verifying' | 'failed' }) {
  if (outcome === 'failed') {
    return (
      <div className="checkout-processing checkout-processing--failed" role="alert">
        <p>{NOT_COMPLETED_TEXT}</p>
        <p className="checkout-processing__next">{NOT_COMPLETED_NEXT}</p>
      </div>
    );
  }
  return (
    <div className="checkout-processing" role="status" aria-live="assertive">
      <div className="checkout-processing__spinner" aria-hidden="true" />
      <p>{PROCESSING_TEXT}</p>
    </div>
  );
}
