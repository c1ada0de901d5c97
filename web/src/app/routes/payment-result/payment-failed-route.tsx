import { Link, useLocation, useNavigate } from 'react-router-dom';
import { env } from '../../../config/env.js';
import { paths } from '../../../config/paths.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';

/** Navigation state set by the payment page when a payment fails. */
export interface PaymentFailedState {
  error?: string;
}

export default function PaymentFailedRoute() {
  usePageMeta(PAGE_META.paymentFailed);
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const error = typeof state === 'object' && state !== null ? (state as PaymentFailedState).error : undefined;

  return (
    <section className="container result-page result-page--failed" aria-labelledby="failed-title">
      <div className="result-page__icon" aria-hidden="true">
        !
      </div>
      <h1 id="failed-title">Payment Failed</h1>
      <p>We could not complete your payment. Please try again.</p>
      {error && (
        <p className="result-page__error" role="alert" data-testid="payment-error">
          {String(error)}
        </p>
      )}
      <div className="result-page__tips">
        <h2>What you can do</h2>
        <ul>
          <li>Try another payment method</li>
          <li>Check your card details</li>
          <li>Contact your bank</li>
          <li>
            Contact our support team at <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
          </li>
        </ul>
      </div>
      <div className="result-page__actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
          Try Again
        </button>
        <Link to={paths.home} className="btn btn-ghost">
          Go Home
        </Link>
      </div>
    </section>
  );
}
