import { apiRequest } from '../../../lib/api-client.js';

/** One transaction over tens of thousands of orders can outlast the usual 30 s on a small server. */
const BULK_TIMEOUT_MS = 300_000;

/** POST /api/order/remove-multiple for every completed or cancelled order (the server removes no other status). */
export function removeFinishedOrders(token: string): Promise<{ success: true; removedCount: number }> {
  return apiRequest('POST', '/order/remove-multiple', { token, body: { filter: {} }, timeoutMs: BULK_TIMEOUT_MS });
}
