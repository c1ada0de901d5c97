import { useId, useState, type FormEvent } from 'react';
import type { AdminDiscountCode } from '@pickles/shared/api';
import { DISCOUNT_KINDS, discountCodeFormSchema, type DiscountCodeForm, type DiscountKind } from '@pickles/shared/discount-codes';
import { fieldErrors } from '@pickles/shared/validation';
import { AdminField, FormFailure } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { createDiscountCode } from '../api/admin-discount-codes.js';

const KIND_LABELS: Record<DiscountKind, string> = { percent: 'Percentage off', fixed: 'Fixed amount off', 'free-shipping': 'Free shipping' };

interface Values {
  code: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerShopper: string;
  active: boolean;
}

const EMPTY: Values = { code: '', kind: 'percent', percent: '', amount: '', minOrder: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerShopper: '1', active: true };

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form as the server reads it (the shared schema), so the page refuses what the server would, in its words. */
export function toForm(values: Values): DiscountCodeForm {
  return {
    code: values.code,
    kind: values.kind,
    percent: values.kind === 'percent' ? numberOrNull(values.percent) : null,
    amount: values.kind === 'fixed' ? numberOrNull(values.amount) : null,
    minOrder: values.minOrder.trim() === '' ? 0 : Number(values.minOrder),
    startsAt: values.startsAt || null,
    endsAt: values.endsAt || null,
    maxUses: numberOrNull(values.maxUses),
    maxUsesPerShopper: numberOrNull(values.maxUsesPerShopper),
    active: values.active,
  };
}

/** A new code: the offer, the minimum, when it runs (India time) and its limits. */
export function DiscountCodeFormCard({ onSaved }: { onSaved: (code: AdminDiscountCode) => void }) {
  const headingId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setSaved(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const form = toForm(values);
    const checked = discountCodeFormSchema.safeParse(form);
    setErrors(checked.success ? {} : fieldErrors(checked.error));
    setFailure(undefined);
    if (!checked.success) return;
    setIsSending(true);
    try {
      const answer = await createDiscountCode(form);
      onSaved(answer.code);
      setValues(EMPTY);
      setSaved(`${answer.code.code} created.`);
    } catch (cause) {
      setFailure(failureText(cause, 'The code could not be created'));
    } finally {
      setIsSending(false);
    }
  };

  const text = (name: keyof Values, label: string, options: { type?: string; hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <AdminField label={label} error={errors[name]} hint={options.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete="off"
          value={values[name] as string}
          onChange={(event) => set({ [name]: event.target.value } as Partial<Values>)}
        />
      )}
    </AdminField>
  );

  return (
    <section className="op-card discount-new" aria-labelledby={headingId}>
      <div className="op-card__head">
        <h2 id={headingId}>New code</h2>
      </div>
      <form className="op-form" onSubmit={(event) => void submit(event)} noValidate aria-label="New discount code">
        <div className="admin-field-pairs">
          {text('code', 'Code', { hint: 'Letters, digits, - or _. Shoppers may type it in any case.' })}
          <AdminField label="Offer" error={errors.kind}>
            {(props) => (
              <select {...props} name="kind" value={values.kind} onChange={(event) => set({ kind: event.target.value as DiscountKind })}>
                {DISCOUNT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
          {values.kind === 'percent' ? text('percent', 'Percentage off', { type: 'number', inputMode: 'numeric', hint: 'Of the goods, not shipping.' }) : null}
          {values.kind === 'fixed' ? text('amount', 'Amount off (₹)', { type: 'number', inputMode: 'decimal', hint: 'Never more than the goods.' }) : null}
          {text('minOrder', 'Minimum order (₹)', { type: 'number', inputMode: 'decimal', hint: 'Goods before shipping; empty for none.' })}
          {text('startsAt', 'Starts (India time)', { type: 'datetime-local', hint: 'Empty: from now.' })}
          {text('endsAt', 'Ends (India time)', { type: 'datetime-local', hint: 'Empty: no end.' })}
          {text('maxUses', 'Uses in total', { type: 'number', inputMode: 'numeric', hint: 'Empty: no limit.' })}
          {text('maxUsesPerShopper', 'Uses per shopper', { type: 'number', inputMode: 'numeric', hint: 'By e-mail and by phone. Empty: no limit.' })}
        </div>
        <div className="discount-new__active">
          <input id={`${headingId}-active`} type="checkbox" checked={values.active} onChange={(event) => set({ active: event.target.checked })} />
          <label htmlFor={`${headingId}-active`}>Active (shoppers can use it once it starts)</label>
        </div>
        <FormFailure message={failure} />
        <div className="discount-new__actions">
          <p className="op-muted" role="status">
            {saved ?? ''}
          </p>
          <button type="submit" className="btn btn-primary" disabled={isSending}>
            {isSending ? 'Creating...' : 'Create code'}
          </button>
        </div>
      </form>
    </section>
  );
}
