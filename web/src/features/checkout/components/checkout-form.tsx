import { useEffect, useRef, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { CheckoutFormValues } from '../form-storage.js';
import { checkoutRules, loadCheckoutRules, useCheckoutRules, type CheckoutRules } from '../input-rules.js';

interface FieldSpec {
  name: keyof CheckoutFormValues;
  label: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  /**
   * Phone and pincode keep digits only, capped at 10 and 6 (docs/product.md §5). No maxLength
   * attribute: the browser would cut a pasted '+91 98765 43210' before the digits are picked out.
   */
  normalise?: (rules: CheckoutRules, raw: string) => string;
}

const PERSONAL: FieldSpec[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel-national', inputMode: 'numeric', normalise: (rules, raw) => rules.normalisePhoneInput(raw) },
];

/** The pincode first, as India's big shops ask it: it fills the city and state and says when the order arrives. */
const ADDRESS: FieldSpec[] = [
  { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code', inputMode: 'numeric', normalise: (rules, raw) => rules.normalisePincodeInput(raw) },
  { name: 'flatNumber', label: 'Flat / House number', autoComplete: 'address-line1' },
  { name: 'street', label: 'Street', autoComplete: 'address-line2' },
  { name: 'area', label: 'Area / Locality', autoComplete: 'address-level3' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
];

export interface CheckoutFormProps {
  values: CheckoutFormValues;
  errors: Record<string, string>;
  /** Under a field, after its error: the pincode's delivery promise, a corrected state. */
  notes?: Partial<Record<keyof CheckoutFormValues, ReactNode>>;
  onChange: (name: keyof CheckoutFormValues, value: string) => void;
  onSubmit: () => void;
  isBusy: boolean;
}

/** The delivery form (docs/product.md §3, §5): messages appear under their fields on submit. */
export function CheckoutForm({ values, errors, notes = {}, onChange, onSubmit, isBusy }: CheckoutFormProps) {
  // The rules load when the form is first touched (input-rules.ts); a field typed into before they
  // arrived is normalised as soon as they do, as if each key had been.
  const rules = useCheckoutRules();
  const typedBeforeRules = useRef(new Set<FieldSpec>());
  useEffect(() => {
    if (!rules) return;
    for (const spec of typedBeforeRules.current) onChange(spec.name, spec.normalise!(rules, values[spec.name]));
    typedBeforeRules.current.clear();
    // Once, when the rules arrive, with the values of that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rules]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const field = (spec: FieldSpec) => {
    const id = `checkout-${spec.name}`;
    const error = errors[spec.name];
    const handle = (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      const loaded = checkoutRules();
      if (spec.normalise && !loaded) {
        typedBeforeRules.current.add(spec);
        void loadCheckoutRules().catch(() => undefined);
      }
      onChange(spec.name, spec.normalise && loaded ? spec.normalise(loaded, value) : value);
    };
    const input = (
      <input
        id={id}
        name={spec.name}
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        value={values[spec.name]}
        onChange={handle}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
    );
    return (
      <div className={`checkout-field${error ? ' has-error' : ''}`} key={spec.name}>
        <label htmlFor={id}>{spec.label}</label>
        {spec.name === 'phone' ? (
          <div className="checkout-phone">
            <span className="checkout-phone__prefix" aria-hidden="true">
              +91
            </span>
            {input}
          </div>
        ) : (
          input
        )}
        {error ? (
          <p className="checkout-field__error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
        {notes[spec.name]}
      </div>
    );
  };
  return (
    <form className="checkout-form card" onSubmit={submit} onFocus={() => void loadCheckoutRules().catch(() => undefined)} noValidate aria-label="Delivery details">
      <fieldset>
        <legend>Personal information</legend>
        {PERSONAL.map(field)}
      </fieldset>
      <fieldset>
        <legend>Delivery address</legend>
        {ADDRESS.map(field)}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={isBusy}>
        {isBusy ? 'Processing...' : 'Proceed to Pay'}
      </button>
    </form>
  );
}
