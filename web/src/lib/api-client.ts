import { env } from '../config/env.js';

/** What every failed call rejects with (docs/product.md §8: the server's body, else a message, else 'Unknown error'). */
export interface ApiFailure {
  success: false;
  error: string;
  status?: number;
  fields?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  body?: unknown;
  /** A file sent as it is (a product photo), with its own Content-Type: instead of `body`'s JSON. */
  file?: Blob;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Overrides the spec's 30 s for the few calls that legitimately take longer (batches over many
   * orders). For a stream it bounds the wait for the answer and then for each chunk of it.
   */
  timeoutMs?: number;
}

/** The text of a streamed answer, chunk by chunk; `read()` rejects with an ApiFailure if the stream fails. */
export type ApiStreamReader = ReadableStreamDefaultReader<string>;

export const API_TIMEOUT_MS = 30_000;
/** The failure's `error` when API_TIMEOUT_MS passed without an answer (the server may still be working on it). */
export const API_TIMED_OUT = 'Request timed out';

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

/** One call's abort controller, its clock and the caller's signal, and how its failures read. */
function openCall(method: HttpMethod, path: string, options: ApiRequestOptions) {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hasTimedOut = false;
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    /** Starts the clock: while waiting for the answer, and for each chunk of a streamed one. */
    wait() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        hasTimedOut = true;
        controller.abort();
      }, timeoutMs);
    },
    /** Stops the clock while a stream's reader is not asking for more. */
    pause() {
      clearTimeout(timer);
    },
    close() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    },
    /** A network error, the timeout or an abort, as an ApiFailure. */
    failure(cause: unknown): ApiFailure {
      const message = hasTimedOut ? API_TIMED_OUT : cause instanceof Error && cause.message ? cause.message : 'Unknown error';
      // A call its caller dropped (a newer search, a page left) went as intended: not an error.
      if (options.signal?.aborted && !hasTimedOut) console.info('API request dropped', method, path);
      else console.error('API request failed', method, path, cause);
      return { success: false, error: message };
    },
  };
}

type Call = ReturnType<typeof openCall>;

/**
 * Response errors are logged (docs/product.md §8), but only the shop's own failures (5xx) as console
 * errors: a 4xx is the server's considered answer to what was asked (an unknown pincode, a wrong
 * password, an order not found, a form to correct), an outcome the page shows, not a fault.
 */
export function logErrorResponse(method: string, path: string, status: number, body: unknown): void {
  if (status >= 500) console.error('API error response', method, path, status, body);
  else console.info('API answer', method, path, status, body);
}

/** Sends the request and resolves with a 2xx response; rejects with an ApiFailure otherwise. */
async function send(method: HttpMethod, path: string, options: ApiRequestOptions, call: Call): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  call.wait();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: call.signal,
    });
  } catch (cause) {
    throw call.failure(cause);
  }
  if (response.ok) return response;
  const body = await readJson(response).catch(() => undefined);
  logErrorResponse(method, path, response.status, body);
  throw (
    failureFromBody(body, response.status) ??
    ({ success: false, error: response.statusText || 'Unknown error', status: response.status } satisfies ApiFailure)
  );
}

/**
 * The SPA's one way to call the backend: `${VITE_API_ORIGIN}/api` + path, cookies included, 30 s timeout.
 * Resolves with the parsed JSON of a 2xx answer; rejects with an ApiFailure otherwise.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const call = openCall(method, path, options);
  try {
    const response = await send(method, path, options, call);
    try {
      return (await readJson(response)) as T;
    } catch (cause) {
      throw call.failure(cause);
    }
  } finally {
    call.close();
  }
}

/**
 * The same call for an answer read as it arrives (the NDJSON export): resolves, once a 2xx answer
 * starts, with a reader over its text; an error status rejects as in apiRequest. The timeout bounds
 * the wait for the answer and then for each chunk, not the whole body, which may take minutes; the
 * caller's signal aborts it. Read to the end or cancel the reader.
 */
export async function apiStream(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<ApiStreamReader> {
  const call = openCall(method, path, options);
  let response: Response;
  try {
    response = await send(method, path, options, call);
  } catch (failure) {
    call.close();
    throw failure;
  }
  call.pause();
  const body = response.body;
  if (!body) {
    call.close();
    return new ReadableStream<string>({ start: (controller) => controller.close() }).getReader();
  }
  const source = body.pipeThrough(new TextDecoderStream()).getReader();
  return new ReadableStream<string>({
    async pull(controller) {
      call.wait();
      try {
        const { value, done } = await source.read();
        call.pause();
        if (done) {
          call.close();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (cause) {
        const failure = call.failure(cause);
        call.close();
        controller.error(failure);
      }
    },
    cancel(reason) {
      call.close();
      return source.cancel(reason);
    },
  }).getReader();
}

/** Readiness ping made by the landing splash; its answer is ignored. */
export function getHealth(signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>('GET', '/health', { signal });
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return isRecord(value) && value.success === false && typeof value.error === 'string';
}
