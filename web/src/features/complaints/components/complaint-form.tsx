import { useRef, useState, type FormEvent } from 'react';
import type { SubmitComplaintResponse } from '@pickles/shared/api';
import { COMPLAINT_CATEGORIES, MAX_COMPLAINT_LENGTH, complaintRequestSchema, type ComplaintRequest } from '@pickles/shared/complaints';
import { fieldErrors, normalisePhoneInput } from '@pickles/shared/validation';
import { isApiFailure } from '../../../lib/api-client.js';
import { submitComplaint } from '../api/submit-complaint.js';
import { failureText } from '../../../lib/api-failure.js';

type Values = Record<keyof ComplaintRequest, string>;
type FieldName = keyof Values;

export const SUBMIT_FAILED = 'Your complaint could not be recorded just now. Please try again in a few minutes, or write to the grievance officer.';

/** The order of the fields on screen: the first one with a problem takes the focus. */
const FIELD_ORDER: FieldName[] = ['name', 'email', 'phone', 'orderNumber', 'category', 'message'];

const fieldId = (name: FieldName) => `complaint-${name}`;

export interface ComplaintFormProps {
  /** From ?order= (the tracking page's link). */
  initialOrderNumber?: string;
  onSent: (response: SubmitComplaintResponse, email: string) => void;
}

/**
 * The complaint: who is complaining, about which order and what happened. Checked with
 * the server's own schema, so the messages under the fields are the ones the server would give.
 */
export function ComplaintForm({ initialOrderNumber = '', onSent }: ComplaintFormProps) {
  const [values, setValues] = useState<Values>({ name: '', email: '', phone: '', orderNumber: initialOrderNumber, category: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  // A second click lands before React re-renders the busy button: the ref stops it.
  const sending = useRef(false);

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showErrors = (found: Partial<Record<FieldName, string>>) => {
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const parsed = complaintRequestSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(undefined);
    sending.current = true;
    setIsSending(true);
    try {
      onSent(await submitComplaint(parsed.data), parsed.data.email);
    } catch (cause) {
      if (isApiFailure(cause) && cause.fields) showErrors(cause.fields);
      setFailure(failureText(cause, SUBMIT_FAILED, 'shopper'));
    } finally {
      sending.current = false;
      setIsSending(false);
    }
  };

  /** aria-describedby of a field: its hint, then its error. */
  const describedBy = (name: FieldName, hint?: boolean) => [hint ? `${fieldId(name)}-hint` : '', errors[name] ? `${fieldId(name)}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldClass = (name: FieldName) => `checkout-field${errors[name] ? ' has-error' : ''}`;
  const errorOf = (name: FieldName) =>
    errors[name] ? (
      <p className="checkout-field__error" id={`${fieldId(name)}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const inputProps = (name: FieldName, hint?: boolean) => ({
    id: fieldId(name),
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint),
  });

  const messageLength = values.message.trim().length;
  return (
    <form className="checkout-form card complaint-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="complaint-form-title">
      <h2 id="complaint-form-title">Your complaint</h2>
      <fieldset>
        <legend>About you</legend>
        <div className={fieldClass('name')}>
          <label htmlFor={fieldId('name')}>Full name</label>
          <input {...inputProps('name')} autoComplete="name" required onChange={(e) => change('name', e.target.value)} />
          {errorOf('name')}
        </div>
        <div className={fieldClass('email')}>
          <label htmlFor={fieldId('email')}>Email</label>
          <input {...inputProps('email', true)} type="email" inputMode="email" autoComplete="email" required onChange={(e) => change('email', e.target.value)} />
          <p className="complaint-field__hint" id={`${fieldId('email')}-hint`}>
            Your ticket number and our replies go here.
          </p>
          {errorOf('email')}
        </div>
        <div className={fieldClass('phone')}>
          <label htmlFor={fieldId('phone')}>
            Phone number <span className="complaint-optional">(optional)</span>
          </label>
          <div className="checkout-phone">
            <span className="checkout-phone__prefix" aria-hidden="true">
              +91
            </span>
            <input {...inputProps('phone')} type="tel" inputMode="numeric" autoComplete="tel-national" onChange={(e) => change('phone', normalisePhoneInput(e.target.value))} />
          </div>
          {errorOf('phone')}
        </div>
      </fieldset>
      <fieldset>
        <legend>What went wrong</legend>
        <div className={fieldClass('orderNumber')}>
          <label htmlFor={fieldId('orderNumber')}>
            Order number <span className="complaint-optional">(optional)</span>
          </label>
          <input
            {...inputProps('orderNumber', true)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. RP261122-7KQ2XD"
            onChange={(e) => change('orderNumber', e.target.value)}
          />
          <p className="complaint-field__hint" id={`${fieldId('orderNumber')}-hint`}>
            From your confirmation e-mail, if the complaint is about an order.
          </p>
          {errorOf('orderNumber')}
        </div>
        <div className={fieldClass('category')}>
          <label htmlFor={fieldId('category')}>What is it about?</label>
          <select {...inputProps('category')} required onChange={(e) => change('category', e.target.value)}>
            <option value="">Choose one</option>
            {COMPLAINT_CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
          {errorOf('category')}
        </div>
        <div className={fieldClass('message')}>
          <label htmlFor={fieldId('message')}>What happened?</label>
          <textarea {...inputProps('message', true)} rows={7} required onChange={(e) => change('message', e.target.value)} />
          <p className={`complaint-field__hint complaint-count${messageLength > MAX_COMPLAINT_LENGTH ? ' is-over' : ''}`} id={`${fieldId('message')}-hint`}>
            {messageLength} of {MAX_COMPLAINT_LENGTH} characters
          </p>
          {errorOf('message')}
        </div>
      </fieldset>
      {failure ? (
        <p className="form-page__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={isSending}>
        {isSending ? 'Sending...' : 'Send complaint'}
      </button>
    </form>
  );
}
