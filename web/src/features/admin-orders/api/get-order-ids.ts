import type { OrderIdsResponse } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { BULK_TIMEOUT_MS } from './bulk-timeout.js';
import { activeFilter, type OrdersFilter } from './orders-query.js';

/**
 * GET /api/admin/orders/ids: the ids of the orders matching `filter` that have not changed since
 * `asOf` (the list answer the owner is looking at). `removable` keeps only those Remove may archive.
 */
export function getOrderIds(token: string, filter: OrdersFilter, asOf: string, options: { removable?: boolean } = {}): Promise<OrderIdsResponse> {
  const params = new URLSearchParams({ ...activeFilter(filter), asOf });
  if (options.removable) params.set('removable', 'true');
  return apiRequest<OrderIdsResponse>('GET', `/admin/orders/ids?${params.toString()}`, { token, timeoutMs: BULK_TIMEOUT_MS });
}
