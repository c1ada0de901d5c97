import type { ReactNode } from 'react';

/** The checkout's frame and heading; also prerendered alone as /payment's skeleton (app/page-skeletons.tsx). */
export function CheckoutSection({ children }: { children?: ReactNode }) {
  return (
    <section className="container checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      {children}
    </section>
  );
}
