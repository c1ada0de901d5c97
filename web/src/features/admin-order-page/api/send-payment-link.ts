import type { PaymentLinkResponse } from '@pickles/shared/api';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** POST /api/admin/orders/{id}/payment-link: a payment link for an unpaid order's total, e-mailed to the shopper (an open one is answered again). */
export function sendPaymentLink(id: string): Promise<PaymentLinkResponse> {
  return adminRequest<PaymentLinkResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/payment-link`, { body: {} });
}

/** POST /api/admin/orders/{id}/payment-link/cancel: the open link stops taking payments; the order stays unpaid. */
export function cancelPaymentLink(id: string): Promise<PaymentLinkResponse> {
  return adminRequest<PaymentLinkResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/payment-link/cancel`, { body: {} });
}
