// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceCart } from '@pickles/shared/pricing';
import { PINCODE_MESSAGES } from '@pickles/shared/validation';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import PaymentRoute from './payment-route.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

/** India Post's directory as GET /pincodes/:pincode answers (services/checkout pincode-lookup.ts). */
const PLACES = {
  '560034': { city: 'Bengaluru', state: 'Karnataka', stateCode: '29', estimate: { processingDays: [7, 10], deliveryDays: [7, 10], totalDays: [14, 20], zone: 'national' } },
  '302001': { city: 'Jaipur', state: 'Rajasthan', stateCode: '08', estimate: { processingDays: [7, 10], deliveryDays: [4, 7], totalDays: [11, 17], zone: 'regional' } },
} as const;

const directory = () => ({
  'GET /pincodes/560034': () => jsonResponse(200, { success: true, pincode: '560034', ...PLACES['560034'] }),
  'GET /pincodes/302001': () => jsonResponse(200, { success: true, pincode: '302001', ...PLACES['302001'] }),
  'GET /pincodes/999999': () => jsonResponse(404, { success: false, error: PINCODE_MESSAGES.unknown, fields: { pincode: PINCODE_MESSAGES.unknown } }),
});

function renderPayment() {
  renderRoutes({ pathname: '/payment', state: toCheckoutState({ 1: 1 }, priceCart({ 1: 1 })) }, { '/payment': <PaymentRoute /> });
  return userEvent.setup();
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    await user.type(field(label), value);
  }
}

const SHOPPER = { 'Full name': 'Meera Iyer', Email: 'meera@example.in', 'Phone number': '9876543210', 'Flat / House number': 'Flat 4C', Street: '80 Feet Road', 'Area / Locality': 'Koramangala' };

beforeEach(() => window.sessionStorage.clear());
undoAfterEachTest();

describe('/payment: the pincode', () => {
  it('comes first in the address; six digits fill an empty city and state, and beside it the delivery promise counted from today', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T06:30:00Z'), toFake: ['Date'] });
    stubApi(directory());
    const user = renderPayment();
    const address = screen.getByRole('group', { name: 'Delivery address' });
    expect(within(address).getAllByRole('textbox')[0]).toBe(field('Pincode'));
    expect(screen.getByTestId('pincode-delivery').textContent).toBe('');
    await user.type(field('Pincode'), '560034');
    await vi.waitFor(() => expect(field('City').value).toBe('Bengaluru'));
    expect(field('State').value).toBe('Karnataka');
    // 28 Nov + 7-10 days of preparing + 7-10 by courier; the words of the success page and the e-mails.
    expect(screen.getByTestId('pincode-delivery').textContent).toBe('Expected delivery: between 12 Dec and 18 Dec 2026 Prepared and packed in 7-10 days, then 7-10 days by courier.');
    // Beside the field it is about, not down by the pay button.
    expect(field('Pincode').closest('.checkout-field')!.contains(screen.getByTestId('pincode-delivery'))).toBe(true);
    vi.useRealTimers();
  });

  it('replaces what an earlier lookup filled, never what the shopper typed', async () => {
    stubApi(directory());
    const user = renderPayment();
    await fill(user, { City: 'Koramangala' });
    await user.type(field('Pincode'), '560034');
    await vi.waitFor(() => expect(field('State').value).toBe('Karnataka'));
    expect(field('City').value).toBe('Koramangala');
    await fill(user, { Pincode: '302001' });
    await vi.waitFor(() => expect(field('State').value).toBe('Rajasthan'));
    expect(field('City').value).toBe('Koramangala');
  });

  it('an unknown pincode shows its message under the field and "Proceed to Pay" goes no further', async () => {
    const { calls } = stubApi(directory());
    const user = renderPayment();
    await fill(user, { ...SHOPPER, City: 'Bengaluru', State: 'Karnataka', Pincode: '999999' });
    expect(await screen.findByRole('textbox', { name: 'Pincode', description: PINCODE_MESSAGES.unknown })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeNull();
    expect(document.activeElement).toBe(field('Pincode'));
    expect(calls.map((call) => call.route)).not.toContain('POST /payment/create-order');
  });

  it("a typed state the pincode contradicts is corrected to the pincode's, and the change is shown under the field", async () => {
    stubApi(directory());
    const user = renderPayment();
    await fill(user, { ...SHOPPER, City: 'Bengaluru', State: 'Maharashtra', Pincode: '560034' });
    await vi.waitFor(() => expect(field('State').value).toBe('Karnataka'));
    expect(screen.getByTestId('state-corrected').textContent).toBe('Changed from “Maharashtra”: pincode 560034 is in Karnataka.');
    expect(field('City').value).toBe('Bengaluru');
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Your Royal Order' });
    expect(dialog.textContent).toContain('Bengaluru, Karnataka - 560034');
  });

  it('a contradicting state typed after the pincode is corrected at "Proceed to Pay", which goes on to the confirmation', async () => {
    stubApi(directory());
    const user = renderPayment();
    await user.type(field('Pincode'), '560034');
    await vi.waitFor(() => expect(field('State').value).toBe('Karnataka'));
    await fill(user, { ...SHOPPER, State: 'Tamil Nadu' });
    expect(screen.queryByTestId('state-corrected')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(field('State').value).toBe('Karnataka');
    expect(screen.getByTestId('state-corrected').textContent).toBe('Changed from “Tamil Nadu”: pincode 560034 is in Karnataka.');
    expect(screen.getByRole('dialog', { name: 'Confirm Your Royal Order' }).textContent).toContain('Karnataka - 560034');
  });

  it("when the lookup cannot answer, the server's refusal brings the shopper back to the form with the message under the field", async () => {
    vi.stubGlobal('Razorpay', class {});
    const refusal = PINCODE_MESSAGES.otherState('Karnataka');
    stubApi({
      'GET /pincodes/560034': () => jsonResponse(503, { success: false, error: 'The shop is briefly unavailable. Please try again in a moment.' }),
      'POST /payment/create-order': () => jsonResponse(400, { success: false, error: refusal, fields: { state: refusal } }),
    });
    const user = renderPayment();
    await fill(user, { ...SHOPPER, City: 'Bengaluru', State: 'Maharashtra', Pincode: '560034' });
    await vi.waitFor(() => expect(screen.getByTestId('pincode-delivery').textContent).toBe('We could not look up the delivery time just now.'));
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    expect(await screen.findByRole('textbox', { name: 'State', description: refusal })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeNull();
  });
});
