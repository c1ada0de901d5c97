import { CourierError } from './errors.js';

/** Shiprocket's API lives under this path of its host (and of the sandbox's). */
export const API_PREFIX = '/v1/external';

export interface TransportConfig {
  apiBaseUrl: string;
  email: string;
  password: string;
  timeoutMs: number;
  /** A cached token older than this is replaced before use (Shiprocket's last 10 days). */
  tokenMaxAgeMs: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A failure with no HTTP answer: our timeout, or a connection that failed or dropped. */
function transportError(error: unknown, timeoutMs: number): CourierError {
  const name = (error as { name?: unknown })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new CourierError('timeout', `The courier did not answer within ${timeoutMs} ms`, { cause: error });
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error);
  return new CourierError('unavailable', `The courier could not be reached (${detail})`, { cause: error });
}

/** The courier's message: `message`, or the first per-field error of a 422. */
function messageOf(body: unknown, fallback: string): { message: string; field?: string } {
  if (!isObject(body)) return { message: fallback };
  if (isObject(body.errors)) {
    for (const [field, messages] of Object.entries(body.errors)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') return { message: first, field };
    }
  }
  return { message: typeof body.message === 'string' && body.message ? body.message : fallback };
}

/** An HTTP answer that is not a success, as the kind of error callers branch on. */
export function httpError(answer: ApiAnswer): CourierError {
  const { status } = answer;
  const { message, field } = messageOf(answer.body, `The courier answered HTTP ${status}`);
  const options = { statusCode: status, ...(field ? { field } : {}) };
  if (status === 401 || status === 403) return new CourierError('unauthorised', message, options);
  if (status === 404) return new CourierError('not_found', message, options);
  if (status === 429) return new CourierError('rate_limited', message, options);
  if (status === 400 || status === 422) return new CourierError('invalid_request', message, options);
  return new CourierError('unavailable', message, options);
}

/**
 * HTTP to the courier with its token: logs in on first use (one login at a time, shared by every
 * call waiting for it), keeps the token, and on a 401 logs in again once and repeats the call once.
 * A second 401 is final: the credentials no longer work, and a loop would only hammer the login.
 */
export function createTransport(config: TransportConfig) {
  const base = config.apiBaseUrl.replace(/\/+$/, '') + API_PREFIX;
  let token: { value: string; obtainedAt: number } | undefined;
  let loggingIn: Promise<string> | undefined;

  async function send(method: string, path: string, options: RequestOptions, bearer?: string): Promise<ApiAnswer> {
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      // The one signal covers the connection, the headers and the body.
      const response = await fetch(url, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // A proxy's HTML error page, say: the status still says what happened.
        body = undefined;
      }
      return { status: response.status, body };
    } catch (error) {
      throw transportError(error, config.timeoutMs);
    }
  }

  async function login(): Promise<string> {
    loggingIn ??= (async () => {
      try {
        const answer = await send('POST', '/auth/login', { body: { email: config.email, password: config.password } });
        if (answer.status >= 200 && answer.status < 300 && isObject(answer.body) && typeof answer.body.token === 'string' && answer.body.token) {
          token = { value: answer.body.token, obtainedAt: Date.now() };
          return token.value;
        }
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
          const { message } = messageOf(answer.body, 'The courier refused the API user');
          throw new CourierError('unauthorised', message, { statusCode: answer.status });
        }
        throw httpError(answer.status < 300 ? { status: 502, body: { message: 'The courier answered the login without a token' } } : answer);
      } finally {
        loggingIn = undefined;
      }
    })();
    return loggingIn;
  }

  async function currentToken(): Promise<string> {
    if (token && Date.now() - token.obtainedAt < config.tokenMaxAgeMs) return token.value;
    return login();
  }

  /** Any answer but a 401 comes back as it is; transport failures throw. */
  async function request(method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer> {
    const used = await currentToken();
    const answer = await send(method, path, options, used);
    if (answer.status !== 401) return answer;
    // Another call may have logged in meanwhile: only a token nobody replaced yet is dropped.
    if (token?.value === used) token = undefined;
    const again = await send(method, path, options, await currentToken());
    if (again.status !== 401) return again;
    token = undefined;
    const { message } = messageOf(again.body, 'The courier refused a fresh token');
    throw new CourierError('unauthorised', message, { statusCode: 401 });
  }

  return { request };
}

export type Transport = ReturnType<typeof createTransport>;
