export type RazorpayErrorKind =
  | 'invalid_request'
  | 'authentication'
  | 'not_found'
  | 'conflict'
  | 'server'
  | 'network'
  | 'timeout'
  | 'unknown';

export interface RazorpayErrorOptions {
  statusCode?: number;
  code?: string;
  field?: string | null;
  reason?: string;
  retryable?: boolean;
  cause?: unknown;
}

/**
 * The one error type the client throws. Callers branch on `kind` (and `code`/`field` when they need
 * detail); `message` is Razorpay's description, for logs only.
 */
export class RazorpayError extends Error {
  readonly kind: RazorpayErrorKind;
  readonly statusCode?: number;
  /** Razorpay's error.code: BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR. */
  readonly code?: string;
  readonly field?: string | null;
  readonly reason?: string;
  readonly retryable: boolean;

  constructor(kind: RazorpayErrorKind, message: string, options: RazorpayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RazorpayError';
    this.kind = kind;
    if (options.statusCode !== undefined) this.statusCode = options.statusCode;
    if (options.code !== undefined) this.code = options.code;
    if (options.field !== undefined) this.field = options.field;
    if (options.reason !== undefined) this.reason = options.reason;
    this.retryable = options.retryable ?? (kind === 'server' || kind === 'network' || kind === 'timeout');
  }
}

/** What a call was doing; decides whether a 400 about "the id" means not_found. */
export type CallKind = 'fetch-by-id' | 'other';

interface RazorpayErrorBody {
  code?: unknown;
  description?: unknown;
  field?: unknown;
  reason?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

/**
 * For an axios error without an HTTP response (no answer): timeout or network. Either way the
 * request may or may not have been processed by Razorpay.
 */
export function transportError(error: unknown): RazorpayError {
  const code = isObject(error) && typeof error.code === 'string' ? error.code : undefined;
  const message = error instanceof Error ? error.message : 'Razorpay could not be reached';
  if (code && TIMEOUT_CODES.has(code)) {
    return new RazorpayError('timeout', `Razorpay did not answer in time (${message})`, { reason: code, cause: error });
  }
  return new RazorpayError('network', `Razorpay could not be reached (${message})`, {
    ...(code ? { reason: code } : {}),
    cause: error,
  });
}

function fromHttp(statusCode: number | undefined, body: unknown, call: CallKind, cause: unknown): RazorpayError {
  const err: RazorpayErrorBody = isObject(body) ? body : {};
  const code = typeof err.code === 'string' ? err.code : undefined;
  const field = typeof err.field === 'string' ? err.field : err.field === null ? null : undefined;
  const reason = typeof err.reason === 'string' && err.reason !== 'NA' ? err.reason : undefined;
  const description = typeof err.description === 'string' ? err.description : `Razorpay answered HTTP ${statusCode ?? '?'}`;
  const base: RazorpayErrorOptions = { cause };
  if (statusCode !== undefined) base.statusCode = statusCode;
  if (code) base.code = code;
  if (field !== undefined) base.field = field;
  if (reason) base.reason = reason;

  if (statusCode === undefined) {
    // The pre-axios SDK (≤ 2.9.3) rejected transport failures as {statusCode: undefined, error: undefined}.
    return new RazorpayError(code === 'SERVER_ERROR' ? 'server' : 'network', description, base);
  }
  if (statusCode === 401 || statusCode === 403) return new RazorpayError('authentication', description, base);
  if (statusCode === 404) return new RazorpayError('not_found', description, base);
  if (statusCode === 409) return new RazorpayError('conflict', description, { ...base, retryable: true });
  if (statusCode === 429) return new RazorpayError('server', description, { ...base, retryable: true });
  if (statusCode >= 500 || code === 'SERVER_ERROR') return new RazorpayError('server', description, { ...base, retryable: true });
  if (statusCode >= 400) {
    // Razorpay answers an unknown or malformed id with 400 BAD_REQUEST_ERROR and no field (or field
    // "id"). For a fetch, the id is the only input, so that can only mean "no such thing".
    if (call === 'fetch-by-id' && code === 'BAD_REQUEST_ERROR' && (field === undefined || field === null || field === 'id')) {
      return new RazorpayError('not_found', description, base);
    }
    return new RazorpayError('invalid_request', description, base);
  }
  return new RazorpayError('unknown', description, base);
}

/**
 * Maps whatever the SDK threw or rejected with to a RazorpayError. The SDK has three shapes:
 * a plain object `{statusCode, error: {code, description, field, reason...}}` for HTTP errors; a
 * synchronous `Error` for missing arguments (`order_id` is mandatory); and, for failures with no
 * HTTP response, a TypeError from its own error mapper (our axios interceptor usually gets there
 * first and turns those into network/timeout errors, see client.ts). Decisions use the status,
 * error.code and error.field only, never the description text.
 */
export function toRazorpayError(error: unknown, call: CallKind = 'other'): RazorpayError {
  if (error instanceof RazorpayError) return error;
  if (isObject(error) && 'statusCode' in error && ('error' in error || !(error instanceof Error))) {
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : undefined;
    return fromHttp(statusCode, error.error, call, error);
  }
  // An axios error that still carries its response (a direct rq call, e.g. refunds with an idempotency key).
  if (isObject(error) && error.isAxiosError === true) {
    const response = isObject(error.response) ? error.response : undefined;
    if (!response) return transportError(error);
    const data = isObject(response.data) ? response.data.error : undefined;
    return fromHttp(typeof response.status === 'number' ? response.status : undefined, data, call, error);
  }
  if (error instanceof TypeError) {
    // The SDK's normalizeError reads err.response.status of a response that does not exist.
    return new RazorpayError('network', `Razorpay could not be reached (${error.message})`, { cause: error });
  }
  if (error instanceof Error) {
    // Synchronous argument checks in the SDK ("`payment_id` is mandatory").
    return new RazorpayError('invalid_request', error.message, { retryable: false, cause: error });
  }
  return new RazorpayError('unknown', 'Unexpected error from the Razorpay SDK', { retryable: false, cause: error });
}
