import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadRouteFor } from './app/router.js';
import { PRERENDERED_PATHS } from './config/paths.js';
import { metaFor } from './app/meta-for-path.js';

export { PRERENDERED_PATHS, metaFor };

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
