import { useCallback, useEffect, useState } from 'react';
import type { AdminProductStock } from '@pickles/shared/api';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { toAvailability, type ProductAvailability } from '@pickles/shared/stock';
import { failureText } from '../../../lib/api-failure.js';
import { getCatalogue, getSaleStates } from '../api/admin-catalogue.js';

/** Where a product stands on the shop: the Stock page's state, or archived (the catalogue's). */
/** Where a product stands for the owner: the shop's own three states (shared/stock.ts), or archived. */
export type ProductSaleState = ProductAvailability['state'] | 'archived';

export const SALE_STATE_LABELS: Record<ProductSaleState, string> = { 'on-sale': 'On sale', 'sold-out': 'Sold out', 'coming-soon': 'Coming soon', archived: 'Archived' };

/**
 * The state the shopper sees, by the storefront's own rule (toAvailability): on sale with no jars
 * left is sold out. A product the stock list lacks is coming soon, as a new one starts.
 */
export function saleStateOf(product: CatalogueProduct, stock: readonly AdminProductStock[]): ProductSaleState {
  if (product.archived) return 'archived';
  const row = stock.find((candidate) => candidate.productId === product.id);
  return row ? toAvailability(row).state : 'coming-soon';
}

interface CatalogueState {
  products: CatalogueProduct[] | undefined;
  stock: AdminProductStock[];
  failure: string | undefined;
  isLoading: boolean;
}

/**
 * The owner's catalogue with each product's sale state (the catalogue and the batches, asked
 * together); `replace` puts a saved product in place, `setProducts` takes a reordered list.
 */
export function useAdminCatalogue() {
  const [state, setState] = useState<CatalogueState>({ products: undefined, stock: [], failure: undefined, isLoading: true });

  const load = useCallback((signal?: AbortSignal) => {
    setState((current) => ({ ...current, isLoading: true }));
    Promise.all([getCatalogue(signal), getSaleStates(signal)]).then(
      ([catalogue, stock]) => {
        if (!signal?.aborted) setState({ products: catalogue.products, stock: stock.products, failure: undefined, isLoading: false });
      },
      (cause: unknown) => {
        if (!signal?.aborted) setState((current) => ({ ...current, failure: failureText(cause, 'The catalogue could not be loaded'), isLoading: false }));
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = useCallback((saved: CatalogueProduct) => {
    setState((current) => ({ ...current, products: current.products?.map((product) => (product.id === saved.id ? saved : product)) }));
  }, []);

  const setProducts = useCallback((products: CatalogueProduct[]) => {
    setState((current) => ({ ...current, products }));
  }, []);

  return { ...state, reload: () => load(), replace, setProducts };
}
