import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
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
  pincodeErrors,
  readStoredForm,
  startPayment,
  storeForm,
  usePincodeLookup,
  type CheckoutFormValues,
} from '../../../features/checkout/index.js';
import { SupplyNotice, refreshAvailability, supplyProblems, useLiveAvailability } from '../../../features/stock/index.js';
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
  // India Post's directory (issue 17): fills the city and state, and an unknown pincode stops "Proceed to Pay".
  const fillFromPincode = useCallback((changes: Partial<CheckoutFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((name) => [name, ''])) }));
  }, []);
  const pincodeLookup = usePincodeLookup(values, fillFromPincode);
  // Batch stock (issue 17): the jars may have sold since the cart was filled.
  const availability = useLiveAvailability();
  const [stockRefusal, setStockRefusal] = useState<string | undefined>();

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
    const found = { ...validateCheckoutForm(values), ...pincodeErrors(values, pincodeLookup) };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    storeForm(values);
    setStep('confirm');
  };

  const showStockNotice = () => window.setTimeout(() => document.getElementById('checkout-stock-notice')?.focus(), 0);

  const pay = async () => {
    if (step === 'creating' || step === 'paying') return;
    setStep('creating');
    // The last look before money moves; if the server cannot answer, create-order checks anyway.
    const latest = await refreshAvailability({ fresh: true }).catch(() => undefined);
    if (latest && supplyProblems(checkout.cart, latest).length > 0) {
      setStep('form');
      showStockNotice();
      return;
    }
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
      onFormRefused: (refused) => {
        setErrors(refused);
        setStep('form');
        window.setTimeout(() => document.getElementById(`checkout-${Object.keys(refused)[0]}`)?.focus(), 0);
      },
      onStockRefused: (error) => {
        setStockRefusal(error);
        setStep('form');
        showStockNotice();
        void refreshAvailability({ fresh: true }).catch(() => undefined);
      },
    }).then(() => setStep((current) => (current === 'creating' ? 'paying' : current)));
  };

  const isBusy = step === 'creating' || step === 'paying' || step === 'verifying' || step === 'failing';
  const stockProblems = [...(stockRefusal ? [{ message: stockRefusal }] : []), ...supplyProblems(checkout.cart, availability)];
  return (
    <section className="container checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <SupplyNotice problems={stockProblems} id="checkout-stock-notice">
        <p>
          <Link to={paths.shop} state={{ openCart: true }}>
            Change your cart
          </Link>
        </p>
      </SupplyNotice>
      <div className="checkout-layout">
        <CheckoutForm values={values} errors={pincodeLookup.status === 'unknown' ? { ...errors, pincode: pincodeLookup.message } : errors} onChange={change} onSubmit={review} isBusy={isBusy} />
        <OrderSummary checkout={checkout} delivery={pincodeLookup} />
      </div>
      {/* Hidden while Razorpay's own window is open, so two dialogs never compete for focus. */}
      {step === 'confirm' || step === 'creating' ? (
        <ConfirmModal checkout={checkout} values={values} isBusy={isBusy} onEdit={() => setStep('form')} onConfirm={() => void pay()} />
      ) : null}
      {step === 'verifying' || step === 'failing' ? <ProcessingOverlay /> : null}
    </section>
  );
}
