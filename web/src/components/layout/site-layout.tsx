import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '../ui/route-error-boundary.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

/** Header, main content and the footer every page carries. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // A marker for tests and monitoring: the page is interactive from here on.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const firstPath = useRef(pathname);
  useEffect(() => {
    // New page, new scroll position; not on the first render (that would force a layout for nothing).
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}
