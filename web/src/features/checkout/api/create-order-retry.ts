/**
 * When the SPA sends create-order again with the same Idempotency-Key (create-order.ts). Kept apart
 * from the API client so the rolling-restart test and the bench behave exactly like the SPA.
 */

/**
 * Pauses before each retry: long enough for the gateway to steer around a replica that is
 * restarting, short enough that a shopper barely notices.
 */
export const CREATE_ORDER_RETRY_DELAYS_MS: readonly number[] = [300, 1_000];

/**
 * A network error (no status) or the gateway's 502/503: the order may or may not have been created,
 * and the same key is safe to send again either way. Any other answer is the shop's own.
 */
export function isCreateOrderRetryable(status: number | undefined): boolean {
  return status === undefined || status === 502 || status === 503;
}
