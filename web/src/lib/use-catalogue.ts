import { useEffect, useSyncExternalStore } from 'react';
import { getServerCatalogue, readCatalogue, refreshCatalogue, subscribeCatalogue, type CatalogueSnapshot } from './catalogue-store.js';

/** The products to show; the prerendered HTML and hydration see the build's list. */
export function useCatalogue(): CatalogueSnapshot {
  return useSyncExternalStore(subscribeCatalogue, readCatalogue, getServerCatalogue);
}

/** For a page that shows products: asks the server once when the page opens. */
export function useLiveCatalogue(): CatalogueSnapshot {
  useEffect(() => {
    void refreshCatalogue().catch(() => undefined);
  }, []);
  return useCatalogue();
}
