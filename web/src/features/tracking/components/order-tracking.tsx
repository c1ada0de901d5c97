import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrors } from '@pickles/shared/validation';
import type { TrackOrderResponse } from '@pickles/shared/api';
import { trackOrderRequestSchema } from '@pickles/shared/tracking-requests';
import { paths } from '../../../config/paths.js';
import { isApiFailure } from '../../../lib/api-client.js';
import { UNREACHABLE } from '../../../lib/api-failure.js';
import { lookUpOrder, openTrackingLink } from '../api/track-order.js';
import { TrackResult } from './track-result.js';
import './tracking.css';

/** Where the details come from, beside the empty form. */
function TrackingHelp() {
  return (
    <section className="track-help card" aria-labelledby="track-help-title">
      <h2 id="track-help-title">Where to find your order number</h2>
      <p>
        It starts with <strong>RP</strong> and is in the confirmation e-mail we sent after your payment, and on the page you saw once you paid.
      </p>
      <p>Every e-mail we send about your order has a tracking link that opens it without typing.</p>
      <p>
        Still stuck? <Link to={paths.policy('contact-us')}>Contact us</Link> and we will help.
      </p>
    </section>
  );
}

interface TrackFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoCapitalize: string;
  placeholder?: string;
  /** Shown under the input, before any error; the input is described by both. */
  hint?: string;
  error?: string;
}

/** What each input of the form says; the form gives it its value, its ref and its error. */
const TRACK_FIELDS = {
  orderNumber: { id: 'track-order-number', name: 'orderNumber', label: 'Order number', autoCapitalize: 'characters', placeholder: 'e.g. RP261122-7KQ2XD' },
  contact: { id: 'track-contact', name: 'contact', label: 'Phone number or e-mail', autoCapitalize: 'none', hint: 'The one you gave at checkout.' },
} as const;

/** One labelled input of the form, with its hint and its error tied to it for screen readers. */
function TrackField({ inputRef, id, name, label, value, onChange, autoCapitalize, placeholder, hint, error }: TrackFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={`track-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p className="track-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="track-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A found order keeps the token of the signed link that opened it: only that proves it is theirs for the invoice. */
type Lookup = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; order: TrackOrderResponse; linkToken?: string } | { kind: 'failed'; message: string };

/** The server's message when it answered (not found, too many lookups ...), else that it could not be reached. */
function failureMessage(failure: unknown): string {
  return isApiFailure(failure) && failure.status !== undefined ? failure.error : UNREACHABLE;
}

export interface OrderTrackingProps {
  /** From ?order= (the signed link, or the link on /payment-success). */
  initialOrderNumber?: string;
  /** From ?t=: with the order number, the order is looked up at once. */
  linkToken?: string;
}

/**
 * The guest tracking page's form and answer (decision 010): the order number and the phone or
 * e-mail used at checkout, or a signed link that needs neither. The answer's heading takes focus so
 * a screen reader reads where the order is; a failure is announced as an alert.
 */
export function OrderTracking({ initialOrderNumber = '', linkToken }: OrderTrackingProps) {
  const [orderNumber, setOrderNumber] = useState(initialOrderNumber);
  const [contact, setContact] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [lookup, setLookup] = useState<Lookup>(linkToken && initialOrderNumber ? { kind: 'loading' } : { kind: 'idle' });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const orderInput = useRef<HTMLInputElement>(null);
  const contactInput = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);

  const run = async (request: (signal: AbortSignal) => Promise<TrackOrderResponse>, token?: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLookup({ kind: 'loading' });
    try {
      const order = await request(controller.signal);
      if (!controller.signal.aborted) setLookup({ kind: 'found', order, linkToken: token });
    } catch (failure) {
      if (controller.signal.aborted) return;
      if (isApiFailure(failure) && failure.fields) setFields(failure.fields);
      setLookup({ kind: 'failed', message: failureMessage(failure) });
    }
  };

  // The signed link of an e-mail opens the order without typing.
  useEffect(() => {
    if (!linkToken || !initialOrderNumber) return;
    void run((signal) => openTrackingLink(initialOrderNumber, linkToken, signal), linkToken);
    return () => pending.current?.abort();
  }, [initialOrderNumber, linkToken]);

  useEffect(() => {
    if (lookup.kind === 'found') resultHeading.current?.focus();
  }, [lookup]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.kind === 'loading') return;
    const parsed = trackOrderRequestSchema.safeParse({ orderNumber, contact });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setFields(errors);
      (errors.orderNumber ? orderInput : contactInput).current?.focus();
      return;
    }
    setFields({});
    void run((signal) => lookUpOrder(parsed.data.orderNumber, parsed.data.contact, signal));
  };

  const isLoading = lookup.kind === 'loading';
  return (
    <div className="form-page__columns track-layout">
      <form className="track-form card" onSubmit={submit} noValidate aria-labelledby="track-form-title">
        <h2 id="track-form-title">{lookup.kind === 'found' ? 'Look up another order' : 'Find your order'}</h2>
        <TrackField {...TRACK_FIELDS.orderNumber} inputRef={orderInput} value={orderNumber} onChange={setOrderNumber} error={fields.orderNumber} />
        <TrackField {...TRACK_FIELDS.contact} inputRef={contactInput} value={contact} onChange={setContact} error={fields.contact} />
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Looking up...' : 'Track order'}
        </button>
      </form>

      <div className="track-answer">
        <p role="status" className={isLoading ? 'track-loading' : 'visually-hidden'}>
          {isLoading ? 'Looking up your order...' : ''}
        </p>
        {lookup.kind === 'failed' ? (
          <p role="alert" className="form-page__failure">
            {lookup.message}
          </p>
        ) : null}
        {lookup.kind === 'found' ? <TrackResult order={lookup.order} linkToken={lookup.linkToken} headingRef={resultHeading} /> : null}
        {lookup.kind === 'idle' || lookup.kind === 'failed' ? <TrackingHelp /> : null}
      </div>
    </div>
  );
}
