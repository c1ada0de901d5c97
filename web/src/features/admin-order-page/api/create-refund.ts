import type { CreateRefundResponse } from '@pickles/shared';
import type { CreateRefundRequest } from '@pickles/shared/admin-order-requests';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** Amount in rupees; `requestKey` made once per dialog opening, so a double click or a retry is the same refund. */
export type RefundInput = CreateRefundRequest;

/** POST /api/admin/orders/{id}/refunds: asks for a refund; the payments service submits it to Razorpay. */
export function createRefund(id: string, input: RefundInput): Promise<CreateRefundResponse> {
  return adminRequest<CreateRefundResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/refunds`, { body: input });
}
