import { useCallback } from 'react';
import type { AdminDiscountCode } from '@pickles/shared/api';
import { useAdminData } from '../../../lib/use-admin-data.js';
import { getDiscountCodes } from '../api/admin-discount-codes.js';

const loadCodes = (signal?: AbortSignal) => getDiscountCodes(signal).then((answer) => answer.codes);

/** The owner's codes; `put` places a saved code's answer (new ones first) without asking again. */
export function useDiscountCodes() {
  const { data: codes, failure, isLoading, reload, update } = useAdminData(loadCodes, 'The discount codes could not be loaded');

  const put = useCallback(
    (saved: AdminDiscountCode) =>
      update((current = []) => (current.some((code) => code.id === saved.id) ? current.map((code) => (code.id === saved.id ? saved : code)) : [saved, ...current])),
    [update],
  );

  return { codes, failure, isLoading, reload, put };
}
