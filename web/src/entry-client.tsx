import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadRouteFor } from './app/router.js';
import './styles/index.css';

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

/** The class the inline gate of a skeleton page sets when its skeleton is the page the app will render. */
const SKELETON_SHOWN_CLASS = 'skeleton-ok';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const { prerendered, skeleton } = container.dataset;
  // Prerendered pages and skeletons wait for their page's chunk, so the first render is the page itself.
  if (prerendered === 'true' || skeleton === 'true') await preloadRouteFor(window.location.pathname);
  // As transitions, hydration and the first render yield to the browser every few milliseconds instead
  // of holding the main thread of a slow phone for one long task; the page is already painted meanwhile.
  if (prerendered === 'true') {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  if (skeleton !== 'true') {
    root.render(app);
    return;
  }
  // A skeleton (app/page-skeletons.tsx) stays on screen until the page replaces it in one commit; one
  // its gate kept hidden (another page is coming: /login, the empty cart) goes now.
  if (!document.documentElement.classList.contains(SKELETON_SHOWN_CLASS)) container.replaceChildren();
  delete container.dataset.skeleton;
  startTransition(() => {
    root.render(app);
  });
}

void start();
