import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { GST_RATES_PERCENT, type CatalogueProductInput } from '@pickles/shared/catalogue-input';
import { AdminField, FormFailure, type FieldControlProps } from '../../../components/ui/admin-form.js';
import { isApiFailure } from '../../../lib/api-client.js';
import { failureText } from '../../../lib/api-failure.js';
import { validateProduct, type ProductFormErrors, type ProductFormField, type ProductFormValues } from '../product-form-values.js';

interface ProductFormProps {
  initial: ProductFormValues;
  /** The button's words: "Add product" or "Save changes". */
  submitLabel: string;
  /** Sends the form; resolves with the product as saved, rejects with the server's refusal. */
  save: (input: CatalogueProductInput) => Promise<CatalogueProduct>;
  onSaved: (product: CatalogueProduct) => void;
  /** Edit only: after a 409, loads the version someone else saved (the form then shows it). */
  onLoadLatest?: () => void;
  /** An archived product is shown, not edited. */
  readOnly?: boolean;
}

/** Under the fields, beside the button: why nothing was saved when a field was refused. */
export const NOTHING_SAVED = 'Nothing was saved: correct the fields marked above.';

type TextField = Exclude<ProductFormField, 'diet' | 'gstRatePercent'>;

/**
 * Every field of the catalogue's input schema (packages/shared/src/catalogue-input.ts), grouped as
 * the jar's label reads. Checked in the browser with the server's own schema; what the server still
 * refuses (a name another product has) stands beside its field. Nothing is saved unless all of it is:
 * the server saves the whole product in one statement or nothing.
 */
/** A titled group of the form's fields, two columns where there is room. */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="cat-form__group">
      <legend>{legend}</legend>
      <div className="cat-form__grid">{children}</div>
    </fieldset>
  );
}

export function ProductForm({ initial, submitLabel, save, onSaved, onLoadLatest, readOnly = false }: ProductFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [isConflict, setIsConflict] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // On a phone the first field refused may be screens away from the button: it takes the focus.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = (patch: Partial<ProductFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending || readOnly) return;
    const { input, errors: found } = validateProduct(values);
    setErrors(found);
    setIsConflict(false);
    setFailure(Object.keys(found).length ? NOTHING_SAVED : undefined);
    if (!input) return;
    setIsSending(true);
    try {
      onSaved(await save(input));
    } catch (cause) {
      const fields = isApiFailure(cause) ? cause.fields : undefined;
      setErrors((fields ?? {}) as ProductFormErrors);
      setIsConflict(isApiFailure(cause) && cause.status === 409);
      setFailure(fields && Object.keys(fields).length ? NOTHING_SAVED : failureText(cause, 'The product could not be saved'));
    } finally {
      setIsSending(false);
    }
  };

  const text = (field: TextField, label: string, options: { hint?: ReactNode; long?: boolean; inputMode?: 'decimal' | 'numeric'; placeholder?: string } = {}) => (
    <AdminField label={label} error={errors[field]} hint={options.hint}>
      {(props: FieldControlProps) =>
        options.long ? (
          <textarea {...props} name={field} rows={3} value={values[field]} onChange={(event) => set({ [field]: event.target.value })} />
        ) : (
          <input
            {...props}
            name={field}
            type="text"
            inputMode={options.inputMode}
            autoComplete="off"
            placeholder={options.placeholder}
            value={values[field]}
            onChange={(event) => set({ [field]: event.target.value })}
          />
        )
      }
    </AdminField>
  );

  return (
    <form ref={formRef} className="op-form cat-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Product">
      <fieldset className="cat-form__fieldset" disabled={readOnly || isSending}>
        <FieldGroup legend="On the shop">
          {text('name', 'Name')}
          {text('title', 'Title', { hint: 'The line under the name, e.g. North-Indian Style.' })}
          <div className="cat-form__wide">{text('description', 'Description', { long: true })}</div>
        </FieldGroup>
        <FieldGroup legend="Price">
          {text('price', 'Price (₹)', { inputMode: 'decimal', hint: 'MRP including GST, in rupees with paise: 1,250.50' })}
          {text('displayPrice', 'Struck-through price (₹, optional)', { inputMode: 'decimal', hint: 'The earlier price shown struck through; more than the price.' })}
          {text('discountLabel', 'Discount label (optional)', { hint: 'Beside the struck-through price, e.g. Inaugural Discount.' })}
        </FieldGroup>
        <FieldGroup legend="Pack">
          {text('packLabel', 'Pack label', { hint: 'e.g. BOX or JAR.' })}
          {text('netGrams', 'Net quantity (g)', { inputMode: 'numeric', hint: 'Whole grams, as on the label.' })}
          <AdminField label="Diet mark" error={errors.diet}>
            {(props) => (
              <select {...props} name="diet" value={values.diet} onChange={(event) => set({ diet: event.target.value as ProductFormValues['diet'] })}>
                <option value="non-vegetarian">Non-vegetarian (brown triangle)</option>
                <option value="vegetarian">Vegetarian (green dot)</option>
              </select>
            )}
          </AdminField>
        </FieldGroup>
        <FieldGroup legend="Label">
          <div className="cat-form__wide">{text('ingredients', 'Ingredients', { long: true, hint: 'In descending order of weight, as on the jar.' })}</div>
          {text('allergens', 'Allergens', { hint: 'e.g. Contains mustard.' })}
          {text('storage', 'Storage')}
          {text('bestBefore', 'Best before', { hint: 'e.g. 6 months from packing.' })}
          {text('countryOfOrigin', 'Country of origin')}
        </FieldGroup>
        <FieldGroup legend="Tax">
          {text('hsn', 'HSN code', { inputMode: 'numeric', hint: '4 to 8 digits, as on the tax invoice.' })}
          <AdminField label="GST rate" error={errors.gstRatePercent}>
            {(props) => (
              <select {...props} name="gstRatePercent" value={values.gstRatePercent} onChange={(event) => set({ gstRatePercent: event.target.value })}>
                {GST_RATES_PERCENT.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}%
                  </option>
                ))}
              </select>
            )}
          </AdminField>
        </FieldGroup>
      </fieldset>
      {isConflict ? (
        <div className="cat-conflict" role="alert">
          <p className="op-error">{failure}</p>
          {onLoadLatest ? (
            <button type="button" className="btn" onClick={onLoadLatest}>
              Load their version
            </button>
          ) : null}
        </div>
      ) : (
        <FormFailure message={failure} />
      )}
      {readOnly ? null : (
        <div className="op-form__actions">
          <button type="submit" className="btn btn-primary" disabled={isSending}>
            {isSending ? 'Saving...' : submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
