import { useCallback, useEffect, useState } from 'react';
import { failureText } from './api-failure.js';

/**
 * An admin screen's data: asked for on mount (the answer dropped once it unmounts), again on
 * `reload`; `failure` says in words why it could not be loaded; `update` changes it in place (a
 * saved item's answer) without asking again. `fetchData` must keep its identity (a module function).
 */
export function useAdminData<T>(fetchData: (signal?: AbortSignal) => Promise<T>, failureSentence: string) {
  const [state, setState] = useState<{ data: T | undefined; failure: string | undefined; isLoading: boolean }>({ data: undefined, failure: undefined, isLoading: true });

  const load = useCallback(
    (signal?: AbortSignal) => {
      setState((current) => ({ ...current, isLoading: true }));
      fetchData(signal).then(
        (data) => {
          if (!signal?.aborted) setState({ data, failure: undefined, isLoading: false });
        },
        (cause: unknown) => {
          if (!signal?.aborted) setState((current) => ({ ...current, failure: failureText(cause, failureSentence), isLoading: false }));
        },
      );
    },
    [fetchData, failureSentence],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const update = useCallback((change: (data: T | undefined) => T | undefined) => {
    setState((current) => ({ ...current, data: change(current.data) }));
  }, []);

  return { ...state, reload: () => load(), update };
}
