import { useCallback, useEffect, useState } from 'react';
import type { AdminDiscountCode } from '@pickles/shared/api';
import { failureText } from '../../../lib/api-failure.js';
import { getDiscountCodes } from '../api/admin-discount-codes.js';

/** The owner's codes; `put` places a saved code's answer (new ones first) without asking again. */
export function useDiscountCodes() {
  const [state, setState] = useState<{ codes: AdminDiscountCode[] | undefined; failure: string | undefined; isLoading: boolean }>({ codes: undefined, failure: undefined, isLoading: true });

  const load = useCallback((signal?: AbortSignal) => {
    setState((current) => ({ ...current, isLoading: true }));
    getDiscountCodes(signal).then(
      (answer) => {
        if (!signal?.aborted) setState({ codes: answer.codes, failure: undefined, isLoading: false });
      },
      (cause: unknown) => {
        if (!signal?.aborted) setState((current) => ({ ...current, failure: failureText(cause, 'The discount codes could not be loaded'), isLoading: false }));
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const put = useCallback((saved: AdminDiscountCode) => {
    setState((current) => {
      const codes = current.codes ?? [];
      return { ...current, codes: codes.some((code) => code.id === saved.id) ? codes.map((code) => (code.id === saved.id ? saved : code)) : [saved, ...codes] };
    });
  }, []);

  return { ...state, reload: () => load(), put };
}
