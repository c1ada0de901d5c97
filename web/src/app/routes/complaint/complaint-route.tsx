import { useSearchParams } from 'react-router-dom';
import { RaiseComplaint } from '../../../features/complaints/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The form's fields look like the checkout's (.checkout-field); features/complaints adds the rest.
import '../../../features/checkout/checkout.css';

/**
 * /complaint: a complaint with a ticket number, linked from the Contact Us policy and the
 * tracking page. `?order=` prefills the order number (the tracking page's link). Served from the app
 * shell like /track: it reads the address, and a form has nothing for a search engine.
 */
export default function ComplaintRoute() {
  usePageMeta(PAGE_META.complaint);
  const [params] = useSearchParams();
  const orderNumber = params.get('order')?.trim() ?? '';
  return (
    <section className="container form-page" aria-labelledby="complaint-title">
      <h1 id="complaint-title">Raise a complaint</h1>
      <p className="form-page__intro">
Something wrong with an order, a jar or a payment? Tell us here and you get a ticket number at once.
      </p>
      {/* A new link (another order in the address bar) starts afresh. */}
      <RaiseComplaint key={orderNumber} initialOrderNumber={orderNumber} />
    </section>
  );
}
