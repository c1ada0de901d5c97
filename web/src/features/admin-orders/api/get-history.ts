import type { OrderHistoryEntry } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /api/admin/orders/{id}/history. */
export function getOrderHistory(token: string, id: string): Promise<{ success: true; history: OrderHistoryEntry[] }> {
  return apiRequest('GET', `/admin/orders/${encodeURIComponent(id)}/history`, { token });
}
