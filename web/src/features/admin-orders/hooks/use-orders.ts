import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminOrder, AdminOrderCards, PaymentAttentionItem } from '@pickles/shared';
import { useAdminSession } from '../../../lib/admin-session/index.js';
import { getOrders } from '../api/get-orders.js';
import type { OrdersFilter, OrdersSort } from '../api/orders-query.js';
import { useDebounced } from './use-debounced.js';

export const TEXT_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 50;

export interface OrdersState {
  orders: AdminOrder[];
  total: number;
  cards: AdminOrderCards | undefined;
  /** Open payment problems, newest first. */
  attention: PaymentAttentionItem[];
  /**
   * The server time of the answer on screen and the filter it was asked with: the bulk actions
   * act on exactly those orders, minus any changed since.
   */
  answered: { asOf: string; filter: OrdersFilter } | undefined;
  isLoading: boolean;
  hasError: boolean;
}

/**
 * The server does the filtering, sorting and paging. Text filters wait TEXT_DEBOUNCE_MS after the
 * last keystroke; a newer query aborts the one in flight. Loading starts true and ends false
 * whether the fetch succeeded or failed (docs/product.md §4), and it loads again when the token
 * changes. A 401 is the session's business (lib/admin-session).
 */
export function useOrders(filter: OrdersFilter, sort: OrdersSort, page: number) {
  const { token } = useAdminSession();
  const [state, setState] = useState<OrdersState>({
    orders: [],
    total: 0,
    cards: undefined,
    attention: [],
    answered: undefined,
    isLoading: true,
    hasError: false,
  });
  // One object per set of texts: a fresh one every render would restart the debounce on each render
  // and re-render the panel (and its rows) every TEXT_DEBOUNCE_MS for as long as it is open.
  const typed = useMemo(
    () => ({ search: filter.search, pincode: filter.pincode, city: filter.city, state: filter.state }),
    [filter.search, filter.pincode, filter.city, filter.state],
  );
  const text = useDebounced(typed, TEXT_DEBOUNCE_MS);
  const query = useMemo(
    () => ({ ...filter, ...text }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter.status, filter.paymentStatus, filter.dateFrom, filter.dateTo, filter.dispatch, text.search, text.pincode, text.city, text.state],
  );
  const [reloadKey, setReloadKey] = useState(0);
  const silentRef = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const silent = silentRef.current;
    silentRef.current = false;
    // Unchanged state when already loading (the first load): React then skips re-rendering the panel.
    if (!silent) setState((s) => (s.isLoading && !s.hasError ? s : { ...s, isLoading: true, hasError: false }));
    getOrders(query, sort, page, PAGE_SIZE, controller.signal).then(
      (response) => {
        if (controller.signal.aborted) return;
        // A page of rows is the panel's biggest render: as a transition React renders it in slices
        // that let a phone's browser respond meanwhile, instead of one long task.
        startTransition(() => setState({
          orders: response.orders ?? [],
          total: response.total ?? 0,
          cards: response.cards,
          attention: response.attention ?? [],
          answered: response.asOf ? { asOf: response.asOf, filter: query } : undefined,
          isLoading: false,
          hasError: false,
        }));
      },
      () => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, isLoading: false, hasError: true }));
      },
    );
    return () => controller.abort();
  }, [token, query, sort, page, reloadKey]);

  /** Fetches again; `silent` keeps the table on screen meanwhile (after a single-row update). */
  const reload = useCallback((silent = false) => {
    silentRef.current = silent;
    setReloadKey((k) => k + 1);
  }, []);

  const replaceOrder = useCallback((order: AdminOrder) => {
    setState((s) => ({ ...s, orders: s.orders.map((o) => (o._id === order._id ? { ...o, status: order.status, updatedAt: order.updatedAt } : o)) }));
  }, []);

  /** The filter the current page was fetched with (debounced text included). */
  return { ...state, query, reload, replaceOrder };
}
