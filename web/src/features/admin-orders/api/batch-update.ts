import type { AdminSettableStatus, BatchUpdateResponse } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { BULK_TIMEOUT_MS } from './bulk-timeout.js';

/** PATCH /api/order/batch-update-status with the spec's `{ orderIds, status }`, in one server transaction. */
export function batchUpdateOrders(token: string, orderIds: string[], status: AdminSettableStatus): Promise<BatchUpdateResponse> {
  return apiRequest<BatchUpdateResponse>('PATCH', '/order/batch-update-status', { token, body: { orderIds, status }, timeoutMs: BULK_TIMEOUT_MS });
}
