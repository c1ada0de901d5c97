import type { CatalogueAvailabilityResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /api/catalogue/availability: each product's sale state, jars left and next batch date. */
export function getAvailability(): Promise<CatalogueAvailabilityResponse> {
  return apiRequest<CatalogueAvailabilityResponse>('GET', '/catalogue/availability');
}
