import type { ReactNode } from 'react';
import { paths } from '../config/paths.js';
import { PanelTitle } from '../features/admin-orders/components/orders-panel.js';
import { CheckoutSection } from './routes/payment/checkout-section.js';

/**
 * What /payment and /admin paint before any script runs (scripts/prerender.ts writes them into those
 * pages' HTML, inside the site layout): the page's frame and heading, the largest thing on its first
 * screen, where the rendered page puts it. Both pages depend on the browser's session (the cart, the
 * owner's token), so the rest waits for the app, which replaces the skeleton with the whole page in one
 * commit. Each skeleton shows only when its gate (scripts/*-skeleton-gate.js) finds the session it is
 * drawn for: an empty cart or a missing token lead to another page.
 */
export const PAGE_SKELETONS: Readonly<Record<string, ReactNode>> = {
  [paths.payment]: <CheckoutSection />,
  [paths.admin]: (
    <div className="admin-panel admin-width">
      <PanelTitle />
    </div>
  ),
};

/** Holds the footer below the fold until the page arrives, so the page's arrival moves nothing on screen. */
export function PageSkeleton({ children }: { children: ReactNode }) {
  return <div className="page-skeleton">{children}</div>;
}
