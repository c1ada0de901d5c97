import type { RemoveOrdersResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';
import { BULK_TIMEOUT_MS } from './bulk-timeout.js';

/** POST /api/order/remove-multiple `{ orderIds }`: the server archives only those the lifecycle calls finished. */
export function removeOrders(orderIds: string[]): Promise<RemoveOrdersResponse> {
  return adminRequest<RemoveOrdersResponse>('POST', '/order/remove-multiple', { body: { orderIds }, timeoutMs: BULK_TIMEOUT_MS });
}
