import type { CheckoutForm } from '@pickles/shared/validation';

/** docs/product.md §3: the checkout form is kept in session storage and prefilled from it. */
export const FORM_STORAGE_KEY = 'royalPicklesFormData';

export type CheckoutFormValues = Record<keyof CheckoutForm, string>;

export const EMPTY_FORM: CheckoutFormValues = {
  name: '',
  email: '',
  phone: '',
  flatNumber: '',
  street: '',
  area: '',
  city: '',
  state: '',
  pincode: '',
};

export function readStoredForm(): CheckoutFormValues {
  try {
    const raw = window.sessionStorage.getItem(FORM_STORAGE_KEY);
    if (!raw) return EMPTY_FORM;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return EMPTY_FORM;
    const values = { ...EMPTY_FORM };
    for (const key of Object.keys(EMPTY_FORM) as (keyof CheckoutFormValues)[]) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') values[key] = value.slice(0, 200);
    }
    return values;
  } catch {
    return EMPTY_FORM;
  }
}

export function storeForm(values: CheckoutFormValues): void {
  try {
    window.sessionStorage.setItem(FORM_STORAGE_KEY, JSON.stringify(values));
  } catch {
    // storage full or disabled: the form still works for this visit
  }
}
