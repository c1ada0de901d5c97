import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminOrderDetailResponse } from '@pickles/shared';
import { isApiFailure, type ApiFailure } from '../../../lib/api-client.js';
import { getOrderDetail } from '../api/get-order-detail.js';
import { isRefundInFlight } from '../format.js';

/** While a refund is requested or pending, the order is fetched again this often until Razorpay settles it. */
export const REFUND_POLL_MS = 3_000;

export interface OrderDetailState {
  detail: AdminOrderDetailResponse | undefined;
  /** The last load's failure; the detail already on screen stays. */
  failure: ApiFailure | undefined;
  isLoading: boolean;
  /** Counts answers, so the poll is re-armed after each one, failed or not. */
  answers: number;
}

/**
 * The order behind the order page and the packing slip. `refresh` fetches it again (after every
 * action) and resolves with the fresh detail; an answer older than the latest request is dropped.
 */
export function useOrderDetail(id: string, { pollRefunds = false } = {}) {
  const [state, setState] = useState<OrderDetailState>({ detail: undefined, failure: undefined, isLoading: true, answers: 0 });
  const latest = useRef(0);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const refresh = useCallback(async (): Promise<AdminOrderDetailResponse | undefined> => {
    const request = ++latest.current;
    const isCurrent = () => isMounted.current && request === latest.current;
    try {
      const detail = await getOrderDetail(id);
      if (isCurrent()) setState((s) => ({ detail, failure: undefined, isLoading: false, answers: s.answers + 1 }));
      return detail;
    } catch (cause) {
      const failure: ApiFailure = isApiFailure(cause) ? cause : { success: false, error: 'Unknown error' };
      if (isCurrent()) setState((s) => ({ ...s, failure, isLoading: false, answers: s.answers + 1 }));
      return undefined;
    }
  }, [id]);

  useEffect(() => {
    setState({ detail: undefined, failure: undefined, isLoading: true, answers: 0 });
    void refresh();
  }, [refresh]);

  const isPolling = pollRefunds && Boolean(state.detail?.refunds.some(isRefundInFlight));
  useEffect(() => {
    if (!isPolling) return;
    const timer = window.setTimeout(() => void refresh(), REFUND_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [isPolling, state.answers, refresh]);

  return { ...state, isPolling, refresh };
}
