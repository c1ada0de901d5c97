import type { AdminOrdersResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';
import { ordersQueryString, type OrdersFilter, type OrdersSort } from './orders-query.js';

/** GET /api/admin/orders: a page of the orders matching the filter, their total, and the cards. */
export function getOrders(filter: OrdersFilter, sort: OrdersSort, page: number, pageSize: number, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  const query = ordersQueryString(filter, sort, { page: String(page), pageSize: String(pageSize) });
  return adminRequest<AdminOrdersResponse>('GET', `/admin/orders?${query}`, { signal });
}
