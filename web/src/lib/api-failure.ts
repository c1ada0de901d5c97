import { isApiFailure } from './api-client.js';

export const UNREACHABLE = 'We could not reach the shop. Check your connection and try again.';

/** Who reads the message: the owner wants what went wrong to pass on; a shopper, what to do next. */
export type FailureAudience = 'owner' | 'shopper';

/**
 * What a failed call tells the person. When the server refused the request (a 4xx: a field it did not
 * accept, a batch too small, too many complaints in a row), its own words, for everyone. Otherwise
 * `fallback`: the owner also gets what went wrong in brackets ("(Request timed out)", a 5xx's error);
 * a shopper gets no technical detail, and is told to check the connection when no answer came.
 */
export function failureText(failure: unknown, fallback: string, audience: FailureAudience = 'owner'): string {
  const status = isApiFailure(failure) ? failure.status : undefined;
  if (isApiFailure(failure) && status !== undefined && status >= 400 && status < 500) return failure.error;
  if (audience === 'shopper') return status === undefined ? UNREACHABLE : fallback;
  const detail = isApiFailure(failure) ? failure.error : undefined;
  return detail ? `${fallback} (${detail})` : fallback;
}
