import { useState, type FormEvent } from 'react';
import type { OrderDispatch, RecordDispatchResponse } from '@pickles/shared';
import { recordDispatch, type DispatchInput } from '../api/record-dispatch.js';
import { COURIERS, courierTrackingUrl, findCourier } from '@pickles/shared/couriers';
import { recordDispatchSchema } from '@pickles/shared/admin-order-requests';
import { fieldErrors } from '@pickles/shared/validation';
import { AdminField, FormButtons, SubmitButton } from '../../../components/ui/admin-form.js';
import { isApiFailure } from '../../../lib/api-client.js';
import { failureText } from '../../../lib/api-failure.js';

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
  return result.success ? { input: result.data, errors: {} } : { errors: fieldErrors(result.error) };
}

function initialValues(dispatch: OrderDispatch | null): DispatchValues {
  if (!dispatch) return { courierId: '', courierName: '', awb: '', trackingUrl: '' };
  const isOther = dispatch.courierId === 'other';
  // A known courier's template link is what the server fills in again; only a link the owner typed is shown.
  const isTemplate = dispatch.trackingUrl === courierTrackingUrl(dispatch.courierId, dispatch.awb);
  return { courierId: dispatch.courierId, courierName: isOther ? dispatch.courierName : '', awb: dispatch.awb, trackingUrl: isTemplate ? '' : (dispatch.trackingUrl ?? '') };
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
      <AdminField label="Courier" error={errors.courierId}>
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
      </AdminField>
      {isOther ? (
        <AdminField label="Courier name" error={errors.courierName}>
          {(props) => <input {...props} type="text" autoComplete="off" value={values.courierName} onChange={(e) => set({ courierName: e.target.value })} />}
        </AdminField>
      ) : null}
      <AdminField label="AWB (tracking number)" error={errors.awb}>
        {(props) => <input {...props} type="text" autoComplete="off" spellCheck={false} value={values.awb} onChange={(e) => set({ awb: e.target.value })} />}
      </AdminField>
      <AdminField
        label={isOther ? 'Tracking URL' : 'Tracking URL (optional)'}
        error={errors.trackingUrl}
        // The error says what the hint would, more urgently: one of them at a time.
        hint={errors.trackingUrl ? undefined : isOther ? 'The page where the shopper tracks this parcel, https://…' : `Leave empty to use ${chosenName ?? 'the courier'}'s tracking page`}
      >
        {(props) => <input {...props} type="url" inputMode="url" autoComplete="off" spellCheck={false} value={values.trackingUrl} onChange={(e) => set({ trackingUrl: e.target.value })} />}
      </AdminField>
      <FormButtons failure={failure} className="op-form__actions" isBusy={isSending} {...(onCancel ? { onCancel } : {})}>
        <SubmitButton isSending={isSending} sendingLabel="Saving...">
          {dispatch ? 'Save correction' : 'Record dispatch'}
        </SubmitButton>
      </FormButtons>
    </form>
  );
}
