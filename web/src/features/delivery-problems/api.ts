import type { DeliveryProblemActionResponse, DeliveryProblemsResponse } from '@pickles/shared';
import type { DeliveryProblemActionRequest } from '@pickles/shared/admin-order-requests';
import { adminRequest } from '../../lib/admin-session/index.js';

/** GET /api/admin/delivery-problems */
export function getDeliveryProblems(signal?: AbortSignal): Promise<DeliveryProblemsResponse> {
  return adminRequest<DeliveryProblemsResponse>('GET', '/admin/delivery-problems', { signal });
}

/** POST /api/admin/orders/{id}/delivery-problem: re-attempt (with corrections) or return. */
export function answerDeliveryProblem(orderId: string, input: DeliveryProblemActionRequest): Promise<DeliveryProblemActionResponse> {
  return adminRequest<DeliveryProblemActionResponse>('POST', `/admin/orders/${encodeURIComponent(orderId)}/delivery-problem`, { body: input });
}
