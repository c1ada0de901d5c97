import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { DiscountCheckResponse } from '@pickles/shared/api';
import { promiseDelivery, type DeliveryPromise } from '@pickles/shared/delivery-promise';
import { priceCart, type Cart } from '@pickles/shared/pricing';
import { paths } from '../../../config/paths.js';
import { isCheckoutState, repriceCheckout, toCheckoutState, type CheckoutNavigationState } from '../../../lib/checkout-state.js';
import { clearCart, readCart } from '../../../features/cart/index.js';
import { readCatalogue } from '../../../lib/catalogue-store.js';
import { useLiveCatalogue } from '../../../lib/use-catalogue.js';
import {
  CheckoutForm,
  ConfirmModal,
  DiscountCode,
  OrderSummary,
  PincodeDelivery,
  ProcessingOverlay,
  StateCorrected,
  createCheckoutKeys,
  loadCheckoutRules,
  loadCheckoutScript,
  pincodeErrors,
  readStoredForm,
  startPayment,
  stateCorrection,
  storeForm,
  usePincodeLookup,
  type CheckoutFormValues,
  type StateCorrection,
} from '../../../features/checkout/index.js';
import { SupplyNotice, refreshAvailability, supplyProblems, useLiveAvailability } from '../../../features/stock/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
import { CheckoutSection } from './checkout-section.js';
import '../../../features/checkout/checkout.css';

const EMPTY_REDIRECT_MS = 3_000;
const FAILURE_OVERLAY_MS = 1_500;

type Step = 'form' | 'confirm' | 'creating' | 'paying' | 'verifying' | 'failing';

/**
 * The checkout comes in the navigation state (docs/product.md §2); after a reload, from the session
 * cart. Once the server's catalogue has answered, it is priced again from it, and what changed is said.
 */
function useCheckout(): { checkout: CheckoutNavigationState; priceChanges: string[] } {
  const state: unknown = useLocation().state;
  const catalogue = useLiveCatalogue({ fresh: true });
  const shown = useMemo(() => {
    if (isCheckoutState(state)) return state;
    const cart = readCart();
    return toCheckoutState(cart, priceCart(cart, readCatalogue().products));
  }, [state]);
  return useMemo(() => {
    if (!catalogue.isLive) return { checkout: shown, priceChanges: [] };
    const { checkout, changes } = repriceCheckout(shown, catalogue.products);
    return { checkout, priceChanges: changes };
  }, [shown, catalogue]);
}

/** What changed in the catalogue since the cart was filled: said before the shopper pays. */
function PriceChangeNotice({ changes }: { changes: readonly string[] }) {
  if (!changes.length) return null;
  return (
    <div className="stock-notice" role="alert" id="checkout-price-notice" tabIndex={-1} data-testid="price-notice">
      <p className="stock-notice__title">Prices have changed since you filled your cart:</p>
      <ul>
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      <p>Your order below is priced as it will be charged.</p>
    </div>
  );
}

/**
 * Batch stock: the jars may have sold since the cart was filled. The live answer arrives
 * after the page has rendered; only this notice renders again then, not the whole checkout.
 */
function CheckoutSupplyNotice({ cart, refusal }: { cart: Cart; refusal: string | undefined }) {
  const availability = useLiveAvailability();
  const problems = [...(refusal ? [{ message: refusal }] : []), ...supplyProblems(cart, availability)];
  return (
    <SupplyNotice problems={problems} id="checkout-stock-notice">
      <p>
        <Link to={paths.shop} state={{ openCart: true }}>
          Change your cart
        </Link>
      </p>
    </SupplyNotice>
  );
}

export default function PaymentRoute() {
  usePageMeta(PAGE_META.checkout);
  const navigate = useNavigate();
  const { checkout, priceChanges } = useCheckout();
  const isEmpty = checkout.total <= 0 || Object.values(checkout.cart).every((quantity) => !quantity);
  const [values, setValues] = useState<CheckoutFormValues>(() => readStoredForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<Step>('form');
  const keys = useRef(createCheckoutKeys());
  // India Post's directory: fills the city and state, corrects a state the pincode
  // contradicts (saying so under the field), and an unknown pincode stops "Proceed to Pay".
  const [corrected, setCorrected] = useState<StateCorrection | undefined>();
  const fillFromPincode = useCallback((changes: Partial<CheckoutFormValues>, correction?: StateCorrection) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((name) => [name, ''])) }));
    if (correction) setCorrected(correction);
  }, []);
  const pincodeLookup = usePincodeLookup(values, fillFromPincode);
  // The delivery promise for the pincode, counted from today (the order is placed today): the words
  // the confirmation, the success page and the e-mails repeat.
  const zone = pincodeLookup.status === 'found' ? pincodeLookup.place.estimate.zone : undefined;
  const promise = useMemo<DeliveryPromise | undefined>(() => (zone ? promiseDelivery(zone, new Date()) : undefined), [zone]);
  const [stockRefusal, setStockRefusal] = useState<string | undefined>();
  // The discount code applied (decision 028): what the check said; create-order decides again.
  const [discount, setDiscount] = useState<DiscountCheckResponse | undefined>();
  const [discountRefusal, setDiscountRefusal] = useState<string | undefined>();
  const cartItems = useMemo(
    () => Object.entries(checkout.cart).flatMap(([id, quantity]) => (quantity ? [{ itemId: Number(id), quantity }] : [])),
    [checkout.cart],
  );
  // A code checked for another cart or total no longer says what it does: it is applied again.
  const cartKey = JSON.stringify([cartItems, checkout.total]);
  const [discountCartKey, setDiscountCartKey] = useState(cartKey);
  if (discount && discountCartKey !== cartKey) {
    setDiscount(undefined);
    setDiscountCartKey(cartKey);
  }

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
    if (name === 'state' || name === 'pincode') setCorrected(undefined);
  };

  const review = async () => {
    // Loaded when the form was first touched: in practice already here.
    const rules = await loadCheckoutRules().catch(() => undefined);
    if (!rules) return;
    // A state typed after the pincode was found, in another state: corrected, shown, and on we go.
    const correction = stateCorrection(values, pincodeLookup);
    const checked = correction ? { ...values, state: correction.state } : values;
    if (correction) {
      setValues(checked);
      setCorrected(correction);
    }
    const found = { ...rules.validateCheckoutForm(checked), ...pincodeErrors(pincodeLookup) };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    storeForm(checked);
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
    const fingerprint = JSON.stringify([checkout.cart, checkout.total, values, discount?.code ?? null]);
    const applied = discount ? { code: discount.code, discountPaise: discount.discountPaise } : undefined;
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
      onDiscountRefused: (error) => {
        setDiscount(undefined);
        setDiscountRefusal(error);
        setStep('form');
        window.setTimeout(() => document.getElementById('checkout-discount-code')?.focus(), 0);
      },
      onStockRefused: (error) => {
        setStockRefusal(error);
        setStep('form');
        showStockNotice();
        void refreshAvailability({ fresh: true }).catch(() => undefined);
      },
    }, applied).then(() => setStep((current) => (current === 'creating' ? 'paying' : current)));
  };

  const isBusy = step === 'creating' || step === 'paying' || step === 'verifying' || step === 'failing';
  return (
    <CheckoutSection>
      <PriceChangeNotice changes={priceChanges} />
      <CheckoutSupplyNotice cart={checkout.cart} refusal={stockRefusal} />
      <div className="checkout-layout">
        <CheckoutForm
          values={values}
          errors={pincodeLookup.status === 'unknown' ? { ...errors, pincode: pincodeLookup.message } : errors}
          notes={{
            pincode: <PincodeDelivery lookup={pincodeLookup} promise={promise} />,
            state: corrected ? <StateCorrected correction={corrected} /> : null,
          }}
          onChange={change}
          onSubmit={() => void review()}
          isBusy={isBusy}
        />
        <OrderSummary checkout={checkout} discount={discount}>
          <DiscountCode
            items={cartItems}
            email={values.email}
            phone={values.phone}
            applied={discount}
            refusal={discountRefusal}
            onApplied={(checked) => {
              setDiscount(checked);
              setDiscountCartKey(cartKey);
              setDiscountRefusal(undefined);
            }}
            disabled={isBusy}
          />
        </OrderSummary>
      </div>
      {/* Hidden while Razorpay's own window is open, so two dialogs never compete for focus. */}
      {step === 'confirm' || step === 'creating' ? (
        <ConfirmModal checkout={checkout} values={values} promise={promise} isBusy={isBusy} discount={discount} onEdit={() => setStep('form')} onConfirm={() => void pay()} />
      ) : null}
      {step === 'verifying' || step === 'failing' ? <ProcessingOverlay outcome={step === 'failing' ? 'failed' : 'verifying'} /> : null}
    </CheckoutSection>
  );
}
