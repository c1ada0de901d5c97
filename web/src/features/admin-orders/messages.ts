import type { BatchUpdateResponse, RefusedOrder } from '@pickles/shared';
import { isApiFailure } from '../../lib/api-client.js';

/** The panel's texts (docs/product.md §8: keep them exactly), shown on the page, not in alert()s. */
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
  exportFailed: 'Export failed',
} as const;

export interface RefusalGroup {
  reason: string;
  orderIds: string[];
}

/** The refused orders by reason, in the server's order: a batch over many pending orders is one line, not a hundred. */
export function groupRefusals(refused: readonly RefusedOrder[] | undefined): RefusalGroup[] {
  const groups = new Map<string, string[]>();
  for (const order of refused ?? []) groups.set(order.reason, [...(groups.get(order.reason) ?? []), order.orderId]);
  return [...groups].map(([reason, orderIds]) => ({ reason, orderIds }));
}

/** How many orders were refused without being listed (beyond the server's first 100, or no longer there). */
export function unlistedRefusals(response: BatchUpdateResponse): number {
  return Math.max(0, response.refusedCount - (response.refused?.length ?? 0));
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
