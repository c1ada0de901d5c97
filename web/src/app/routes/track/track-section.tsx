import type { ReactNode } from 'react';

/**
 * The tracking page's heading and introduction; also prerendered alone as /track's skeleton
 * (app/page-skeletons.tsx), so a tracking link opened from an e-mail on a slow phone paints at once.
 */
export function TrackSection({ children }: { children?: ReactNode }) {
  return (
    <section className="container form-page" aria-labelledby="track-title">
      <h1 id="track-title">Track your order</h1>
      <p className="form-page__intro">Enter your order number and the phone number or e-mail you used at checkout to see where your pickles are and what happens next.</p>
      {children}
    </section>
  );
}
