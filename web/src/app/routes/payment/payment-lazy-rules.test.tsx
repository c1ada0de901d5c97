// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { priceCart } from '@pickles/shared/pricing';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';

// Records when the checkout's rules module (with zod) is first evaluated, statically or on demand.
const evaluated = vi.hoisted(() => ({ validation: false }));
vi.mock('@pickles/shared/validation', async (importOriginal) => {
  evaluated.validation = true;
  return importOriginal();
});

undoAfterEachTest();

describe('/payment and zod', () => {
  it('renders the checkout without evaluating the form rules; they load when the form is first touched', async () => {
    stubApi({ 'GET /catalogue/availability': () => jsonResponse(200, { success: true, asOf: new Date().toISOString(), products: [] }) });
    // A fresh page load: a module graph of its own (the unit tests otherwise share one per worker).
    vi.resetModules();
    evaluated.validation = false;
    const { default: PaymentRoute } = await import('./payment-route.js');
    render(
      <MemoryRouter initialEntries={[{ pathname: '/payment', state: toCheckoutState({ 1: 2 }, priceCart({ 1: 2 })) }]}>
        <PaymentRoute />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Delivery details' })).toBeTruthy();
    expect(evaluated.validation).toBe(false);
    fireEvent.focus(screen.getByRole('textbox', { name: 'Full name' }));
    await waitFor(() => expect(evaluated.validation).toBe(true));
  });
});
