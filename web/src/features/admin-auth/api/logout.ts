import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/admin/logout: the server revokes the token. */
export function logoutAdmin(token: string): Promise<unknown> {
  return apiRequest<unknown>('POST', '/admin/logout', { token });
}
