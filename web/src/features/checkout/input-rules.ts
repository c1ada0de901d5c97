import { useSyncExternalStore } from 'react';
import type * as Validation from '@pickles/shared/validation';

/** What the checkout takes from @pickles/shared/validation: the field rules the server applies too. */
export type CheckoutRules = Pick<typeof Validation, 'normalisePhoneInput' | 'normalisePincodeInput' | 'validateCheckoutForm'>;

let loaded: CheckoutRules | undefined;
let loading: Promise<CheckoutRules> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the rules when the shopper first touches the form (and at "Proceed to Pay"), not with the
 * page: they come with zod, whose evaluation alone is a long task on a phone (about 80 ms of a
 * desktop's CPU, 4x that on a slow phone) that would block the page while it appears. Once loaded they
 * apply synchronously. A failed load is tried again on the next call.
 */
export function loadCheckoutRules(): Promise<CheckoutRules> {
  loading ??= import('@pickles/shared/validation').then(
    (rules) => {
      loaded = rules;
      for (const listener of listeners) listener();
      return rules;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules if they have loaded, for event handlers. */
export function checkoutRules(): CheckoutRules | undefined {
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The rules once loaded (undefined until then); the component renders again when they arrive. */
export function useCheckoutRules(): CheckoutRules | undefined {
  return useSyncExternalStore(subscribe, checkoutRules, () => undefined);
}
