import { useCallback } from 'react';
import type { AdminProductStock } from '@pickles/shared/api';
import { useAdminData } from '../../../lib/use-admin-data.js';
import { getStock } from '../api/admin-stock.js';

const loadStock = (signal?: AbortSignal) => getStock(signal).then((answer) => answer.products);

/** The owner's stock list; `replace` puts a saved product's answer in place without asking again. */
export function useAdminStock() {
  const { data: products, failure, isLoading, reload, update } = useAdminData(loadStock, 'The stock could not be loaded');

  const replace = useCallback(
    (saved: AdminProductStock) => update((current) => current?.map((product) => (product.productId === saved.productId ? saved : product))),
    [update],
  );

  return { products, failure, isLoading, reload, replace };
}
