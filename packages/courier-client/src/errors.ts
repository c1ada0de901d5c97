/**
 * - unavailable: no usable answer (refused or dropped connection, DNS, 5xx, an answer that is not
 *   the API's); the request may or may not have been carried out.
 * - timeout: no answer within `timeoutMs`; the request may or may not have been carried out.
 * - invalid_request: our input (refused locally before any request, or by the courier: 400/422).
 * - unauthorised: the credentials were refused, or a fresh token was refused too.
 * - not_found: no such AWB, shipment or order at the courier (404).
 * - rate_limited: 429; nothing was done, try again later (Shiprocket sends no Retry-After).
 */
export type CourierErrorKind = 'unavailable' | 'timeout' | 'invalid_request' | 'unauthorised' | 'not_found' | 'rate_limited';

/**
 * The one error the client throws. Callers branch on `kind` (and `field` for input); `message` is the
 * courier's own message (or ours for local checks), for logs and the owner.
 */
export class CourierError extends Error {
  readonly kind: CourierErrorKind;
  /** The input that was refused: our name for a local check, the API's field name for a 422. */
  readonly field?: string;
  readonly statusCode?: number;
  /** True when trying the same call again later may succeed (unavailable, timeout, rate_limited). */
  readonly retryable: boolean;

  constructor(kind: CourierErrorKind, message: string, options: { field?: string; statusCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CourierError';
    this.kind = kind;
    if (options.field !== undefined) this.field = options.field;
    if (options.statusCode !== undefined) this.statusCode = options.statusCode;
    this.retryable = kind === 'unavailable' || kind === 'timeout' || kind === 'rate_limited';
  }
}

export const invalidInput = (field: string, message: string) => new CourierError('invalid_request', message, { field });
