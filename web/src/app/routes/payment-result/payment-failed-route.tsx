import { Link, useLocation, useNavigate } from 'react-router-dom';
import { env } from '../../../config/env.js';
import { paths } from '../../../config/paths.js';
import { readPaymentFailedState } from '../../../lib/checkout-state.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
import './payment-result.css';

export default function PaymentFailedRoute() {
  usePageMeta(PAGE_META.paymentFailed);
  const navigate = useNavigate();
  const location = useLocation();
  const fromState = readPaymentFailedState(location.state);
  // A payment link's callback that did not confirm a payment (decision 032): ?order=<number>.
  const linkOrder = new URLSearchParams(location.search).get('order');
  const { error, orderId, paymentId } = fromState.orderId || !linkOrder ? fromState : { ...fromState, orderId: linkOrder.slice(0, 40) };

  return (
    <section className="container result-page result-page--failed" aria-labelledby="failed-title">
      <div className="result-page__icon" aria-hidden="true">
        !
      </div>
      <h1 id="failed-title">Payment Failed</h1>
      <p>We could not complete your payment. Please try again.</p>
      {error && (
        <p className="result-page__error" role="alert" data-testid="payment-error">
          {error}
        </p>
      )}
      {/*
        The first worry of a card or UPI payer. Razorpay refunds on its own a payment it never
        captured (late authorisation, capture timeout): https://razorpay.com/docs/payments/refunds/auto-refunds
      */}
      <section className="result-page__tips failed-refund" aria-labelledby="refund-title" data-testid="refund-note">
        <h2 id="refund-title">Was money taken from your account?</h2>
        <p>
          If money was debited for this payment, it is refunded automatically by Razorpay, usually within 5-7 working days.
        </p>
        {orderId && (
          <>
            <p>
              Writing to <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>? Please quote:
            </p>
            <dl className="failed-refund__reference" data-testid="failed-reference">
              <div>
                <dt>Order ID</dt>
                <dd>{orderId}</dd>
              </div>
              {paymentId && (
                <div>
                  <dt>Payment ID</dt>
                  <dd>{paymentId}</dd>
                </div>
              )}
            </dl>
          </>
        )}
      </section>
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
