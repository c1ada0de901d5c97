import type { AdminSortField } from '@pickles/shared';

/** The panel's filter state (docs/product.md §3): every field a string, '' meaning "any". */
export interface OrdersFilter {
  status: string;
  paymentStatus: string;
  pincode: string;
  city: string;
  state: string;
  dateFrom: string;
  dateTo: string;
  search: string;
  /** 'waiting': the "To dispatch" view (paid orders not yet dispatched); '' any. The shop's addition to §3's state. */
  dispatch: string;
}

export interface OrdersSort {
  field: AdminSortField;
  direction: 'asc' | 'desc';
}

export const EMPTY_FILTER: OrdersFilter = { status: '', paymentStatus: '', pincode: '', city: '', state: '', dateFrom: '', dateTo: '', search: '', dispatch: '' };
export const DEFAULT_SORT: OrdersSort = { field: 'createdAt', direction: 'desc' };

/** Only the constraints that are set, trimmed: what the server's filter schema reads. */
export function activeFilter(filter: OrdersFilter): Partial<OrdersFilter> {
  const active: Partial<OrdersFilter> = {};
  for (const [key, value] of Object.entries(filter) as [keyof OrdersFilter, string][]) {
    if (value.trim()) active[key] = value.trim();
  }
  return active;
}

export function ordersQueryString(filter: OrdersFilter, sort: OrdersSort, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...activeFilter(filter), sortField: sort.field, sortDir: sort.direction, ...extra }).toString();
}
