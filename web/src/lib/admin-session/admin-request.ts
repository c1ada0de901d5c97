import { API_TIMED_OUT, API_TIMEOUT_MS, apiBaseUrl, apiRequest, apiStream, isApiFailure, logErrorResponse, type ApiFailure, type ApiRequestOptions, type ApiStreamReader, type HttpMethod } from '../api-client.js';
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
  const token = readAdminToken();
  try {
    return await call(token ?? undefined);
  } catch (failure) {
    if (!isApiFailure(failure) || failure.status !== 401) throw failure;
    // A call of a session the owner has logged out of (in flight then, or started by a screen on its
    // way out, without a token) is refused too: that session has ended already, and the logout
    // decided where the owner goes ("You have been logged out").
    if (token !== null && readAdminToken() === token) {
      clearAdminToken();
      for (const listener of [...expiryListeners]) listener();
    }
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

/**
 * A binary admin answer (a tax document's PDF) as a Blob, with the session's token. The API client
 * reads JSON or text, so this is its own small fetch; a failure rejects with an ApiFailure carrying
 * the server's `error`, and a 401 ends the session like every other admin call.
 */
export function adminBlob(path: string): Promise<Blob> {
  return withAdminToken(async (token) => {
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl}${path}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'include',
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (cause) {
      const error = cause instanceof DOMException && cause.name === 'TimeoutError' ? API_TIMED_OUT : cause instanceof Error && cause.message ? cause.message : 'Unknown error';
      throw { success: false, error } satisfies ApiFailure;
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      logErrorResponse('GET', path, response.status, body);
      throw (isApiFailure(body) ? { ...body, status: response.status } : { success: false, error: response.statusText || 'Unknown error', status: response.status }) satisfies ApiFailure;
    }
    return response.blob();
  });
}
