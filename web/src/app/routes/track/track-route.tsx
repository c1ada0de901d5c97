import { useSearchParams } from 'react-router-dom';
import { OrderTracking } from '../../../features/tracking/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';

/**
 * /track: the shopper's order tracking (decision 010). `?order=` prefills the order number (the
 * link on /payment-success); with `&t=` (the signed link of the e-mails) the order opens at once.
 */
export default function TrackRoute() {
  usePageMeta(PAGE_META.track);
  const [params] = useSearchParams();
  const orderNumber = params.get('order')?.trim() ?? '';
  const token = params.get('t')?.trim() || undefined;
  return (
    <section className="container form-page" aria-labelledby="track-title">
      <h1 id="track-title">Track your order</h1>
      <p className="form-page__intro">Enter your order number and the phone number or e-mail you used at checkout to see where your pickles are and what happens next.</p>
      {/* A new link (another order in the address bar) starts afresh. */}
      <OrderTracking key={`${orderNumber}|${token ?? ''}`} initialOrderNumber={orderNumber} linkToken={token} />
    </section>
  );
}
