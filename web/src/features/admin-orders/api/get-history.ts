import type { OrderHistoryEntry } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** GET /api/admin/orders/{id}/history. */
export function getOrderHistory(id: string): Promise<{ success: true; history: OrderHistoryEntry[] }> {
  return adminRequest('GET', `/admin/orders/${encodeURIComponent(id)}/history`);
}
