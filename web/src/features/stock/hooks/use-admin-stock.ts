import { useCallback, useEffect, useState } from 'react';
import type { AdminProductStock } from '@pickles/shared/api';
import { failureText } from '../../../lib/api-failure.js';
import { getStock } from '../api/admin-stock.js';

export interface AdminStockState {
  products: AdminProductStock[] | undefined;
  failure: string | undefined;
  isLoading: boolean;
}

/** The owner's stock list; `replace` puts a saved product's answer in place without asking again. */
export function useAdminStock() {
  const [state, setState] = useState<AdminStockState>({ products: undefined, failure: undefined, isLoading: true });

  const load = useCallback((signal?: AbortSignal) => {
    setState((current) => ({ ...current, isLoading: true }));
    getStock(signal).then(
      (answer) => {
        if (!signal?.aborted) setState({ products: answer.products, failure: undefined, isLoading: false });
      },
      (cause: unknown) => {
        if (!signal?.aborted) setState((current) => ({ ...current, failure: failureText(cause, 'The stock could not be loaded'), isLoading: false }));
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = useCallback((saved: AdminProductStock) => {
    setState((current) => ({ ...current, products: current.products?.map((product) => (product.productId === saved.productId ? saved : product)) }));
  }, []);

  return { ...state, reload: () => load(), replace };
}
