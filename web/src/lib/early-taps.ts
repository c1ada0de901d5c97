import { useEffect } from 'react';

/** What web/scripts/early-taps.js waits for before doing the taps it held (decision 017). */
export const APP_READY_EVENT = 'pickles:app-ready';

/**
 * Tells the page's early-tap script that the app is ready: rendered where the page's content is,
 * inside the route's Suspense boundary, so its effect runs only once that content has hydrated (or
 * been drawn) and has its handlers. Harmless on pages without the script (the app shell).
 */
export function EarlyTapsRelease() {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}
