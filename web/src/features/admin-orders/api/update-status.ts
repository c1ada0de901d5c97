import type { AdminOrder, AdminSettableStatus } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';

/** PATCH /api/admin/orders/{id}/status. */
export function updateOrderStatus(token: string, id: string, status: AdminSettableStatus): Promise<{ success: true; order: AdminOrder }> {
  return apiRequest('PATCH', `/admin/orders/${encodeURIComponent(id)}/status`, { token, body: { status } });
}
