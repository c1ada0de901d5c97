// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AdminOrder } from '@pickles/shared';
import { adminOrder } from '../../../testing/admin-order.js';

// The table remembers whether this page load has shown a list yet: these tests start from a fresh
// page load, a module graph of their own (the unit tests otherwise share one per worker).
let OrdersTable: typeof import('./orders-table.js').OrdersTable;
let ROWS_PER_FRAME: number;
beforeAll(async () => {
  vi.resetModules();
  ({ OrdersTable, ROWS_PER_FRAME } = await import('./orders-table.js'));
});

const orders = (count: number, tag: string): AdminOrder[] =>
  Array.from({ length: count }, (_, i) =>
    adminOrder({
      _id: `5b0c1e9e-0000-4000-8000-${String(i).padStart(12, '0')}`,
      orderId: `RP2505${tag}-${String(i).padStart(6, '0')}`,
      razorpayPaymentId: `pay_${i}`,
      customerInfo: { name: `Shopper ${i}`, email: `shopper${i}@example.in`, phone: '9876501234' },
    }),
  );

const table = (list: AdminOrder[]) => (
  <MemoryRouter>
    <OrdersTable orders={list} updatingIds={new Set()} onStatusChange={vi.fn()} />
  </MemoryRouter>
);
const orderRows = () => document.querySelectorAll('tr.order-row');

afterEach(cleanup);

describe('the orders table', () => {
  // These run in order, the first list first.
  it('shows the first list a few rows per frame, top rows first, until every row is there', async () => {
    const first = orders(50, '10');
    render(table(first));
    expect(orderRows()).toHaveLength(ROWS_PER_FRAME);
    expect(orderRows()[0]!.getAttribute('data-order-id')).toBe(first[0]!.orderId);
    // A frame at a time: on a loaded two-core machine the nine frames can take over a second.
    await waitFor(() => expect(orderRows()).toHaveLength(50), { timeout: 10_000 });
    expect([...orderRows()].map((row) => row.getAttribute('data-order-id'))).toEqual(first.map((order) => order.orderId));
  });

  it('shows every later list whole at once (another page, a filter)', () => {
    const { rerender } = render(table(orders(50, '11')));
    expect(orderRows()).toHaveLength(50);
    rerender(table(orders(30, '12')));
    expect(orderRows()).toHaveLength(30);
    cleanup();
    render(table(orders(40, '13')));
    expect(orderRows()).toHaveLength(40);
    expect(screen.getAllByRole('row')).toHaveLength(41);
  });
});
