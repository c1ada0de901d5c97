import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { EarlyTapsRelease } from '../../lib/early-taps.js';
import { usePageArrival } from '../../lib/use-page-arrival.js';
import { RouteErrorBoundary } from '../ui/route-error-boundary.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { AdminHeader } from './admin-header.js';
import { paths } from '../../config/paths.js';

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

/** The owner's pages: the admin panel and its login. */
function isAdminPath(pathname: string): boolean {
  return pathname === paths.login || pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
}

/** Header, main content and the footer every page carries (the owner's pages have their own header). */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // A marker for tests and monitoring: the page is interactive from here on.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const main = useRef<HTMLElement>(null);
  usePageArrival(pathname, main);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {isAdminPath(pathname) ? <AdminHeader /> : <SiteHeader />}
      <main id="main" tabIndex={-1} ref={main}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            {children}
            <EarlyTapsRelease />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}
