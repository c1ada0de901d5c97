import { useCallback } from 'react';
import type { AdminProductStock } from '@pickles/shared/api';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { toAvailability, type ProductAvailability } from '@pickles/shared/stock';
import { useAdminData } from '../../../lib/use-admin-data.js';
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

/** The catalogue and the batches, asked together. */
const loadCatalogue = (signal?: AbortSignal) => Promise.all([getCatalogue(signal), getSaleStates(signal)]).then(([catalogue, stock]) => ({ products: catalogue.products, stock: stock.products }));

/**
 * The owner's catalogue with each product's sale state (the catalogue and the batches, asked
 * together); `replace` puts a saved product in place, `setProducts` takes a reordered list.
 */
export function useAdminCatalogue() {
  const { data, failure, isLoading, reload, update } = useAdminData(loadCatalogue, 'The catalogue could not be loaded');

  const replace = useCallback(
    (saved: CatalogueProduct) => update((current) => current && { ...current, products: current.products.map((product) => (product.id === saved.id ? saved : product)) }),
    [update],
  );

  const setProducts = useCallback((products: CatalogueProduct[]) => update((current) => ({ stock: [], ...current, products })), [update]);

  return { products: data?.products, stock: data?.stock ?? [], failure, isLoading, reload, replace, setProducts };
}
