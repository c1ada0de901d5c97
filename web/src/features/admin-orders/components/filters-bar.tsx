import { useId, type ReactNode } from 'react';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@pickles/shared/order-status';
import type { OrdersFilter, OrdersSort } from '../api/orders-query.js';

interface FiltersBarProps {
  filter: OrdersFilter;
  sort: OrdersSort;
  onFilterChange: (patch: Partial<OrdersFilter>) => void;
  onSortChange: (sort: OrdersSort) => void;
  onReset: () => void;
}

/** A label tied to its control by id, so the control's accessible name is exactly the label. */
export function Field({ label, className = 'filter-field', children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** A labelled select of `options` (shown as they are), with `any` first for the empty value. */
export function SelectField({ label, className, value, any, options, onChange }: { label: string; className?: string; value: string; any: string; options: readonly string[]; onChange: (value: string) => void }) {
  return (
    <Field label={label} {...(className ? { className } : {})}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{any}</option>
          {options.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Search with Clear, the seven filters, the sort and Reset Filters (docs/product.md §2). */
export function FiltersBar({ filter, sort, onFilterChange, onSortChange, onReset }: FiltersBarProps) {
  const text = (key: 'pincode' | 'city' | 'state', label: string, inputMode?: 'numeric') => (
    <Field label={label}>
      {(id) => (
        <input id={id} type="text" inputMode={inputMode} value={filter[key]} placeholder={label} onChange={(e) => onFilterChange({ [key]: e.target.value })} />
      )}
    </Field>
  );
  const sortSelect = <K extends keyof OrdersSort>(key: K, label: string, options: ReadonlyArray<readonly [OrdersSort[K], string]>) => (
    <Field label={label}>
      {(id) => (
        <select id={id} value={sort[key]} onChange={(e) => onSortChange({ ...sort, [key]: e.target.value as OrdersSort[K] })}>
          {options.map(([value, optionLabel]) => (
            <option key={value} value={value}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <section className="filters-bar" aria-label="Filters">
      <Field label="Search" className="filter-field filter-search">
        {(id) => (
          <div className="filter-search__box">
            <input
              id={id}
              type="search"
              value={filter.search}
              onChange={(e) => onFilterChange({ search: e.target.value })}
              placeholder="Order ID, payment ID, name, email, phone, date, address, items"
            />
            <button type="button" className="btn btn-ghost" onClick={() => onFilterChange({ search: '' })} disabled={!filter.search}>
              Clear
            </button>
          </div>
        )}
      </Field>
      <SelectField label="Status" className="filter-field filter-field--select" value={filter.status} any="All Statuses" options={ORDER_STATUSES} onChange={(status) => onFilterChange({ status })} />
      <SelectField
        label="Payment Status"
        className="filter-field filter-field--select filter-field--wide"
        value={filter.paymentStatus}
        any="All Payment Statuses"
        options={PAYMENT_STATUSES}
        onChange={(paymentStatus) => onFilterChange({ paymentStatus })}
      />
      {text('pincode', 'Pincode', 'numeric')}
      {text('city', 'City')}
      {text('state', 'State')}
      <Field label="Date From">
        {(id) => <input id={id} type="date" value={filter.dateFrom} onChange={(e) => onFilterChange({ dateFrom: e.target.value })} />}
      </Field>
      <Field label="Date To">
        {(id) => <input id={id} type="date" value={filter.dateTo} onChange={(e) => onFilterChange({ dateTo: e.target.value })} />}
      </Field>
      {sortSelect('field', 'Sort By', [
        ['createdAt', 'Created'],
        ['updatedAt', 'Updated'],
        ['amount', 'Amount'],
      ])}
      {sortSelect('direction', 'Sort Direction', [
        ['desc', 'Desc'],
        ['asc', 'Asc'],
      ])}
      <button type="button" className="btn btn-ghost filter-reset" onClick={onReset}>
        Reset Filters
      </button>
    </section>
  );
}
