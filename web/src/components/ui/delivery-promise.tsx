import { describePromise, type DeliveryPromise } from '@pickles/shared/delivery-promise';
import './delivery-promise.css';

/**
 * When the parcel arrives, in the words every place uses (packages/shared/src/delivery-promise.ts):
 * "Expected delivery: between 7 Dec and 12 Dec 2026" and how those days add up.
 */
export function DeliveryPromiseText({ promise }: { promise: DeliveryPromise }) {
  const words = describePromise(promise);
  return (
    <>
      <strong className="delivery-promise__dates">{words.sentence}</strong> <span className="delivery-promise__detail">{words.detail}</span>
    </>
  );
}
