import type { AdminSettableStatus, OrderIdsResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';
import { BULK_TIMEOUT_MS } from './bulk-timeout.js';
import { activeFilter, type OrdersFilter } from './orders-query.js';

/**
 * GET /api/admin/orders/ids: the ids of the orders matching `filter` that have not changed since
 * `asOf` (the list answer the owner is looking at). `removable` keeps only those Remove may archive,
 * `settableTo` only those a batch to that status would change.
 */
export function getOrderIds(filter: OrdersFilter, asOf: string, options: { removable?: boolean; settableTo?: AdminSettableStatus } = {}): Promise<OrderIdsResponse> {
  const params = new URLSearchParams({ ...activeFilter(filter), asOf });
  if (options.removable) params.set('removable', 'true');
  if (options.settableTo) params.set('settableTo', options.settableTo);
  return adminRequest<OrderIdsResponse>('GET', `/admin/orders/ids?${params.toString()}`, { timeoutMs: BULK_TIMEOUT_MS });
}
