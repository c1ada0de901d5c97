import type { AdminLoginResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';

/** What may come back: the login form checks both fields before trusting it (spec: success and token). */
export type LoginResponse = Partial<AdminLoginResponse>;

/** POST /api/admin/login. */
export function loginAdmin(username: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/admin/login', { body: { username, password } });
}
