import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/order/remove-multiple for every completed or cancelled order (the server removes no other status). */
export function removeFinishedOrders(token: string): Promise<{ success: true; removedCount: number }> {
  return apiRequest('POST', '/order/remove-multiple', { token, body: { filter: {} } });
}
