import type { AdminSettableStatus, BatchUpdateResponse } from '@pickles/shared';
import { isApiFailure } from '../../lib/api-client.js';

/** The panel's texts (docs/product.md §8: keep them exactly). */
export const MESSAGES = {
  loading: 'Loading orders...',
  fetchFailed: 'Failed to fetch orders',
  updateFailed: 'Failed to update status',
  batchFailed: 'Failed to batch update orders',
  removeFailed: 'Failed to remove orders',
  nothingToRemove: 'No completed or cancelled orders to remove',
  batchNeedsStatus: 'Please select a status and ensure there are visible orders',
  batchConfirm: (n: number, status: string) => `Update ${n} visible orders to ${status}?`,
  batchDone: (n: number, status: string) => `Successfully updated ${n} orders to ${status}`,
  removeConfirm: (n: number) => `Are you sure you want to remove ${n} orders? This cannot be undone.`,
  removeDone: (n: number) => `Successfully removed ${n} orders`,
  resolveFailed: 'Failed to mark the payment as resolved',
} as const;

/**
 * The spec's success alert, and on a second line the orders the lifecycle left alone (a failed or
 * pending payment, ...) with the first reason, so the first line stays exactly the spec's text.
 */
export function batchResultMessage(response: BatchUpdateResponse, status: AdminSettableStatus): string {
  const done = MESSAGES.batchDone(response.updatedCount, status);
  if (!response.refusedCount) return done;
  const reason = response.refused?.[0]?.reason;
  return `${done}\n${response.refusedCount} orders were left as they are${reason ? `: ${reason}` : ''}`;
}

/**
 * The spec's 'Failed to update status', and on a second line the server's reason when it refused the
 * request itself (a 4xx such as the lifecycle's 409), not when it or the network failed.
 */
export function statusFailureMessage(failure: unknown): string {
  if (isApiFailure(failure) && failure.status !== undefined && failure.status >= 400 && failure.status < 500 && failure.error) {
    return `${MESSAGES.updateFailed}\n${failure.error}`;
  }
  return MESSAGES.updateFailed;
}
