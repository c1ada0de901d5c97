import type { AdminSettableStatus, BatchUpdateResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';
import { BULK_TIMEOUT_MS } from './bulk-timeout.js';

/** PATCH /api/order/batch-update-status with the spec's `{ orderIds, status }`, in one server transaction. */
export function batchUpdateOrders(orderIds: string[], status: AdminSettableStatus): Promise<BatchUpdateResponse> {
  return adminRequest<BatchUpdateResponse>('PATCH', '/order/batch-update-status', { body: { orderIds, status }, timeoutMs: BULK_TIMEOUT_MS });
}
