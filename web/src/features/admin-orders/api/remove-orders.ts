import type { RemoveOrdersResponse } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { BULK_TIMEOUT_MS } from './bulk-timeout.js';

/** POST /api/order/remove-multiple `{ orderIds }`: the server archives only those the lifecycle calls finished. */
export function removeOrders(token: string, orderIds: string[]): Promise<RemoveOrdersResponse> {
  return apiRequest<RemoveOrdersResponse>('POST', '/order/remove-multiple', { token, body: { orderIds }, timeoutMs: BULK_TIMEOUT_MS });
}
