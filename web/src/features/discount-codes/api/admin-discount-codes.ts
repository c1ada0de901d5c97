import type { AdminDiscountCodeResponse, AdminDiscountCodesResponse } from '@pickles/shared/api';
import type { DiscountCodeForm } from '@pickles/shared/discount-codes';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** GET /api/admin/discount-codes: every code with its uses and the discount it gave. */
export function getDiscountCodes(signal?: AbortSignal): Promise<AdminDiscountCodesResponse> {
  return adminRequest<AdminDiscountCodesResponse>('GET', '/admin/discount-codes', { signal });
}

/** POST /api/admin/discount-codes: a new code; 409 when the name is taken. */
export function createDiscountCode(form: DiscountCodeForm): Promise<AdminDiscountCodeResponse> {
  return adminRequest<AdminDiscountCodeResponse>('POST', '/admin/discount-codes', { body: form });
}

/** PUT /api/admin/discount-codes/{id}: new terms, or paused / active again. */
export function updateDiscountCode(id: number, form: Omit<DiscountCodeForm, 'code'>): Promise<AdminDiscountCodeResponse> {
  return adminRequest<AdminDiscountCodeResponse>('PUT', `/admin/discount-codes/${encodeURIComponent(String(id))}`, { body: form });
}
