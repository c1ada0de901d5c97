import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { OrderDispatch, RecordDispatchResponse } from '@pickles/shared';
import { recordDispatch, type DispatchInput } from '../api/record-dispatch.js';
import { COURIERS, courierTrackingUrl, findCourier } from '@pickles/shared/couriers';
import { recordDispatchSchema } from '@pickles/shared/admin-order-requests';
import { isApiFailure } from '../../../lib/api-client.js';
import { failureText } from '../format.js';

export interface DispatchValues {
  courierId: string;
  courierName: string;
  awb: string;
  trackingUrl: string;
}

type DispatchErrors = Partial<Record<keyof DispatchValues, string>>;

/**
 * The server's own schema (shared), so the form says what the server would: courier, AWB, and for
 * "other" the courier's name and an https link. The server checks again and has the last word.
 */
export function validateDispatch(values: DispatchValues): { input?: DispatchInput; errors: DispatchErrors } {
  const isOther = values.courierId === 'other';
  const result = recordDispatchSchema.safeParse({ ...values, courierName: isOther ? values.courierName : '' });
  if (result.success) return { input: result.data, errors: {} };
  const errors: DispatchErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof DispatchValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function initialValues(dispatch: OrderDispatch | null): DispatchValues {
  if (!dispatch) return { courierId: '', courierName: '', awb: '', trackingUrl: '' };
  const isOther = dispatch.courierId === 'other';
  // A known courier's template link is what the server fills in again; only a link the owner typed is shown.
  const isTemplate = dispatch.trackingUrl === courierTrackingUrl(dispatch.courierId, dispatch.awb);
  return { courierId: dispatch.courierId, courierName: isOther ? dispatch.courierName : '', awb: dispatch.awb, trackingUrl: isTemplate ? '' : (dispatch.trackingUrl ?? '') };
}

function Field({ label, error, hint, children }: { label: string; error?: string; hint?: ReactNode; children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  // The error says what the hint would, more urgently: one of them at a time.
  const shownHint = error ? undefined : hint;
  const describedBy = [shownHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="op-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {shownHint ? (
        <span className="op-field__hint" id={`${id}-hint`}>
          {shownHint}
        </span>
      ) : null}
      {error ? (
        <span className="op-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface DispatchFormProps {
  orderId: string;
  dispatch: OrderDispatch | null;
  onSaved: (response: RecordDispatchResponse) => void;
  onCancel?: () => void;
}

/** Record the courier and AWB of a paid order, or correct the record (decision 010: a record, not a status). */
export function DispatchForm({ orderId, dispatch, onSaved, onCancel }: DispatchFormProps) {
  const [values, setValues] = useState(() => initialValues(dispatch));
  const [errors, setErrors] = useState<DispatchErrors>({});
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const set = (patch: Partial<DispatchValues>) => setValues((v) => ({ ...v, ...patch }));
  const isOther = values.courierId === 'other';
  const chosenName = findCourier(values.courierId)?.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const { input, errors: found } = validateDispatch(values);
    setErrors(found);
    if (!input) return;
    setIsSending(true);
    setFailure(undefined);
    try {
      onSaved(await recordDispatch(orderId, input));
    } catch (cause) {
      // A 400 names the fields it refused: show each under its field, as the form's own check does.
      if (isApiFailure(cause) && cause.fields) setErrors(cause.fields);
      setFailure(failureText(cause, 'The dispatch could not be saved'));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form className="op-form op-dispatch-form" onSubmit={submit} noValidate aria-label={dispatch ? 'Correct the dispatch' : 'Record the dispatch'}>
      <Field label="Courier" error={errors.courierId}>
        {(props) => (
          <select {...props} value={values.courierId} onChange={(e) => set({ courierId: e.target.value })}>
            <option value="">Select a courier</option>
            {COURIERS.map((courier) => (
              <option key={courier.id} value={courier.id}>
                {courier.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {isOther ? (
        <Field label="Courier name" error={errors.courierName}>
          {(props) => <input {...props} type="text" autoComplete="off" value={values.courierName} onChange={(e) => set({ courierName: e.target.value })} />}
        </Field>
      ) : null}
      <Field label="AWB (tracking number)" error={errors.awb}>
        {(props) => <input {...props} type="text" autoComplete="off" spellCheck={false} value={values.awb} onChange={(e) => set({ awb: e.target.value })} />}
      </Field>
      <Field
        label={isOther ? 'Tracking URL' : 'Tracking URL (optional)'}
        error={errors.trackingUrl}
        hint={isOther ? 'The page where the shopper tracks this parcel, https://…' : `Leave empty to use ${chosenName ?? 'the courier'}'s tracking page`}
      >
        {(props) => <input {...props} type="url" inputMode="url" autoComplete="off" spellCheck={false} value={values.trackingUrl} onChange={(e) => set({ trackingUrl: e.target.value })} />}
      </Field>
      {failure ? (
        <p className="op-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="op-form__actions">
        {onCancel ? (
          <button type="button" className="btn" disabled={isSending} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSending}>
          {isSending ? 'Saving...' : dispatch ? 'Save correction' : 'Record dispatch'}
        </button>
      </div>
    </form>
  );
}
