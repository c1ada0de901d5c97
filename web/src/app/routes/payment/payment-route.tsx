import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { priceCart } from '@pickles/shared/pricing';
import { validateCheckoutForm } from '@pickles/shared/validation';
import { paths } from '../../../config/paths.js';
import { isCheckoutState, toCheckoutState, type CheckoutNavigationState } from '../../../lib/checkout-state.js';
import { clearCart, readCart } from '../../../features/cart/index.js';
import {
  CheckoutForm,
  ConfirmModal,
  OrderSummary,
  ProcessingOverlay,
  createCheckoutKeys,
  loadCheckoutScript,
  readStoredForm,
  startPayment,
  storeForm,
  type CheckoutFormValues,
} from '../../../features/checkout/index.js';
import { usePageMeta } from '../../page-meta.js';
import '../../../features/checkout/checkout.css';

const EMPTY_REDIRECT_MS = 3_000;
const FAILURE_OVERLAY_MS = 1_500;

type Step = 'form' | 'confirm' | 'creating' | 'paying' | 'verifying' | 'failing';

/** The checkout comes in the navigation state (docs/product.md §2); after a reload, from the session cart. */
function useCheckout(): CheckoutNavigationState {
  const state: unknown = useLocation().state;
  return useMemo(() => {
    if (isCheckoutState(state)) return state;
    const cart = readCart();
    return toCheckoutState(cart, priceCart(cart));
  }, [state]);
}

export default function PaymentRoute() {
  usePageMeta({ title: 'Checkout | Royal Pickles', description: 'Enter your delivery details and pay securely with Razorpay.' });
  const navigate = useNavigate();
  const checkout = useCheckout();
  const isEmpty = checkout.total <= 0 || Object.values(checkout.cart).every((quantity) => !quantity);
  const [values, setValues] = useState<CheckoutFormValues>(() => readStoredForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<Step>('form');
  const keys = useRef(createCheckoutKeys());

  useEffect(() => {
    if (!isEmpty) void loadCheckoutScript();
  }, [isEmpty]);

  useEffect(() => {
    if (!isEmpty) return;
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), EMPTY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isEmpty, navigate]);

  if (isEmpty) {
    return (
      <section className="container checkout-empty" aria-labelledby="empty-title">
        <h1 id="empty-title">Your Royal Cart is Empty!</h1>
        <p>Taking you back to the home page...</p>
      </section>
    );
  }

  const change = (name: keyof CheckoutFormValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: '' }));
  };

  const review = () => {
    const found = validateCheckoutForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    storeForm(values);
    setStep('confirm');
  };

  const pay = () => {
    if (step === 'creating' || step === 'paying') return;
    setStep('creating');
    const fingerprint = JSON.stringify([checkout.cart, checkout.total, values]);
    void startPayment(checkout, values, keys.current(fingerprint), {
      onVerifying: () => setStep('verifying'),
      onSuccess: (result) => {
        clearCart();
        navigate(paths.paymentSuccess, { replace: true, state: result });
      },
      onFailure: (failure, withOverlay) => {
        if (!withOverlay) {
          navigate(paths.paymentFailed, { state: failure });
          return;
        }
        setStep('failing');
        window.setTimeout(() => navigate(paths.paymentFailed, { state: failure }), FAILURE_OVERLAY_MS);
      },
      onCancelled: () => setStep('confirm'),
    }).then(() => setStep((current) => (current === 'creating' ? 'paying' : current)));
  };

  const isBusy = step === 'creating' || step === 'paying' || step === 'verifying' || step === 'failing';
  return (
    <section className="container checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <div className="checkout-layout">
        <CheckoutForm values={values} errors={errors} onChange={change} onSubmit={review} isBusy={isBusy} />
        <OrderSummary checkout={checkout} />
      </div>
      {/* Hidden while Razorpay's own window is open, so two dialogs never compete for focus. */}
      {step === 'confirm' || step === 'creating' ? (
        <ConfirmModal checkout={checkout} values={values} isBusy={isBusy} onEdit={() => setStep('form')} onConfirm={pay} />
      ) : null}
      {step === 'verifying' || step === 'failing' ? <ProcessingOverlay /> : null}
    </section>
  );
}
