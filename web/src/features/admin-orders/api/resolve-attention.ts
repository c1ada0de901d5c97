import type { ResolveAttentionResponse } from '@pickles/shared';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/admin/attention/{id}/resolve: the owner has dealt with this payment problem. */
export function resolveAttention(token: string, id: string): Promise<ResolveAttentionResponse> {
  return apiRequest<ResolveAttentionResponse>('POST', `/admin/attention/${encodeURIComponent(id)}/resolve`, { token, body: {} });
}
