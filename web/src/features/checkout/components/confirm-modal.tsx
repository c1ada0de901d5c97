import { useRef } from 'react';
import { formatRupees } from '@pickles/shared/money';
import { useFocusTrap } from '../../../lib/use-focus-trap.js';
import type { CheckoutNavigationState } from '../../../lib/checkout-state.js';
import type { CheckoutFormValues } from '../form-storage.js';

export interface ConfirmModalProps {
  checkout: CheckoutNavigationState;
  values: CheckoutFormValues;
  isBusy: boolean;
  onEdit: () => void;
  onConfirm: () => void;
}

/** 'Confirm Your Royal Order': a last look at the address and amount before paying. */
export function ConfirmModal({ checkout, values, isBusy, onEdit, onConfirm }: ConfirmModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, true, () => {
    if (!isBusy) onEdit();
  });
  return (
    <div className="checkout-backdrop">
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
            {values.flatNumber}, {values.street}, {values.area}, {values.city}, {values.state} - {values.pincode}
          </dd>
          <dt>Amount</dt>
          <dd>
            <strong>{formatRupees(checkout.total)}</strong>
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
