import { addressOneLine } from '@pickles/shared/address';
import { useRef } from 'react';
import type { DeliveryPromise } from '@pickles/shared/delivery-promise';
import { formatPaise, rupeesToPaise } from '@pickles/shared/money';
import { DeliveryPromiseText } from '../../../components/ui/delivery-promise.js';
import { useFocusTrap } from '../../../lib/use-focus-trap.js';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';
import type { CheckoutFormValues } from '../form-storage.js';

export interface ConfirmModalProps {
  checkout: CheckoutNavigationState;
  values: CheckoutFormValues;
  /** When the parcel arrives, as the form said beside the pincode. */
  promise?: DeliveryPromise;
  isBusy: boolean;
  /** The discount code applied, and what it takes off (paise). */
  discount?: { code: string; discountPaise: number };
  onEdit: () => void;
  onConfirm: () => void;
}

/** 'Confirm Your Royal Order': a last look at the address and amount before paying. */
export function ConfirmModal({ checkout, values, promise, isBusy, discount, onEdit, onConfirm }: ConfirmModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, true, () => {
    if (!isBusy) onEdit();
  });
  return (
    <div className="modal-backdrop">
      <div className="checkout-modal card" role="dialog" aria-modal="true" aria-labelledby="confirm-title" ref={dialog}>
        <h2 id="confirm-title">Confirm Your Royal Order</h2>
        <dl className="checkout-modal__details">
          <dt>Name</dt>
          <dd>{values.name}</dd>
          <dt>Email</dt>
          <dd>{values.email}</dd>
          <dt>Phone</dt>
          <dd>+91 {values.phone}</dd>
          <dt>Deliver to</dt>
          <dd>
            {addressOneLine(values)}
          </dd>
          {promise ? (
            <>
              <dt>Delivery</dt>
              <dd data-testid="confirm-delivery">
                <DeliveryPromiseText promise={promise} />
              </dd>
            </>
          ) : null}
          {discount ? (
            <>
              <dt>Discount</dt>
              <dd data-testid="confirm-discount">
                {discount.code}: -{formatPaise(discount.discountPaise)}
              </dd>
            </>
          ) : null}
          <dt>Amount</dt>
          <dd>
            <strong data-testid="confirm-amount">{formatPaise(rupeesToPaise(checkout.total) - (discount?.discountPaise ?? 0))}</strong>
          </dd>
        </dl>
        <div className="checkout-modal__actions">
          <button type="button" className="btn btn-ghost" onClick={onEdit} disabled={isBusy}>
            Edit Details
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={isBusy}>
            {isBusy ? 'Processing...' : 'Confirm & Pay'}
          </button>
        </div>
      </div>
    </div>
  );
}
