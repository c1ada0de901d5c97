import type { ResolveAttentionResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** POST /api/admin/attention/{id}/resolve: the owner has dealt with this payment problem. */
export function resolveAttention(id: string): Promise<ResolveAttentionResponse> {
  return adminRequest<ResolveAttentionResponse>('POST', `/admin/attention/${encodeURIComponent(id)}/resolve`, { body: {} });
}
