import { ORDER_STATUSES, PAYMENT_STATUSES } from '@pickles/shared';
import type { OrdersFilter, OrdersSort } from '../api/orders-query.js';

interface FiltersBarProps {
  filter: OrdersFilter;
  sort: OrdersSort;
  onFilterChange: (patch: Partial<OrdersFilter>) => void;
  onSortChange: (sort: OrdersSort) => void;
  onReset: () => void;
}

/** Search with Clear, the seven filters, the sort and Reset Filters (spec section 2). */
export function FiltersBar({ filter, sort, onFilterChange, onSortChange, onReset }: FiltersBarProps) {
  const text = (key: 'pincode' | 'city' | 'state', label: string, extra: Record<string, string> = {}) => (
    <label className="filter-field">
      <span>{label}</span>
      <input type="text" value={filter[key]} onChange={(e) => onFilterChange({ [key]: e.target.value })} placeholder={label} {...extra} />
    </label>
  );
  return (
    <section className="filters-bar" aria-label="Filters">
      <div className="filter-search">
        <label className="filter-field filter-field-wide">
          <span>Search</span>
          <input
            type="search"
            value={filter.search}
            onChange={(e) => onFilterChange({ search: e.target.value })}
            placeholder="Search order ID, payment ID, name, email, phone, date, address, items"
          />
        </label>
        <button type="button" className="btn btn-ghost" onClick={() => onFilterChange({ search: '' })} disabled={!filter.search}>
          Clear
        </button>
      </div>
      <div className="filter-grid">
        <label className="filter-field">
          <span>Status</span>
          <select value={filter.status} onChange={(e) => onFilterChange({ status: e.target.value })}>
            <option value="">All Statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="filter-field">
          <span>Payment Status</span>
          <select value={filter.paymentStatus} onChange={(e) => onFilterChange({ paymentStatus: e.target.value })}>
            <option value="">All Payment Statuses</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {text('pincode', 'Pincode', { inputMode: 'numeric' })}
        {text('city', 'City')}
        {text('state', 'State')}
        <label className="filter-field">
          <span>Date From</span>
          <input type="date" value={filter.dateFrom} onChange={(e) => onFilterChange({ dateFrom: e.target.value })} />
        </label>
        <label className="filter-field">
          <span>Date To</span>
          <input type="date" value={filter.dateTo} onChange={(e) => onFilterChange({ dateTo: e.target.value })} />
        </label>
        <label className="filter-field">
          <span>Sort By</span>
          <select value={sort.field} onChange={(e) => onSortChange({ ...sort, field: e.target.value as OrdersSort['field'] })}>
            <option value="createdAt">Created</option>
            <option value="updatedAt">Updated</option>
            <option value="amount">Amount</option>
          </select>
        </label>
        <label className="filter-field">
          <span>Sort Direction</span>
          <select value={sort.direction} onChange={(e) => onSortChange({ ...sort, direction: e.target.value as OrdersSort['direction'] })}>
            <option value="desc">Desc</option>
            <option value="asc">Asc</option>
          </select>
        </label>
        <button type="button" className="btn btn-ghost filter-reset" onClick={onReset}>
          Reset Filters
        </button>
      </div>
    </section>
  );
}
