// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SORT, EMPTY_FILTER, type OrdersFilter, type OrdersSort } from '../api/orders-query.js';
import { FiltersBar } from './filters-bar.js';

/** Holds the filter and sort as the panel does, reporting every callback to the test. */
function renderBar() {
  const onFilterChange = vi.fn<(patch: Partial<OrdersFilter>) => void>();
  const onSortChange = vi.fn<(sort: OrdersSort) => void>();
  const onReset = vi.fn<() => void>();
  function Panel() {
    const [filter, setFilter] = useState(EMPTY_FILTER);
    const [sort, setSort] = useState(DEFAULT_SORT);
    return (
      <FiltersBar
        filter={filter}
        sort={sort}
        onFilterChange={(patch) => {
          onFilterChange(patch);
          setFilter((current) => ({ ...current, ...patch }));
        }}
        onSortChange={(next) => {
          onSortChange(next);
          setSort(next);
        }}
        onReset={() => {
          onReset();
          setFilter(EMPTY_FILTER);
          setSort(DEFAULT_SORT);
        }}
      />
    );
  }
  render(<Panel />);
  return { user: userEvent.setup(), onFilterChange, onSortChange, onReset };
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
const shown = (label: string) => within(select(label)).getByRole('option', { selected: true }).textContent;

afterEach(() => {
  cleanup();
});

describe('admin filters bar', () => {
  it('typing in a text filter calls back with that field and what is typed', async () => {
    const { user, onFilterChange } = renderBar();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'asha');
    expect(onFilterChange).toHaveBeenLastCalledWith({ search: 'asha' });
    await user.type(screen.getByRole('textbox', { name: 'Pincode' }), '3020');
    expect(onFilterChange).toHaveBeenLastCalledWith({ pincode: '3020' });
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Jaipur');
    expect(onFilterChange).toHaveBeenLastCalledWith({ city: 'Jaipur' });
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'Raj');
    expect(onFilterChange).toHaveBeenLastCalledWith({ state: 'Raj' });
    expect(input('City').value).toBe('Jaipur');
  });

  it('choosing a status, a payment status or a date calls back with that field', async () => {
    const { user, onFilterChange } = renderBar();
    expect(shown('Status')).toBe('All Statuses');
    await user.selectOptions(select('Status'), 'paid');
    expect(onFilterChange).toHaveBeenLastCalledWith({ status: 'paid' });
    expect(shown('Status')).toBe('paid');
    expect(shown('Payment Status')).toBe('All Payment Statuses');
    await user.selectOptions(select('Payment Status'), 'refunded');
    expect(onFilterChange).toHaveBeenLastCalledWith({ paymentStatus: 'refunded' });
    await user.type(input('Date From'), '2025-05-10');
    expect(onFilterChange).toHaveBeenLastCalledWith({ dateFrom: '2025-05-10' });
    await user.type(input('Date To'), '2025-05-31');
    expect(onFilterChange).toHaveBeenLastCalledWith({ dateTo: '2025-05-31' });
  });

  it('the sort offers Created, Updated and Amount, Desc and Asc, and calls back with the whole sort', async () => {
    const { user, onSortChange, onFilterChange } = renderBar();
    expect(within(select('Sort By')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Created', 'Updated', 'Amount']);
    expect(shown('Sort By')).toBe('Created');
    expect(shown('Sort Direction')).toBe('Desc');
    await user.selectOptions(select('Sort By'), 'Amount');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'amount', direction: 'desc' });
    await user.selectOptions(select('Sort Direction'), 'Asc');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'amount', direction: 'asc' });
    expect(onFilterChange).not.toHaveBeenCalled();
  });

  it('Clear empties the search and is disabled while there is nothing to clear', async () => {
    const { user, onFilterChange } = renderBar();
    const clear = screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'RP2505');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Jaipur');
    expect(clear.disabled).toBe(false);
    await user.click(clear);
    expect(onFilterChange).toHaveBeenLastCalledWith({ search: '' });
    expect(input('Search').value).toBe('');
    expect(input('City').value).toBe('Jaipur');
    expect(clear.disabled).toBe(true);
  });

  it('Reset Filters calls back, and every filter shows empty again with the default sort', async () => {
    const { user, onReset } = renderBar();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'asha');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Jaipur');
    await user.selectOptions(select('Status'), 'delivered');
    await user.selectOptions(select('Sort By'), 'Updated');
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    for (const label of ['Search', 'Pincode', 'City', 'State', 'Date From', 'Date To']) expect(input(label).value).toBe('');
    expect(shown('Status')).toBe('All Statuses');
    expect(shown('Payment Status')).toBe('All Payment Statuses');
    expect(shown('Sort By')).toBe('Created');
    expect(shown('Sort Direction')).toBe('Desc');
  });
});
