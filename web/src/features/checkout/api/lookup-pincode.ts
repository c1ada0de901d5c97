import type { PincodeLookupResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /pincodes/:pincode: the city, state and delivery estimate India Post's directory gives it. */
export function lookupPincode(pincode: string, signal?: AbortSignal): Promise<PincodeLookupResponse> {
  return apiRequest<PincodeLookupResponse>('GET', `/pincodes/${encodeURIComponent(pincode)}`, { signal });
}
