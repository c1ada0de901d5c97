import type { AdminSettableStatus } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';

/** One transaction over tens of thousands of orders can outlast the usual 30 s on a small server. */
const BULK_TIMEOUT_MS = 300_000;
import { activeFilter, type OrdersFilter } from './orders-query.js';

export interface BatchUpdateResponse {
  success: true;
  updatedCount: number;
  changedCount: number;
  skippedCount: number;
}

/**
 * PATCH /api/order/batch-update-status for every order matching the filter ("visible orders" span
 * all pages), in one server transaction.
 */
export function batchUpdateVisible(token: string, filter: OrdersFilter, status: AdminSettableStatus): Promise<BatchUpdateResponse> {
  return apiRequest('PATCH', '/order/batch-update-status', { token, body: { filter: activeFilter(filter), status }, timeoutMs: BULK_TIMEOUT_MS });
}
