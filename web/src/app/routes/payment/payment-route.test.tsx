// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { priceCart } from '@pickles/shared/pricing';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import PaymentRoute from './payment-route.js';

const FORM_KEY = 'royalPicklesFormData';

/** Label of each field and its message (docs/product.md §5), in the form's order. */
const FIELDS = [
  ['Full name', 'Name is required'],
  ['Email', 'Valid email required'],
  ['Phone number', 'Valid 10-digit phone number required'],
  ['Flat / House number', 'Flat/House number is required'],
  ['Street', 'Street name is required'],
  ['Area / Locality', 'Area/Locality is required'],
  ['City', 'City is required'],
  ['State', 'State is required'],
  ['Pincode', 'Valid 6-digit pincode required'],
] as const;

const VALID = {
  'Full name': 'Asha Verma',
  Email: 'asha@example.in',
  'Phone number': '9876543210',
  'Flat / House number': '12B',
  Street: 'MG Road',
  'Area / Locality': 'Green Park',
  City: 'New Delhi',
  State: 'Delhi',
  Pincode: '110016',
} satisfies Record<(typeof FIELDS)[number][0], string>;

function renderPayment(cart: Record<string, number> = { 1: 2 }) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/payment', state: toCheckoutState(cart, priceCart(cart)) }]}>
      <Routes>
        <Route path="/payment" element={<PaymentRoute />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe('/payment: the checkout form', () => {
  it('submitting it empty shows every message of docs/product.md §5 under its field and focuses the first', async () => {
    const user = renderPayment();
    expect(screen.getByRole('form', { name: 'Delivery details' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    for (const [label, message] of FIELDS) {
      expect(screen.getByRole('textbox', { name: label, description: message })).toBeTruthy();
    }
    expect(document.activeElement).toBe(field('Full name'));
    expect(screen.queryByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeNull();
  });

  it('wrong values get their messages; the fields that are right get none', async () => {
    const user = renderPayment();
    await fill(user, { ...VALID, 'Full name': '   ', Email: 'asha@example', 'Phone number': '98765', Pincode: '1100' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(screen.getByRole('textbox', { name: 'Full name', description: 'Name is required' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email', description: 'Valid email required' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Phone number', description: 'Valid 10-digit phone number required' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Pincode', description: 'Valid 6-digit pincode required' })).toBeTruthy();
    for (const message of ['Flat/House number is required', 'Street name is required', 'Area/Locality is required', 'City is required', 'State is required']) {
      expect(screen.queryByText(message)).toBeNull();
    }
  });

  it("a field's message goes once the shopper changes that field", async () => {
    const user = renderPayment();
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await user.type(field('City'), 'J');
    expect(screen.queryByText('City is required')).toBeNull();
    expect(screen.getByText('State is required')).toBeTruthy();
  });

  it('phone and pincode take digits only, capped at 10 and 6', async () => {
    const user = renderPayment();
    await user.type(field('Phone number'), 'ab98-765 43210 99');
    expect(field('Phone number').value).toBe('9876543210');
    await user.type(field('Pincode'), 'x110 01699');
    expect(field('Pincode').value).toBe('110016');
    expect(screen.getByText('+91')).toBeTruthy();
  });

  it('a valid form is kept in session storage and opens the confirmation', async () => {
    const user = renderPayment();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(screen.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem(FORM_KEY) ?? '{}')).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      flatNumber: '12B',
      street: 'MG Road',
      area: 'Green Park',
      city: 'New Delhi',
      state: 'Delhi',
      pincode: '110016',
    });
  });

  it('is prefilled from session storage', () => {
    window.sessionStorage.setItem(
      FORM_KEY,
      JSON.stringify({ name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210', flatNumber: '12B', street: 'MG Road', area: 'Green Park', city: 'New Delhi', state: 'Delhi', pincode: '110016' }),
    );
    renderPayment();
    for (const [label, value] of Object.entries(VALID)) expect(field(label).value).toBe(value);
  });

  it('with an empty cart says so instead of showing the form', () => {
    renderPayment({});
    expect(screen.getByRole('heading', { name: 'Your Royal Cart is Empty!' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Delivery details' })).toBeNull();
  });
});
