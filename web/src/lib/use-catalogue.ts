import { useEffect, useSyncExternalStore } from 'react';
import { getServerCatalogue, readCatalogue, refreshCatalogue, subscribeCatalogue, type CatalogueSnapshot } from './catalogue-store.js';

/** The products to show; the prerendered HTML and hydration see the build's list. */
export function useCatalogue(): CatalogueSnapshot {
  return useSyncExternalStore(subscribeCatalogue, readCatalogue, getServerCatalogue);
}

/** For a page that shows products: asks the server once when the page opens (`fresh`: past the browser's copy). */
export function useLiveCatalogue({ fresh = false } = {}): CatalogueSnapshot {
  useEffect(() => {
    void refreshCatalogue({ fresh }).catch(() => undefined);
  }, [fresh]);
  return useCatalogue();
}
