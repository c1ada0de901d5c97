import type { RecordDispatchResponse } from '@pickles/shared';
import type { RecordDispatchRequest } from '@pickles/shared/admin-order-requests';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** What the form sends, checked with the server's schema (courierName only for "other"). */
export type DispatchInput = RecordDispatchRequest;

/** PUT /api/admin/orders/{id}/dispatch: records the shipment, or corrects the record. */
export function recordDispatch(id: string, input: DispatchInput): Promise<RecordDispatchResponse> {
  return adminRequest<RecordDispatchResponse>('PUT', `/admin/orders/${encodeURIComponent(id)}/dispatch`, { body: input });
}
