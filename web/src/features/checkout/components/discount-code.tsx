import { useState, type FormEvent } from 'react';
import type { DiscountCheckResponse } from '@pickles/shared/api';
import { isApiFailure } from '../../../lib/api-client.js';
import { checkDiscountCode } from '../api/check-discount-code.js';

export interface DiscountCodeProps {
  items: { itemId: number; quantity: number }[];
  /** The e-mail and phone typed so far: the shopper's own limit is checked too. */
  email: string;
  phone: string;
  applied: DiscountCheckResponse | undefined;
  /** A refusal from create-order (the code was used up meanwhile), shown like the check's own. */
  refusal: string | undefined;
  onApplied: (applied: DiscountCheckResponse | undefined) => void;
  disabled: boolean;
}

/**
 * The discount code box of /payment (decision 028): the shopper types a code and sees at once what it
 * does ("LAUNCH10: 10% off — you save ₹160.50") or why not. The server's check is advisory:
 * create-order decides again when the shopper pays.
 */
export function DiscountCode({ items, email, phone, applied, refusal, onApplied, disabled }: DiscountCodeProps) {
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const shownError = error ?? refusal;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Please enter a discount code');
      return;
    }
    setChecking(true);
    setError(undefined);
    try {
      onApplied(await checkDiscountCode({ code: code.trim(), items, ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) }));
    } catch (failure) {
      onApplied(undefined);
      setError(isApiFailure(failure) && failure.error ? failure.error : 'We could not check the code. Please try again.');
    } finally {
      setChecking(false);
    }
  };

  const remove = () => {
    onApplied(undefined);
    setCode('');
    setError(undefined);
  };

  return (
    <form className="discount-code" onSubmit={(event) => void apply(event)} noValidate aria-label="Discount code">
      <label htmlFor="checkout-discount-code">Discount code</label>
      <div className="discount-code__row">
        <input
          id="checkout-discount-code"
          name="discountCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          maxLength={30}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? 'checkout-discount-code-error' : applied ? 'checkout-discount-code-applied' : undefined}
          disabled={disabled || applied !== undefined}
        />
        {applied ? (
          <button type="button" className="btn btn-ghost" onClick={remove} disabled={disabled}>
            Remove
          </button>
        ) : (
          <button type="submit" className="btn btn-ghost" disabled={disabled || checking}>
            {checking ? 'Checking...' : 'Apply'}
          </button>
        )}
      </div>
      {shownError ? (
        <p className="checkout-field__error" id="checkout-discount-code-error" role="alert">
          {shownError}
        </p>
      ) : null}
      {applied && !shownError ? (
        <p className="discount-code__applied" id="checkout-discount-code-applied" role="status" data-testid="discount-applied">
          {applied.summary}
        </p>
      ) : null}
    </form>
  );
}
