import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { formatRupees } from '@pickles/shared/money';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { DeliveryPromiseText } from '../../../components/ui/delivery-promise.js';
import { paths } from '../../../config/paths.js';
import { readPaymentLinkResult, readPaymentSuccessState, type OrderReceipt, type PaymentSuccessState } from '../../../lib/checkout-state.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
import './payment-result.css';

export const SUCCESS_REDIRECT_MS = 10_000;
function Receipt({ receipt }: { receipt: OrderReceipt }) {
  const address = receipt.deliveryAddress;
  return (
    <div className="success-receipt">
      <section className="card success-receipt__items" aria-labelledby="receipt-items-title">
        <h2 id="receipt-items-title">What you paid for</h2>
        <ul className="success-receipt__lines receipt-lines" data-testid="success-items">
          {receipt.items.map((item) => (
            <li key={item.name}>
              <span>
                {item.name} <span className="success-receipt__qty">x {item.quantity}</span>
              </span>
              <span>{formatRupees(item.total)}</span>
            </li>
          ))}
          <li>
            <span>Shipping</span>
            <span>{formatRupees(receipt.shippingCost)}</span>
          </li>
          {receipt.discount ? (
            <li data-testid="success-discount">
              <span>Discount ({receipt.discount.code})</span>
              <span>-{formatRupees(receipt.discount.amount)}</span>
            </li>
          ) : null}
        </ul>
        <p className="success-receipt__total receipt-total">
          <span>Amount paid</span>
          <strong data-testid="success-amount">{formatRupees(receipt.amount)}</strong>
        </p>
      </section>
      <section className="card" aria-labelledby="receipt-address-title">
        <h2 id="receipt-address-title">Delivering to</h2>
        <address className="success-receipt__address" data-testid="success-address">
          {receipt.name}
          <br />
          {address.flatNumber}, {address.street}
          <br />
          {address.area}, {address.city}
          <br />
          {address.state} - {address.pincode}
        </address>
      </section>
      {/* The e-mail, and the delivery promise create-order made (packages/shared/src/delivery-promise.ts). */}
      <section className="card" aria-labelledby="receipt-next-title">
        <h2 id="receipt-next-title">What happens next</h2>
        <ol className="success-receipt__next">
          <li>
            A confirmation e-mail is on its way to <strong>{receipt.email}</strong>.
          </li>
          {receipt.deliveryPromise ? (
            <li data-testid="success-delivery">
              <DeliveryPromiseText promise={receipt.deliveryPromise} />
            </li>
          ) : null}
        </ol>
      </section>
    </div>
  );
}

function SuccessContent({ orderId, paymentId, amount, receipt }: PaymentSuccessState) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_MS / 1000);
  // WCAG 2.2.1: a time limit the shopper can turn off. The spec's 10-second return home stays the default.
  const [isStaying, setStaying] = useState(false);
  useEffect(() => {
    if (isStaying) return;
    const redirect = window.setTimeout(() => navigate(paths.home, { replace: true }), SUCCESS_REDIRECT_MS);
    const tick = window.setInterval(() => setSecondsLeft((seconds) => Math.max(1, seconds - 1)), 1_000);
    return () => {
      window.clearTimeout(redirect);
      window.clearInterval(tick);
    };
  }, [navigate, isStaying]);

  return (
    <section className="container result-page result-page--success" aria-labelledby="success-title">
      <div className="result-page__icon" aria-hidden="true">
        ✓
      </div>
      <h1 id="success-title">Payment Successful!</h1>
      <p>Thank you for your royal order. Your order details will be emailed to you shortly.</p>
      {/* In the first screen on a phone, with the control that stops it. */}
      <div className="success-countdown" role="status">
        {isStaying ? (
          <p className="result-page__note">You are staying on this page.</p>
        ) : (
          <>
            <p className="result-page__note" data-testid="success-countdown">
              You will be taken to the home page in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
            </p>
            <button type="button" className="btn btn-ghost success-countdown__stay" onClick={() => setStaying(true)}>
              Stay on this page
            </button>
          </>
        )}
      </div>
      <dl className="result-page__details success-details">
        <div>
          <dt>Order ID</dt>
          <dd>
            <span className="success-details__value" data-testid="success-order-id">
              {orderId}
            </span>
            <CopyButton value={orderId} />
          </dd>
        </div>
        {paymentId && (
          <div>
            <dt>Payment ID</dt>
            <dd>
              <span className="success-details__value">{paymentId}</span>
            </dd>
          </div>
        )}
        {!receipt && amount !== undefined && (
          <div>
            <dt>Amount paid</dt>
            <dd>{formatRupees(amount)}</dd>
          </div>
        )}
      </dl>
      <div className="result-page__actions">
        <Link to={paths.shop} className="btn btn-primary">
          Continue Shopping
        </Link>
        {/* The order number is filled in; the shopper types the phone or e-mail (decision 010). */}
        <Link to={`${paths.track}?${new URLSearchParams({ order: orderId }).toString()}`} className="btn">
          Track this order
        </Link>
      </div>
      {receipt && <Receipt receipt={receipt} />}
    </section>
  );
}

export default function PaymentSuccessRoute() {
  usePageMeta(PAGE_META.paymentSuccess);
  const location = useLocation();
  // The checkout's navigation state, or a paid payment link's callback (decision 032).
  const state = readPaymentSuccessState(location.state) ?? readPaymentLinkResult(location.search);
  if (!state) return <Navigate to={paths.home} replace />;
  return <SuccessContent {...state} />;
}
