import type { AdminSettableStatus, UpdateStatusResponse } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';

/** PATCH /api/admin/orders/{id}/status; a move the lifecycle forbids is refused with 409. */
export function updateOrderStatus(token: string, id: string, status: AdminSettableStatus): Promise<UpdateStatusResponse> {
  return apiRequest<UpdateStatusResponse>('PATCH', `/admin/orders/${encodeURIComponent(id)}/status`, { token, body: { status } });
}
