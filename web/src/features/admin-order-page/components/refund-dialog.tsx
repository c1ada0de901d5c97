import { useRef, useState, type FormEvent } from 'react';
import { formatRupees, type CreateRefundResponse } from '@pickles/shared';
import { createRefundSchema } from '@pickles/shared/admin-order-requests';
import { fieldErrors } from '@pickles/shared/validation';
import { createRefund } from '../api/create-refund.js';
import { AdminField, FormFailure } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { Modal, orderTitle } from './modal.js';

interface RefundDialogProps {
  /** The order's internal id, for the API. */
  orderId: string;
  orderNumber: string;
  /** Rupees still refundable: the amount's default and its limit. */
  refundable: number;
  /** Shown above the form, e.g. after a cancellation. */
  intro?: string;
  defaultReason?: string;
  onClose: () => void;
  onRequested: (response: CreateRefundResponse) => void;
}

const refundFields = createRefundSchema.pick({ amount: true, reason: true });

/** Rupees with at most two decimals, as typed (commas allowed); undefined when it is not such a number. */
function parseRupees(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/**
 * The refund: amount (the refundable amount, or less) and a reason, then a confirmation step.
 * The request key is made once per opening of the dialog, so a double click, a retry after an
 * error or a resubmission is the same refund on the server (decision 010).
 */
export function RefundDialog({ orderId, orderNumber, refundable, intro, defaultReason = '', onClose, onRequested }: RefundDialogProps) {
  const [requestKey] = useState(() => crypto.randomUUID());
  const [amountText, setAmountText] = useState(String(refundable));
  const [reason, setReason] = useState(defaultReason);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirmed, setConfirmed] = useState<{ amount: number; reason: string } | undefined>();
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  // A second click lands before React re-renders the disabled button: the ref stops it.
  const sending = useRef(false);

  const review = (event: FormEvent) => {
    event.preventDefault();
    // The server's schema for amount and reason, so the dialog says what the server would.
    const amount = parseRupees(amountText);
    const checked = refundFields.safeParse({ amount: amount ?? Number.NaN, reason });
    const next: typeof errors = checked.success ? {} : fieldErrors(checked.error);
    if (!next.amount && amount !== undefined && amount > refundable) next.amount = `At most ${formatRupees(refundable)} can be refunded`;
    setErrors(next);
    if (!checked.success || next.amount) return;
    setFailure(undefined);
    setConfirmed(checked.data);
  };

  const send = async () => {
    if (!confirmed || sending.current) return;
    sending.current = true;
    setIsSending(true);
    setFailure(undefined);
    try {
      onRequested(await createRefund(orderId, { amount: confirmed.amount, reason: confirmed.reason, requestKey }));
    } catch (cause) {
      setFailure(failureText(cause, 'The refund could not be requested'));
    } finally {
      sending.current = false;
      setIsSending(false);
    }
  };

  return (
    <Modal title={orderTitle('Refund', orderNumber)} isBusy={isSending} onClose={onClose}>
      {confirmed ? (
        <div className="op-confirm">
          <p className="op-confirm__question">Refund {formatRupees(confirmed.amount)} to the shopper&apos;s card/UPI?</p>
          <p className="op-muted">Reason: {confirmed.reason}</p>
          {confirmed.amount < refundable ? <p className="op-muted">{formatRupees(refundable - confirmed.amount)} will stay refundable.</p> : null}
          <FormFailure message={failure} />
          <div className="op-modal__actions">
            <button type="button" className="btn" disabled={isSending} onClick={() => setConfirmed(undefined)}>
              Back
            </button>
            <button type="button" className="btn btn-primary" disabled={isSending} onClick={() => void send()}>
              {isSending ? 'Refunding...' : `Refund ${formatRupees(confirmed.amount)}`}
            </button>
          </div>
        </div>
      ) : (
        <form className="op-form" onSubmit={review} noValidate>
          {intro ? <p className="op-intro">{intro}</p> : null}
          <p className="op-muted">Refundable: {formatRupees(refundable)}. A partial refund leaves the rest refundable.</p>
          <AdminField label="Amount (₹)" error={errors.amount}>
            {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" value={amountText} onChange={(e) => setAmountText(e.target.value)} />}
          </AdminField>
          <AdminField label="Reason" error={errors.reason}>
            {(props) => <textarea {...props} rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </AdminField>
          <div className="op-modal__actions">
            <button type="button" className="btn" onClick={onClose}>
              {intro ? 'Not now' : 'Cancel'}
            </button>
            <button type="submit" className="btn btn-primary">
              Continue
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
