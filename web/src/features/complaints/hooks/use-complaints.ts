import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminComplaint, AdminComplaintsResponse } from '@pickles/shared/api';
import type { ComplaintListState } from '@pickles/shared/complaints';
import { getComplaints } from '../api/admin-complaints.js';
import { publishComplaintCounts } from '../counts-store.js';
import { failureText } from '../../../lib/api-failure.js';

export const LOAD_FAILED = 'The complaints could not be loaded';

interface ComplaintsList {
  answer: AdminComplaintsResponse | undefined;
  /** Why the list is not on screen. */
  failure: string | undefined;
  isLoading: boolean;
  reload: () => void;
  /**
   * Puts the complaint an action answered with in its place (it stays on screen under the tab it
   * was found in until the next load) and asks again for the counts, which the action changed.
   */
  replace: (complaint: AdminComplaint) => void;
}

/** The owner's complaints under one tab; a newer tab's answer wins over a slower older one. */
export function useComplaints(state: ComplaintListState): ComplaintsList {
  const [answer, setAnswer] = useState<AdminComplaintsResponse | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [isLoading, setIsLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    latest.current?.abort();
    latest.current = controller;
    setIsLoading(true);
    setFailure(undefined);
    getComplaints(state, controller.signal)
      .then((fresh) => {
        if (controller.signal.aborted) return;
        setAnswer(fresh);
        publishComplaintCounts(fresh.counts);
      })
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setFailure(failureText(cause, LOAD_FAILED));
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsLoading(false);
      });
    return () => controller.abort();
  }, [state, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const replace = useCallback(
    (complaint: AdminComplaint) => {
      setAnswer((current) => current && { ...current, complaints: current.complaints.map((shown) => (shown.id === complaint.id ? complaint : shown)) });
      getComplaints(state)
        .then((fresh) => {
          setAnswer((current) => current && { ...current, counts: fresh.counts });
          publishComplaintCounts(fresh.counts);
        })
        .catch(() => undefined);
    },
    [state],
  );

  return { answer, failure, isLoading, reload, replace };
}
