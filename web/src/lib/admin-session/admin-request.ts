import { apiRequest, apiStream, isApiFailure, type ApiRequestOptions, type ApiStreamReader, type HttpMethod } from '../api-client.js';
import { clearAdminToken, readAdminToken } from './token-store.js';

export type AdminRequestOptions = Omit<ApiRequestOptions, 'token'>;

const expiryListeners = new Set<() => void>();

/** Called when a 401 ends the session; the session provider sends the owner to /login. */
export function onAdminSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/**
 * The one place a 401 is handled: the token is cleared, the session provider sends the owner to
 * /login with the session-expired message, and the call's promise never settles. The screen that
 * made the call is going away, so no caller needs a 401 branch (and none shows its own failure alert).
 */
async function withAdminToken<T>(call: (token: string | undefined) => Promise<T>): Promise<T> {
  try {
    return await call(readAdminToken() ?? undefined);
  } catch (failure) {
    if (!isApiFailure(failure) || failure.status !== 401) throw failure;
    clearAdminToken();
    for (const listener of [...expiryListeners]) listener();
    return new Promise<T>(() => {});
  }
}

/** An admin call through the API client, with the session's token as `Authorization: Bearer`. */
export function adminRequest<T>(method: HttpMethod, path: string, options: AdminRequestOptions = {}): Promise<T> {
  return withAdminToken((token) => apiRequest<T>(method, path, { ...options, token }));
}

/** A streamed admin answer (the NDJSON export), read as it arrives; see apiStream. */
export function adminStream(method: HttpMethod, path: string, options: AdminRequestOptions = {}): Promise<ApiStreamReader> {
  return withAdminToken((token) => apiStream(method, path, { ...options, token }));
}
