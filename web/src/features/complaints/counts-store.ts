import { useSyncExternalStore } from 'react';
import type { AdminComplaintsResponse } from '@pickles/shared/api';

export type ComplaintCounts = AdminComplaintsResponse['counts'];

/**
 * The latest complaint counts the owner's screens have seen, for the admin header's link: the
 * complaints page publishes every list answer, the header fetches once when nothing is known yet.
 */
let current: ComplaintCounts | undefined;
const listeners = new Set<() => void>();

export function publishComplaintCounts(counts: ComplaintCounts): void {
  current = counts;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useComplaintCounts(): ComplaintCounts | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}
