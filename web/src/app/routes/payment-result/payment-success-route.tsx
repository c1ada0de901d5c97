import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';

export const SUCCESS_REDIRECT_MS = 10_000;

/** Navigation state set by the payment page after a verified payment. */
export interface PaymentSuccessState {
  orderId?: string;
  paymentId?: string;
  amount?: number;
}

function readState(state: unknown): PaymentSuccessState {
  return typeof state === 'object' && state !== null ? (state as PaymentSuccessState) : {};
}

function SuccessContent({ orderId, paymentId }: { orderId: string; paymentId?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="container result-page result-page--success" aria-labelledby="success-title">
      <div className="result-page__icon" aria-hidden="true">
        ✓
      </div>
      <h1 id="success-title">Payment Successful!</h1>
      <p>Thank you for your royal order. Your order details will be emailed to you shortly.</p>
      <dl className="result-page__details">
        <div>
          <dt>Order ID</dt>
          <dd data-testid="success-order-id">{orderId}</dd>
        </div>
        {paymentId && (
          <div>
            <dt>Payment ID</dt>
            <dd>{paymentId}</dd>
          </div>
        )}
      </dl>
      <Link to={paths.shop} className="btn btn-primary">
        Continue Shopping
      </Link>
      <p className="result-page__note">You will be taken to the home page in 10 seconds.</p>
    </section>
  );
}

export default function PaymentSuccessRoute() {
  usePageMeta(PAGE_META.paymentSuccess);
  const { orderId, paymentId } = readState(useLocation().state);
  if (!orderId) return <Navigate to={paths.home} replace />;
  return <SuccessContent orderId={String(orderId)} paymentId={paymentId ? String(paymentId) : undefined} />;
}
