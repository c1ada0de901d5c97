// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { adminOrder } from '../../../testing/admin-order.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import { OrdersTable } from './orders-table.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';

// Only what these tests look at: the shared factory gives the rest.
const order = adminOrder({
  orderId: 'RP250510-BIGONE',
  deliveryAddress: { flatNumber: '221', street: 'Lodhi Road', area: 'Jor Bagh', city: 'New Delhi', state: 'Delhi', pincode: '110003' },
  amount: 12_500,
  refundedAmount: 1_150,
  items: [{ name: 'Royal Chicken Pickle', quantity: 10 }],
  status: 'delivered',
});

function renderTable() {
  render(
    <MemoryRouter>
      <OrdersTable orders={[order]} updatingIds={new Set()} onStatusChange={vi.fn()} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const cellOf = (column: number) => screen.getAllByRole('row')[1]!.querySelectorAll('td')[column]!;

undoAfterEachTest();

describe('orders table', () => {
  it('shows amounts with Indian digit grouping, as the storefront and the e-mails do', () => {
    renderTable();
    expect(cellOf(7).textContent).toBe('₹12,500 ₹1,150 refunded');
  });

  it("links the order number to the order's page, keeping its Copy button", () => {
    renderTable();
    const link = within(cellOf(0)).getByRole('link', { name: order.orderId });
    expect(link.getAttribute('href')).toBe(`/admin/orders/${order._id}`);
    expect(link.textContent).toBe('RP250510-BIGONE');
    expect(within(cellOf(0)).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('keeps the whole address and items in a tooltip when the cell shows only two lines', () => {
    renderTable();
    const address = '221, Lodhi Road, Jor Bagh, New Delhi, Delhi - 110003';
    expect(within(cellOf(6)).getByTitle(address).textContent).toBe(address);
    expect(within(cellOf(8)).getByTitle('Royal Chicken Pickle (Qty: 10)')).toBeTruthy();
  });

  it("History opens the order's status history in a panel the button controls, and Close shuts it", async () => {
    stubApi({
      [`GET /admin/orders/${order._id}/history`]: () =>
        jsonResponse(200, {
          success: true,
          history: [{ fromStatus: 'paid', toStatus: 'delivered', fromPaymentStatus: null, toPaymentStatus: null, changedBy: 'admin:admin', reason: null, changedAt: order.updatedAt }],
        }),
    });
    const user = renderTable();
    const button = screen.getByRole('button', { name: 'History' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(within(panel!).getByRole('heading', { name: `Status history of ${order.orderId}` })).toBeTruthy();
    expect(await within(panel!).findByText('admin:admin')).toBeTruthy();
    await user.click(within(panel!).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: `Status history of ${order.orderId}` })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
