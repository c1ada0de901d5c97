// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceCart } from '@pickles/shared/pricing';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import type { RazorpayOptions } from '../../../features/checkout/razorpay/types.js';
import PaymentFailedRoute from '../payment-result/payment-failed-route.js';
import PaymentSuccessRoute from '../payment-result/payment-success-route.js';
import PaymentRoute from './payment-route.js';
import { resetAvailability } from '../../../features/stock/availability-store.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

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
  renderRoutes({ pathname: '/payment', state: toCheckoutState(cart, priceCart(cart)) }, { '/payment': <PaymentRoute />, '/payment-success': <PaymentSuccessRoute />, '/payment-failed': <PaymentFailedRoute />, '/': <p>Home page</p> });
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

undoAfterEachTest();

describe('/payment: the checkout form', () => {
  it('submitting it empty shows every message of docs/product.md §5 under its field and focuses the first', async () => {
    const user = renderPayment();
    expect(screen.getByRole('form', { name: 'Delivery details' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    // The form's rules load on its first touch (features/checkout/input-rules.ts): the messages follow.
    await screen.findByRole('textbox', { name: 'Full name', description: 'Name is required' });
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

  it.each([
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['(+91) 98765-43210', '9876543210'],
    ['091 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765 43210 98765 43210', '9876543210'],
  ])('pasting the phone %s keeps %s', async (pasted, kept) => {
    const user = renderPayment();
    await user.click(field('Phone number'));
    await user.paste(pasted);
    expect(field('Phone number').value).toBe(kept);
  });

  it('a pasted pincode keeps its 6 digits', async () => {
    const user = renderPayment();
    await user.click(field('Pincode'));
    await user.paste('110 001');
    expect(field('Pincode').value).toBe('110001');
  });

  it('a phone that is not an Indian mobile number (first digit 6-9) is refused, saying why', async () => {
    const user = renderPayment();
    await fill(user, { ...VALID, 'Phone number': '5876543210' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(screen.getByRole('textbox', { name: 'Phone number', description: 'Valid 10-digit phone number required: an Indian mobile number starts with 6, 7, 8 or 9' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeNull();
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

/** Razorpay Checkout as the page sees it: `open` answers at once as the test says. */
function fakeRazorpay(answer: (options: RazorpayOptions, failed: (response: unknown) => void) => void) {
  vi.stubGlobal(
    'Razorpay',
    class {
      private failed: (response: unknown) => void = () => undefined;
      constructor(private readonly options: RazorpayOptions) {}
      on(_event: string, callback: (response: unknown) => void) {
        this.failed = callback;
      }
      open() {
        answer(this.options, this.failed);
      }
      close() {}
    },
  );
}

const CREATED = { success: true, keyId: 'rzp_test_key', amount: 115_000, currency: 'INR', razorpayOrderId: 'order_TEST12345678', orderId: 'RP260115-7KQ2XD', paymentWindowSeconds: 600 };

describe('/payment: paying', () => {
  it('a verified payment opens the success page with the receipt: lines, the amount the server charged, the address', async () => {
    stubApi({
      'POST /payment/create-order': () => jsonResponse(201, CREATED),
      'POST /payment/verify-payment': () => jsonResponse(200, { success: true, orderId: 'RP260115-7KQ2XD', paymentId: 'pay_TEST12345678', amount: 1150 }),
    });
    let opened: RazorpayOptions | undefined;
    fakeRazorpay((options) => {
      opened = options;
      options.handler({ razorpay_order_id: options.order_id, razorpay_payment_id: 'pay_TEST12345678', razorpay_signature: 'a'.repeat(64) });
    });
    const user = renderPayment({ 1: 2 });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    // Checkout closes when the order's payment window does (its jars are held only a little longer).
    expect(opened?.timeout).toBe(600);
    expect(screen.getByTestId('success-order-id').textContent).toBe('RP260115-7KQ2XD');
    const items = within(screen.getByTestId('success-items'));
    expect(items.getByText('Royal Chicken Pickle').closest('li')?.textContent).toBe('Royal Chicken Pickle x 2₹1,000');
    expect(items.getByText('Shipping').closest('li')?.textContent).toBe('Shipping₹150');
    expect(screen.getByTestId('success-amount').textContent).toBe('₹1,150');
    expect(screen.getByTestId('success-address').textContent).toBe('Asha Verma12B, MG RoadGreen Park, New DelhiDelhi - 110016');
    expect(screen.getByText('asha@example.in')).toBeTruthy();
  });

  it('a declined payment says so for 1.5 s, then opens the failure page with the refund promise and the references to quote', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi({
        'POST /payment/create-order': () => jsonResponse(201, CREATED),
        'POST /payment/payment-failed': () => jsonResponse(200, { success: true }),
      });
      fakeRazorpay((_options, failed) => failed({ error: { description: 'Card declined by issuer', metadata: { payment_id: 'pay_DECLINED1234' } } }));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      renderRoutes({ pathname: '/payment', state: toCheckoutState({ 1: 1 }, priceCart({ 1: 1 })) }, { '/payment': <PaymentRoute />, '/payment-failed': <PaymentFailedRoute /> });
      await fill(user, VALID);
      await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
      await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
      // The 1.5 s overlay before the failure page says the answer, never that the transaction is completing.
      expect((await screen.findByRole('alert')).textContent).toBe('Your payment did not go through.Taking you to the details...');
      expect(screen.queryByText('Completing your royal transaction...')).toBeNull();
      await vi.advanceTimersByTimeAsync(1_500);

      expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
      expect(screen.getByTestId('payment-error').textContent).toBe('Card declined by issuer');
      expect(screen.getByTestId('refund-note').textContent).toContain('refunded automatically by Razorpay, usually within 5-7 working days');
      expect(screen.getByTestId('failed-reference').textContent).toBe('Order IDRP260115-7KQ2XDPayment IDpay_DECLINED1234');
      expect(within(screen.getByTestId('refund-note')).getByRole('link', { name: 'support@royalpickles.in' }).getAttribute('href')).toBe('mailto:support@royalpickles.in');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/payment: batch stock', () => {
  beforeEach(() => resetAvailability());
  const availability = (chickenLeft: number) =>
    jsonResponse(200, { success: true, asOf: '2026-11-23T10:00:00Z', products: [{ productId: 1, state: chickenLeft ? 'on-sale' : 'sold-out', left: chickenLeft, nextBatchDate: chickenLeft ? null : '2026-11-30' }] });

  it('Confirm & Pay checks the batch first: a cart it cannot supply is stopped before any order, with the reason and the way back', async () => {
    let left = 5;
    const { calls } = stubApi({ 'GET /catalogue/availability': () => availability(left) });
    const user = renderPayment({ 1: 2 });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    left = 0;
    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Royal Chicken Pickle sold out before you paid (next batch on 30 Nov 2026). Please remove it from your cart.');
    expect(within(notice).getByRole('link', { name: 'Change your cart' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeNull();
    expect(calls.map((call) => call.route)).not.toContain('POST /payment/create-order');
  });

  it("a 409 from create-order shows the server's sentence on the page, not the failure page, and asks for availability again", async () => {
    const refusal = 'Only 1 jar of Royal Chicken Pickle is left. Please reduce the quantity in your cart.';
    const { calls } = stubApi({
      'GET /catalogue/availability': () => availability(5),
      'POST /payment/create-order': () => jsonResponse(409, { success: false, error: refusal }),
    });
    fakeRazorpay(() => undefined);
    const user = renderPayment({ 1: 2 });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));

    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    // On opening, before paying, and after the refusal.
    await vi.waitFor(() => expect(calls.filter((call) => call.route === 'GET /catalogue/availability').length).toBe(3));
  });
});
