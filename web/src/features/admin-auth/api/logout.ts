import type { AdminLogoutResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/admin/logout: the server revokes the token. */
export function logoutAdmin(token: string): Promise<AdminLogoutResponse> {
  return apiRequest<AdminLogoutResponse>('POST', '/admin/logout', { token });
}
