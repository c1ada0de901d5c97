import type { ReactNode } from 'react';
import { paths } from '../config/paths.js';
import { PanelTitle } from '../features/admin-orders/components/orders-panel.js';
import { CheckoutSection } from './routes/payment/checkout-section.js';
import { TrackSection } from './routes/track/track-section.js';

/**
 * What /payment, /admin and /track paint before any script runs (scripts/prerender.ts writes them into
 * those pages' HTML, inside the site layout): the page's frame and heading, the largest thing on its
 * first screen, where the rendered page puts it. The rest depends on the browser (the cart, the owner's
 * token, the tracking link's query), so it waits for the app, which replaces the skeleton with the whole
 * page in one commit. The checkout's and the panel's skeletons show only when their gate
 * (scripts/*-skeleton-gate.js) finds the session they are drawn for: an empty cart or a missing token
 * lead to another page. /track always shows its own. No skeleton draws a form field: text typed into
 * it before the app would not reach the app's state (decision 017).
 */
export const PAGE_SKELETONS: Readonly<Record<string, ReactNode>> = {
  [paths.payment]: <CheckoutSection />,
  [paths.admin]: (
    <div className="admin-panel admin-width">
      <PanelTitle />
    </div>
  ),
  [paths.track]: <TrackSection />,
};

/** Holds the footer below the fold until the page arrives, so the page's arrival moves nothing on screen. */
export function PageSkeleton({ children }: { children: ReactNode }) {
  return <div className="page-skeleton">{children}</div>;
}
