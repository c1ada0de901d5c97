import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadRouteFor } from './app/router.js';
import { PRERENDERED_PATHS } from './config/paths.js';
import { metaFor } from './app/meta-for-path.js';
import { PAGE_SKELETONS, PageSkeleton } from './app/page-skeletons.js';
import { SiteLayout } from './components/layout/site-layout.js';

export { PRERENDERED_PATHS, metaFor };

/** Pages prerendered as a skeleton (app/page-skeletons.tsx): rendered in the browser from the session. */
export const SKELETON_PATHS: readonly string[] = Object.keys(PAGE_SKELETONS);

/** Renders one public route to HTML at build time (see scripts/prerender.ts). */
export async function render(url: string): Promise<string> {
  await preloadRouteFor(url);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
}

/** The skeleton of a page rendered in the browser, inside the layout every page has. */
export function renderSkeleton(url: string): string {
  const skeleton = PAGE_SKELETONS[url];
  if (!skeleton) throw new Error(`no skeleton for ${url}`);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <SiteLayout>
          <PageSkeleton>{skeleton}</PageSkeleton>
        </SiteLayout>
      </StaticRouter>
    </StrictMode>,
  );
}
