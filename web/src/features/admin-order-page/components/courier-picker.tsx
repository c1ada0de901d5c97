import { useEffect, useId, useState } from 'react';
import type { CourierOptionsResponse } from '@pickles/shared';
import { formatIndiaDayShort } from '@pickles/shared/india-time';
import { formatPaise } from '@pickles/shared/money';
import { FormButtons, FormFailure } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { courierOptions } from '../api/ship-order.js';
import { Modal, orderTitle } from './modal.js';

/** "Automatic": no courierId is sent, the courier's own rules pick (its recommended one). */
const AUTOMATIC = 'automatic';

interface CourierPickerProps {
  orderId: string;
  orderNumber: string;
  isBooking: boolean;
  failure: string | undefined;
  onClose: () => void;
  /** undefined: Automatic. */
  onBook: (courierId: number | undefined) => void;
  /** No courier serves the pincode: the owner records the dispatch by hand. */
  onManual: () => void;
}

const days = (n: number | null) => (n === null ? null : `${n} day${n === 1 ? '' : 's'}`);

/**
 * Ship's courier choice: the couriers serving the order's pincode for its parcel, each with its rate
 * and expected delivery, and "Automatic (cheapest / recommended)" chosen first. When none serves the
 * pincode it says so in the courier's words and offers the manual dispatch instead.
 */
export function CourierPicker({ orderId, orderNumber, isBooking, failure, onClose, onBook, onManual }: CourierPickerProps) {
  const [answer, setAnswer] = useState<CourierOptionsResponse | undefined>();
  const [loadFailure, setLoadFailure] = useState<string | undefined>();
  const [choice, setChoice] = useState<string>(AUTOMATIC);
  const name = useId();

  useEffect(() => {
    let current = true;
    courierOptions(orderId).then(
      (response) => current && setAnswer(response),
      (cause) => current && setLoadFailure(failureText(cause, 'The couriers could not be fetched')),
    );
    return () => {
      current = false;
    };
  }, [orderId]);

  const recommended = answer?.serviceable ? answer.couriers.find((c) => c.courierId === answer.recommendedCourierId) : undefined;
  const cheapest = answer?.serviceable ? answer.couriers[0] : undefined;

  return (
    <Modal title={orderTitle('Ship', orderNumber)} isBusy={isBooking} onClose={onClose}>
      {loadFailure ? (
        <FormFailure message={loadFailure} />
      ) : !answer ? (
        <p className="op-muted" role="status">
          Asking the courier who delivers there…
        </p>
      ) : !answer.serviceable ? (
        <div className="op-picker__none" role="alert">
          <p>
            <strong>No courier delivers to {answer.pincode}.</strong> {answer.message}
          </p>
          <p className="op-muted">Send it another way and record the dispatch by hand.</p>
        </div>
      ) : (
        <fieldset className="op-picker" disabled={isBooking}>
          <legend className="op-muted">
            Couriers for pincode {answer.pincode}, parcel {answer.weightKg} kg
          </legend>
          <label className="op-picker__option">
            <input type="radio" name={name} value={AUTOMATIC} checked={choice === AUTOMATIC} onChange={() => setChoice(AUTOMATIC)} />
            <span className="op-picker__name">Automatic (cheapest / recommended)</span>
            <span className="op-picker__detail op-muted">
              {recommended ? `The courier's pick: ${recommended.courierName}` : null}
              {recommended && cheapest && cheapest.courierId !== recommended.courierId ? `; cheapest: ${cheapest.courierName}` : null}
            </span>
          </label>
          {answer.couriers.map((courier) => (
            <label key={courier.courierId} className="op-picker__option">
              <input type="radio" name={name} value={String(courier.courierId)} checked={choice === String(courier.courierId)} onChange={() => setChoice(String(courier.courierId))} />
              <span className="op-picker__name">
                {courier.courierName}
                {courier.courierId === answer.recommendedCourierId ? <span className="op-picker__tag">Recommended</span> : null}
              </span>
              <span className="op-picker__rate">{formatPaise(courier.ratePaise)}</span>
              <span className="op-picker__detail op-muted">
                {[days(courier.estimatedDeliveryDays), courier.expectedDeliveryDay ? `by ${formatIndiaDayShort(courier.expectedDeliveryDay, false)}` : null].filter(Boolean).join(', ') ||
                  'No delivery estimate'}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <FormButtons failure={failure} className="op-modal__actions" isBusy={isBooking} onCancel={onClose}>
        {answer && !answer.serviceable ? (
          <button type="button" className="btn btn-primary" onClick={onManual}>
            Record dispatch by hand
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={isBooking || !answer?.serviceable} onClick={() => onBook(choice === AUTOMATIC ? undefined : Number(choice))}>
            {isBooking ? 'Booking…' : 'Book courier'}
          </button>
        )}
      </FormButtons>
    </Modal>
  );
}
