import { useEffect, useMemo, useRef, useState } from 'react';
import type { PincodeLookupResponse } from '@pickles/shared/api';
import { findIndianState } from '@pickles/shared/indian-states';
import type { FieldErrors } from '@pickles/shared/validation';
import { isApiFailure } from '../../../lib/api-client.js';
import { lookupPincode } from '../api/lookup-pincode.js';
import type { CheckoutFormValues } from '../form-storage.js';

/** What the checkout knows of the typed pincode. */
export type PincodeLookup =
  | { status: 'idle' }
  | { status: 'loading'; pincode: string }
  | { status: 'found'; pincode: string; place: PincodeLookupResponse }
  /** Not in India Post's directory: the server said so (404 with the message on `pincode`). */
  | { status: 'unknown'; pincode: string; message: string }
  /** No answer (offline, server down): nothing is blocked, create-order checks the pincode itself. */
  | { status: 'failed'; pincode: string };

type Answer = Exclude<PincodeLookup, { status: 'idle' } | { status: 'loading' }>;

async function ask(pincode: string, signal: AbortSignal): Promise<Answer> {
  try {
    return { status: 'found', pincode, place: await lookupPincode(pincode, signal) };
  } catch (failure) {
    const message = isApiFailure(failure) && failure.status === 404 ? failure.fields?.pincode : undefined;
    return message ? { status: 'unknown', pincode, message } : { status: 'failed', pincode };
  }
}

/** A typed state the pincode contradicted, and the pincode's state the form put in its place (shown under the field). */
export interface StateCorrection {
  typed: string;
  state: string;
  pincode: string;
}

/**
 * The correction a typed state needs when the pincode is known to be in another state: India Post
 * knows where a pincode is, so the pincode wins and the shopper is shown the change (a parcel sent
 * to a contradicting address never arrives, and refusing at submit only made them guess why).
 */
export function stateCorrection(values: Pick<CheckoutFormValues, 'state'>, lookup: PincodeLookup): StateCorrection | undefined {
  const typed = values.state.trim();
  if (lookup.status !== 'found' || !typed || findIndianState(typed)?.code === lookup.place.stateCode) return undefined;
  return { typed, state: lookup.place.state, pincode: lookup.pincode };
}

/**
 * Looks the pincode up once it has 6 digits and fills the city and state with its answer when they
 * are empty or still hold what an earlier lookup put there: a city the shopper typed is never
 * overwritten, and the filled values stay editable. A typed state in another state than the
 * pincode's is corrected (`fill` gets the correction to show). `fill` receives only the fields to change.
 */
export function usePincodeLookup(
  values: Pick<CheckoutFormValues, 'pincode' | 'city' | 'state'>,
  fill: (changes: Partial<CheckoutFormValues>, correction?: StateCorrection) => void,
): PincodeLookup {
  const pincode = values.pincode.trim();
  const isComplete = /^\d{6}$/.test(pincode);
  const [answer, setAnswer] = useState<Answer | undefined>();

  useEffect(() => {
    if (!isComplete) return;
    const controller = new AbortController();
    void ask(pincode, controller.signal).then((result) => {
      if (!controller.signal.aborted) setAnswer(result);
    });
    return () => controller.abort();
  }, [pincode, isComplete]);

  const lookup = useMemo<PincodeLookup>(
    () => (!isComplete ? { status: 'idle' } : answer?.pincode === pincode ? answer : { status: 'loading', pincode }),
    [isComplete, answer, pincode],
  );

  // What the last found pincode filled in (or would have): the city or state still equal to it is ours to replace.
  const filled = useRef<{ pincode: string; city: string; state: string } | undefined>(undefined);
  useEffect(() => {
    if (lookup.status !== 'found' || filled.current?.pincode === lookup.pincode) return;
    const previous = filled.current;
    const { city, state } = lookup.place;
    filled.current = { pincode: lookup.pincode, city, state };
    const changes: Partial<CheckoutFormValues> = {};
    if (!values.city.trim() || values.city === previous?.city) changes.city = city;
    const correction = values.state === previous?.state ? undefined : stateCorrection({ state: values.state }, lookup);
    if (!values.state.trim() || values.state === previous?.state || correction) changes.state = state;
    if (changes.city !== undefined || changes.state !== undefined) fill(changes, correction);
  }, [lookup, values.city, values.state, fill]);

  return lookup;
}

/**
 * What the directory says against the form before "Proceed to Pay": a pincode it does not know (the
 * server refuses it too, services/checkout check-address.ts). A contradicting state is corrected
 * instead (stateCorrection).
 */
export function pincodeErrors(lookup: PincodeLookup): FieldErrors {
  return lookup.status === 'unknown' ? { pincode: lookup.message } : {};
}
