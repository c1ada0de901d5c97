import type { DeliveryEstimate } from '@pickles/shared/api';
import type { PincodeLookup } from '../hooks/use-pincode-lookup.js';

const days = ([min, max]: [number, number]) => `${min}-${max} days`;

/** 'in 11-17 days: prepared in 7-10 days, then 4-7 days by courier'. */
export function describeEstimate(estimate: DeliveryEstimate): { total: string; detail: string } {
  return { total: `in ${days(estimate.totalDays)}`, detail: `Prepared in ${days(estimate.processingDays)}, then ${days(estimate.deliveryDays)} by courier.` };
}

/**
 * The order summary's delivery line for the typed pincode (issue 17). Always rendered, two lines
 * high, so the estimate replacing the prompt moves nothing; a screen reader hears the change.
 */
export function DeliveryEstimateNote({ lookup }: { lookup: PincodeLookup }) {
  let content;
  if (lookup.status === 'found') {
    const { total, detail } = describeEstimate(lookup.place.estimate);
    content = (
      <>
        <span className="order-summary__delivery-total">
          Delivery to {lookup.pincode} ({lookup.place.city}): <strong>{total}</strong>
        </span>
        <span>{detail}</span>
      </>
    );
  } else if (lookup.status === 'loading') {
    content = <span>Delivery to {lookup.pincode}: checking...</span>;
  } else if (lookup.status === 'unknown') {
    content = <span>Check your pincode to see when your order arrives.</span>;
  } else if (lookup.status === 'failed') {
    content = <span>We could not look up the delivery time just now.</span>;
  } else {
    content = <span>Enter your pincode to see when your order arrives.</span>;
  }
  return (
    <p className="order-summary__delivery" data-testid="summary-delivery" aria-live="polite">
      {content}
    </p>
  );
}
