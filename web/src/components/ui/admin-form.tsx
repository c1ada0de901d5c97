import { useId, type ReactNode } from 'react';

/*
 * The owner's forms (order page, stock, complaints). Their look is the order page's (.op-field,
 * .op-error in features/admin-order-page/order-page.css), which each admin route imports.
 */

/** What a field's control takes to be labelled, marked invalid and described by its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface AdminFieldProps {
  label: string;
  error?: string;
  /** Under the control; shown beside an error too, unless the caller leaves it out then. */
  hint?: ReactNode;
  children: (props: FieldControlProps) => ReactNode;
}

/** A labelled control with its hint and its error, each read out with the control. */
export function AdminField({ label, error, hint, children }: AdminFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="op-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <span className="op-field__hint" id={`${id}-hint`}>
          {hint}
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

/** Why an action did not happen, announced as it appears; nothing while there is none. */
export function FormFailure({ message }: { message: string | undefined }) {
  return message ? (
    <p className="op-error" role="alert">
      {message}
    </p>
  ) : null;
}

interface FormButtonsProps {
  failure: string | undefined;
  /** op-form__actions in a page's form, op-modal__actions in a dialog. */
  className: string;
  /** While true the Cancel button is off (the form is sending). */
  isBusy: boolean;
  /** Leaves the form; no Cancel button without it. */
  onCancel?: () => void;
  /** The form's own button(s), after Cancel. */
  children: ReactNode;
}

/** A form's last lines: why its action failed (if it did), then Cancel and its own button. */
export function FormButtons({ failure, className, isBusy, onCancel, children }: FormButtonsProps) {
  return (
    <>
      <FormFailure message={failure} />
      <div className={className}>
        {onCancel ? (
          <button type="button" className="btn" disabled={isBusy} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        {children}
      </div>
    </>
  );
}

/** The submit button of a form that sends: off while sending, saying so. */
export function SubmitButton({ isSending, sendingLabel, children }: { isSending: boolean; sendingLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={isSending}>
      {isSending ? sendingLabel : children}
    </button>
  );
}
