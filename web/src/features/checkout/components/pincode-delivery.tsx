import type { DeliveryPromise } from '@pickles/shared/delivery-promise';
import { DeliveryPromiseText } from '../../../components/ui/delivery-promise.js';
import type { PincodeLookup, StateCorrection } from '../hooks/use-pincode-lookup.js';

/**
 * Beside the pincode field: when an order to it arrives (the delivery promise, counted from today),
 * or what stands in the way. Always rendered and two lines high, so the answer moves nothing; a
 * screen reader hears it change. An unknown pincode's message is the field's own error. Empty until
 * a pincode is typed: a prompt there, drawn by the app, would be the page's largest text and hold its
 * largest paint back to the app's arrival (the field's label says what to type).
 */
export function PincodeDelivery({ lookup, promise }: { lookup: PincodeLookup; promise: DeliveryPromise | undefined }) {
  let content;
  if (lookup.status === 'found' && promise) content = <DeliveryPromiseText promise={promise} />;
  else if (lookup.status === 'loading') content = <span>Checking when an order to {lookup.pincode} arrives...</span>;
  else if (lookup.status === 'failed') content = <span>We could not look up the delivery time just now.</span>;
  else content = null;
  return (
    <p className="checkout-field__delivery" data-testid="pincode-delivery" aria-live="polite">
      {content}
    </p>
  );
}

/** Under the state field: the state the form put in place of a typed one the pincode contradicted. */
export function StateCorrected({ correction }: { correction: StateCorrection }) {
  return (
    <p className="checkout-field__note" role="status" data-testid="state-corrected">
      Changed from “{correction.typed}”: pincode {correction.pincode} is in {correction.state}.
    </p>
  );
}
