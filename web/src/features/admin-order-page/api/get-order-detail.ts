import type { AdminOrderDetailResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** GET /api/admin/orders/{id}: everything the order page shows. */
export function getOrderDetail(id: string): Promise<AdminOrderDetailResponse> {
  return adminRequest<AdminOrderDetailResponse>('GET', `/admin/orders/${encodeURIComponent(id)}`);
}
