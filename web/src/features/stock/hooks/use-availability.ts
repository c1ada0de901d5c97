import { useEffect, useSyncExternalStore } from 'react';
import { getServerAvailability, readAvailability, refreshAvailability, subscribeAvailability, type AvailabilitySnapshot } from '../availability-store.js';

/** The shop's knowledge of stock; the prerendered HTML and hydration see the catalogue's flags. */
export function useAvailability(): AvailabilitySnapshot {
  return useSyncExternalStore(subscribeAvailability, readAvailability, getServerAvailability);
}

/**
 * For a page that sells: asks the server once when the page opens (and again whenever the window
 * regains focus, while any page listens). A failed answer leaves the catalogue's flags; create-order
 * has the last word.
 */
export function useLiveAvailability(): AvailabilitySnapshot {
  useEffect(() => {
    void refreshAvailability().catch(() => undefined);
  }, []);
  return useAvailability();
}
