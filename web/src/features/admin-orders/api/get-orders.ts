import type { AdminOrdersResponse } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { ordersQueryString, type OrdersFilter, type OrdersSort } from './orders-query.js';

/** GET /api/admin/orders: a page of the orders matching the filter, their total, and the cards. */
export function getOrders(token: string, filter: OrdersFilter, sort: OrdersSort, page: number, pageSize: number, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  const query = ordersQueryString(filter, sort, { page: String(page), pageSize: String(pageSize) });
  return apiRequest<AdminOrdersResponse>('GET', `/admin/orders?${query}`, { token, signal });
}
