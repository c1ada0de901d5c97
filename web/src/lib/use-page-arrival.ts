import { useEffect, useRef } from 'react';

/** Longest wait for a lazily loaded page to render its heading before focus goes to <main>. */
const HEADING_WAIT_MS = 3_000;

/**
 * After a client-side navigation the new page starts at the top, and focus moves to the new page's <h1> so a screen reader announces
 * where the shopper now is (otherwise focus stays on <body>, or on a link that no longer exists).
 * Neither on the first render: the browser placed a freshly loaded page itself (and scrolling there
 * would force a layout for nothing). Pages are lazy
 * chunks, so the heading may appear a moment after the path changes; until it does we watch <main>.
 * `pathname` changes on every navigation; `main` is the element that holds the pages.
 */
export function usePageArrival(pathname: string, main: React.RefObject<HTMLElement | null>): void {
  const firstPath = useRef<string | undefined>(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = undefined;
    window.scrollTo(0, 0);
    const container = main.current;
    if (!container) return;

    const focusHeading = (): boolean => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      // Something on the new page (a form's first field, a dialog) already took focus: leave it.
      const active = document.activeElement;
      if (active && active !== document.body && container.contains(active) && active !== container) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      container.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
