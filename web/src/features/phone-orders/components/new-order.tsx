import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentLinkResponse } from '@pickles/shared/api';
import { INDIAN_STATES } from '@pickles/shared/indian-states';
import { formatPaise, formatRupees } from '@pickles/shared/money';
import { fieldErrors, normalisePhoneInput, normalisePincodeInput, phoneOrderPayloadSchema, type PhoneOrderPayload } from '@pickles/shared/validation';
import { AdminField, FormFailure } from '../../../components/ui/admin-form.js';
import { AdminLoadFailure, AdminPage } from '../../../components/ui/admin-page.js';
import { PaymentLinkBox } from '../../../components/ui/payment-link-box.js';
import { paths } from '../../../config/paths.js';
import { isApiFailure } from '../../../lib/api-client.js';
import { failureText } from '../../../lib/api-failure.js';
import { createPhoneOrder, getBuyableProducts } from '../api/phone-orders.js';
import '../phone-orders.css';

type Product = Awaited<ReturnType<typeof getBuyableProducts>>[number];

const CONTACT = [
  { name: 'name', label: 'Full name', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone number', type: 'tel', inputMode: 'numeric' },
] as const;
const ADDRESS = [
  { name: 'pincode', label: 'Pincode', inputMode: 'numeric' },
  { name: 'flatNumber', label: 'Flat / House number' },
  { name: 'street', label: 'Street' },
  { name: 'area', label: 'Area / Locality' },
  { name: 'city', label: 'City' },
] as const;
type TextField = (typeof CONTACT)[number]['name'] | (typeof ADDRESS)[number]['name'] | 'state' | 'discountCode';
type Values = Record<TextField, string>;
const EMPTY: Values = { name: '', email: '', phone: '', pincode: '', flatNumber: '', street: '', area: '', city: '', state: '', discountCode: '' };

/** The request as the server reads it: products and quantities, no prices. */
function toPayload(values: Values, quantities: Record<number, number>): PhoneOrderPayload {
  return {
    customerInfo: { name: values.name, email: values.email, phone: values.phone },
    deliveryAddress: { flatNumber: values.flatNumber, street: values.street, area: values.area, city: values.city, state: values.state, pincode: values.pincode },
    items: Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity })),
    ...(values.discountCode.trim() ? { discountCode: values.discountCode } : {}),
  };
}

/** The shared schema's and the server's field names, as this form's: `customerInfo.phone` is `phone`, `items.0.quantity` is `items`. */
function formErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.startsWith('items') ? 'items' : (key.split('.').pop() ?? key);
    errors[name] ??= message;
  }
  return errors;
}

/** The order placed and its link, to paste into WhatsApp. */
function OrderPlaced({ answer, onAnother }: { answer: PaymentLinkResponse; onAnother: () => void }) {
  const headingId = useId();
  return (
    <section className="op-card phone-order__done" aria-labelledby={headingId}>
      <div className="op-card__head">
        <h2 id={headingId}>Order {answer.orderId} placed</h2>
      </div>
      <p>
        The shopper pays <strong data-testid="phone-order-amount">{formatRupees(answer.amount)}</strong>
        {answer.discount ? (
          <>
            {' '}
            after <strong>{answer.discount.code}</strong> took off {formatRupees(answer.discount.amount)}
          </>
        ) : null}
        . The link below is on its way to the shopper by e-mail; copy it to send on WhatsApp too.
      </p>
      <PaymentLinkBox link={answer.paymentLink} />
      <div className="phone-order__actions">
        <Link className="btn" to={`${paths.admin}/orders/${answer._id}`}>
          Open the order
        </Link>
        <button type="button" className="btn btn-primary" onClick={onAnother}>
          New order
        </button>
      </div>
    </section>
  );
}

/** /admin/orders/new (decision 032): an order taken by phone or WhatsApp, priced by the shop, paid through a link. */
export function NewPhoneOrder() {
  const [products, setProducts] = useState<Product[] | undefined>();
  const [loadFailure, setLoadFailure] = useState<string | undefined>();
  const [reload, setReload] = useState(0);
  const [values, setValues] = useState<Values>(EMPTY);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const [answer, setAnswer] = useState<PaymentLinkResponse | undefined>();
  // One key per submission of this form: a retry after a lost answer gets the same order and link.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    const controller = new AbortController();
    setLoadFailure(undefined);
    getBuyableProducts(controller.signal)
      .then(setProducts)
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setLoadFailure(failureText(cause, 'The catalogue could not be loaded'));
      });
    return () => controller.abort();
  }, [reload]);

  const set = (name: TextField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Anything changed is another order: a new key.
    setRequestKey(crypto.randomUUID());
  };
  const setQuantity = (id: number, quantity: number) => {
    setQuantities((current) => ({ ...current, [id]: Math.max(0, Math.min(50, Number.isFinite(quantity) ? Math.floor(quantity) : 0)) }));
    setRequestKey(crypto.randomUUID());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const payload = toPayload(values, quantities);
    const checked = phoneOrderPayloadSchema.safeParse(payload);
    setErrors(checked.success ? {} : formErrors(fieldErrors(checked.error)));
    setFailure(undefined);
    if (!checked.success) return;
    setIsSending(true);
    try {
      setAnswer(await createPhoneOrder(payload, requestKey));
    } catch (cause) {
      if (isApiFailure(cause) && cause.fields) setErrors(formErrors(cause.fields));
      setFailure(failureText(cause, 'The order could not be placed'));
    } finally {
      setIsSending(false);
    }
  };

  const another = () => {
    setAnswer(undefined);
    setValues(EMPTY);
    setQuantities({});
    setErrors({});
    setRequestKey(crypto.randomUUID());
  };

  const text = (spec: { name: TextField; label: string; type?: string; inputMode?: 'numeric' | 'email' }) => (
    <AdminField key={spec.name} label={spec.label} error={errors[spec.name]}>
      {(props) => (
        <input
          {...props}
          name={spec.name}
          type={spec.type ?? 'text'}
          inputMode={spec.inputMode}
          autoComplete="off"
          value={values[spec.name]}
          onChange={(event) => {
            const raw = event.target.value;
            set(spec.name, spec.name === 'phone' ? normalisePhoneInput(raw) : spec.name === 'pincode' ? normalisePincodeInput(raw) : raw);
          }}
        />
      )}
    </AdminField>
  );

  return (
    <AdminPage title="New order" intro="An order taken by phone or WhatsApp. The shop prices it, discount code included, and e-mails the shopper a Razorpay payment link; copy the link to send it on WhatsApp.">
      {answer ? (
        <OrderPlaced answer={answer} onAnother={another} />
      ) : (
        <form className="op-form phone-order" onSubmit={(event) => void submit(event)} noValidate aria-label="New order">
          <section className="op-card" aria-labelledby="phone-order-items">
            <div className="op-card__head">
              <h2 id="phone-order-items">Pickles</h2>
            </div>
            {loadFailure ? (
              <AdminLoadFailure message={loadFailure} onRetry={() => setReload((n) => n + 1)} />
            ) : !products ? (
              <p role="status">Loading the catalogue...</p>
            ) : products.length === 0 ? (
              <p>Nothing is on sale now: open a batch on the Stock page first.</p>
            ) : (
              <ul className="phone-order__products">
                {products.map((product) => {
                  const id = `phone-order-qty-${product.id}`;
                  return (
                    <li key={product.id} className="phone-order__product">
                      <label htmlFor={id}>
                        <span className="phone-order__name">{product.name}</span>
                        <span className="op-muted">
                          {formatPaise(product.pricePaise)} a jar{product.left !== null ? ` · ${product.left} left` : ''}
                        </span>
                      </label>
                      <input
                        id={id}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={50}
                        value={quantities[product.id] ?? 0}
                        onChange={(event) => setQuantity(product.id, Number(event.target.value))}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
            {errors.items ? <p className="op-field__error">{errors.items}</p> : null}
            <p className="op-muted">Shipping and the discount are worked out by the shop when you create the order.</p>
          </section>
          <section className="op-card" aria-labelledby="phone-order-shopper">
            <div className="op-card__head">
              <h2 id="phone-order-shopper">Shopper</h2>
            </div>
            <div className="admin-field-pairs">{CONTACT.map((spec) => text(spec))}</div>
          </section>
          <section className="op-card" aria-labelledby="phone-order-address">
            <div className="op-card__head">
              <h2 id="phone-order-address">Delivery address</h2>
            </div>
            <div className="admin-field-pairs">
              {ADDRESS.map((spec) => text(spec))}
              <AdminField label="State" error={errors.state}>
                {(props) => (
                  <select {...props} name="state" value={values.state} onChange={(event) => set('state', event.target.value)}>
                    <option value="">Choose the state</option>
                    {INDIAN_STATES.map((state) => (
                      <option key={state.code + state.name} value={state.name}>
                        {state.name}
                      </option>
                    ))}
                  </select>
                )}
              </AdminField>
            </div>
          </section>
          <section className="op-card" aria-labelledby="phone-order-discount">
            <div className="op-card__head">
              <h2 id="phone-order-discount">Discount (optional)</h2>
            </div>
            {text({ name: 'discountCode', label: 'Discount code' })}
          </section>
          <FormFailure message={failure} />
          <div className="phone-order__actions">
            <button type="submit" className="btn btn-primary" disabled={isSending || !products?.length}>
              {isSending ? 'Creating...' : 'Create order and payment link'}
            </button>
          </div>
        </form>
      )}
    </AdminPage>
  );
}
