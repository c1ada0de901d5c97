import { env } from '../config/env.js';

/** What every failed call rejects with (docs/product.md §8: the server's body, else a message, else 'Unknown error'). */
export interface ApiFailure {
  success: false;
  error: string;
  status?: number;
  fields?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the spec's 30 s for the few calls that legitimately take longer (batches over many orders). */
  timeoutMs?: number;
}

export const API_TIMEOUT_MS = 30_000;

export const apiBaseUrl = `${env.apiOrigin}/api`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failureFromBody(body: unknown, status: number): ApiFailure | undefined {
  if (!isRecord(body)) return undefined;
  const error = typeof body.error === 'string' && body.error ? body.error : typeof body.message === 'string' && body.message ? body.message : undefined;
  const failure: ApiFailure = { ...body, success: false, error: error ?? 'Unknown error', status };
  return failure;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The SPA's one way to call the backend: `${VITE_API_ORIGIN}/api` + path, cookies included, 30 s timeout.
 * Resolves with the parsed JSON of a 2xx answer; rejects with an ApiFailure otherwise.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  try {
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (cause) {
      const message = timedOut
        ? 'Request timed out'
        : cause instanceof Error && cause.message
          ? cause.message
          : 'Unknown error';
      console.error('API request failed', method, path, cause);
      throw { success: false, error: message } satisfies ApiFailure;
    }
    const body = await readJson(response);
    if (response.ok) return body as T;
    console.error('API error response', method, path, response.status, body);
    throw (
      failureFromBody(body, response.status) ??
      ({ success: false, error: response.statusText || 'Unknown error', status: response.status } satisfies ApiFailure)
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Readiness ping made by the landing splash; its answer is ignored. */
export function getHealth(signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>('GET', '/health', { signal });
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return isRecord(value) && value.success === false && typeof value.error === 'string';
}
