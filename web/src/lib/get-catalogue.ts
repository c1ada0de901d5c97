import type { CatalogueResponse } from '@pickles/shared/api';
import { apiRequest } from './api-client.js';

/**
 * GET /api/catalogue: the products as the owner saved them (decision 024). Browsers may keep the
 * answer for 30 seconds; `fresh` asks past that copy (the checkout, where the price is about to be paid).
 */
export function getCatalogue({ fresh = false } = {}): Promise<CatalogueResponse> {
  return apiRequest<CatalogueResponse>('GET', fresh ? `/catalogue?at=${Date.now()}` : '/catalogue');
}
