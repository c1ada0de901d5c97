import type { ResendConfirmationResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** POST /api/admin/orders/{id}/resend-confirmation: the shopper gets the order confirmation again. */
export function resendConfirmation(id: string): Promise<ResendConfirmationResponse> {
  return adminRequest<ResendConfirmationResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/resend-confirmation`, { body: {} });
}
