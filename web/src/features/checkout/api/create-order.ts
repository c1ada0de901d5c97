import type { CreateOrderPayload, CreateOrderResponse } from '@pickles/shared/validation';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /payment/create-order. `checkoutKey` identifies one checkout attempt: a double click or a
 * retried request sends the same key and gets the same Razorpay order back.
 */
export function createOrder(payload: CreateOrderPayload, checkoutKey: string): Promise<CreateOrderResponse> {
  return apiRequest<CreateOrderResponse>('POST', '/payment/create-order', { body: payload, headers: { 'Idempotency-Key': checkoutKey } });
}
