import type { AdminSettableStatus, UpdateStatusResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** PATCH /api/admin/orders/{id}/status, the panel's own call; a move the lifecycle forbids is refused with 409. */
export function updateOrderStatus(id: string, status: AdminSettableStatus): Promise<UpdateStatusResponse> {
  return adminRequest<UpdateStatusResponse>('PATCH', `/admin/orders/${encodeURIComponent(id)}/status`, { body: { status } });
}
