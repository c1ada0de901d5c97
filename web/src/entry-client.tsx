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

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  // Prerendered pages (data-prerendered) hydrate; the app shell starts from nothing.
  if (container.dataset.prerendered === 'true') {
    await preloadRouteFor(window.location.pathname);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread of a slow phone for one long task; the page is already painted meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
