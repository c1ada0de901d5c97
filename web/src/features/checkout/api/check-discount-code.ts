import type { DiscountCheckResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /discount-codes/check: what the code does for this cart now, or (a failure) why not. Advisory: create-order decides. */
export function checkDiscountCode(body: { code: string; items: { itemId: number; quantity: number }[]; email?: string; phone?: string }): Promise<DiscountCheckResponse> {
  return apiRequest<DiscountCheckResponse>('POST', '/discount-codes/check', { body });
}
