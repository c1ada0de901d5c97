import { apiRequest } from '../../../lib/api-client.js';

export interface LoginResponse {
  success?: boolean;
  token?: string;
}

/** POST /api/admin/login. */
export function loginAdmin(username: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/admin/login', { body: { username, password } });
}
