import type { AdminCatalogueProductResponse } from '@pickles/shared/api';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** An upload may wait for the photos before it to be prepared (one at a time on the server). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** POST /api/admin/catalogue/{id}/photos?alt=&version=: the file itself is the body. */
export function uploadProductPhoto(productId: number, version: number, file: File, alt: string): Promise<AdminCatalogueProductResponse> {
  const query = new URLSearchParams({ version: String(version), alt });
  return adminRequest<AdminCatalogueProductResponse>('POST', `/admin/catalogue/${productId}/photos?${query}`, { file, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** DELETE /api/admin/catalogue/{id}/photos/{photoId}?version=. */
export function deleteProductPhoto(productId: number, version: number, photoId: string): Promise<AdminCatalogueProductResponse> {
  return adminRequest<AdminCatalogueProductResponse>('DELETE', `/admin/catalogue/${productId}/photos/${encodeURIComponent(photoId)}?version=${version}`);
}

/** PUT /api/admin/catalogue/{id}/photos/order {version, photoIds}: the first is the main photo. */
export function reorderProductPhotos(productId: number, version: number, photoIds: string[]): Promise<AdminCatalogueProductResponse> {
  return adminRequest<AdminCatalogueProductResponse>('PUT', `/admin/catalogue/${productId}/photos/order`, { body: { version, photoIds } });
}
