import type { CreateOrderPayload, CreateOrderResponse } from '@pickles/shared/validation';
import { API_TIMED_OUT, apiRequest, isApiFailure } from '../../../lib/api-client.js';
import { CREATE_ORDER_RETRY_DELAYS_MS, isCreateOrderRetryable } from './create-order-retry.js';

function isWorthRetrying(failure: unknown): boolean {
  return isApiFailure(failure) && failure.error !== API_TIMED_OUT /* the server had it all that time */ && isCreateOrderRetryable(failure.status);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /payment/create-order. `checkoutKey` identifies one checkout attempt: a double click or a
 * retried request sends the same key and gets the same Razorpay order back. A network error or a
 * 502/503 (a service restarting) is retried with that key, after each of CREATE_ORDER_RETRY_DELAYS_MS.
 */
export async function createOrder(payload: CreateOrderPayload, checkoutKey: string): Promise<CreateOrderResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest<CreateOrderResponse>('POST', '/payment/create-order', { body: payload, headers: { 'Idempotency-Key': checkoutKey } });
    } catch (failure) {
      const delay = CREATE_ORDER_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isWorthRetrying(failure)) throw failure;
      await pause(delay);
    }
  }
}
