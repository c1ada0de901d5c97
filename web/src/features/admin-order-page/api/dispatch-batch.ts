import type { BatchDispatchRequest } from '@pickles/shared/admin-order-requests';
import type { BatchDispatchResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** POST /api/admin/orders/dispatch-batch: the pasted text, one "order number, courier, AWB" per line. */
export function dispatchBatch(lines: string): Promise<BatchDispatchResponse> {
  return adminRequest<BatchDispatchResponse>('POST', '/admin/orders/dispatch-batch', { body: { lines } satisfies BatchDispatchRequest });
}
