import { useSearchParams } from 'react-router-dom';
import { OrderTracking } from '../../../features/tracking/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
import { TrackSection } from './track-section.js';

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
    <TrackSection>
      {/* A new link (another order in the address bar) starts afresh. */}
      <OrderTracking key={`${orderNumber}|${token ?? ''}`} initialOrderNumber={orderNumber} linkToken={token} />
    </TrackSection>
  );
}
