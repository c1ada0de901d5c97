// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { EMPTY_FORM, type CheckoutFormValues } from './form-storage.js';

// The rules load once per page: this file starts from a fresh page load, a module graph of its own
// (the unit tests otherwise share one per worker), so nothing has loaded them yet.
let CheckoutForm: typeof import('./components/checkout-form.js').CheckoutForm;
let checkoutRules: typeof import('./input-rules.js').checkoutRules;
beforeAll(async () => {
  vi.resetModules();
  ({ CheckoutForm } = await import('./components/checkout-form.js'));
  ({ checkoutRules } = await import('./input-rules.js'));
});

afterEach(cleanup);

/** The form as the checkout holds it: its values in state, changed by the form. */
function Form() {
  const [values, setValues] = useState<CheckoutFormValues>(EMPTY_FORM);
  return <CheckoutForm values={values} errors={{}} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} onSubmit={vi.fn()} isBusy={false} />;
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('the checkout form before its rules have loaded', () => {
  it('loads them, and what was typed into phone and pincode meanwhile is normalised when they arrive', async () => {
    render(<Form />);
    expect(checkoutRules()).toBeUndefined();
    fireEvent.change(field('Phone number'), { target: { value: '+91 98765 43210' } });
    fireEvent.change(field('Pincode'), { target: { value: 'PIN 110 001' } });
    fireEvent.change(field('City'), { target: { value: 'New Delhi' } });
    await waitFor(() => expect(field('Phone number').value).toBe('9876543210'));
    expect(field('Pincode').value).toBe('110001');
    expect(field('City').value).toBe('New Delhi');
    expect(checkoutRules()).toBeDefined();
    // From then on every key is normalised as it comes.
    fireEvent.change(field('Pincode'), { target: { value: '110001 9' } });
    expect(field('Pincode').value).toBe('110001');
  });
});
