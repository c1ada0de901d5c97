import type { CatalogueResponse } from '@pickles/shared/api';
import { apiRequest } from './api-client.js';

/** GET /api/catalogue: the products as the owner saved them (decision 024). */
export function getCatalogue(): Promise<CatalogueResponse> {
  return apiRequest<CatalogueResponse>('GET', '/catalogue');
}
