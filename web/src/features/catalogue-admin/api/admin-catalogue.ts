import type { AdminCatalogueProductResponse, AdminCatalogueResponse, AdminProductChangesResponse, AdminStockResponse } from '@pickles/shared/api';
import type { CatalogueProductInput } from '@pickles/shared/catalogue-input';
import { adminRequest } from '../../../lib/admin-session/index.js';

const productPath = (id: number) => `/admin/catalogue/${encodeURIComponent(String(id))}`;

/** GET /api/admin/catalogue: every product, archived ones too, in the storefront's order. */
export function getCatalogue(signal?: AbortSignal): Promise<AdminCatalogueResponse> {
  return adminRequest<AdminCatalogueResponse>('GET', '/admin/catalogue', { signal });
}

/** POST /api/admin/catalogue: a new product, last on the storefront, coming soon until the Stock page puts it on sale. */
export function addProduct(input: CatalogueProductInput): Promise<AdminCatalogueProductResponse> {
  return adminRequest<AdminCatalogueProductResponse>('POST', '/admin/catalogue', { body: input });
}

/** PUT /api/admin/catalogue/{id}: the edit of the version the owner opened; 409 when someone saved meanwhile. */
export function saveProduct(id: number, input: CatalogueProductInput, version: number): Promise<AdminCatalogueProductResponse> {
  return adminRequest<AdminCatalogueProductResponse>('PUT', productPath(id), { body: { ...input, version } });
}

/** POST /api/admin/catalogue/{id}/archive: off the storefront; its orders keep it. */
export function archiveProduct(id: number, version: number): Promise<AdminCatalogueProductResponse> {
  return adminRequest<AdminCatalogueProductResponse>('POST', `${productPath(id)}/archive`, { body: { version } });
}

/** PUT /api/admin/catalogue/order: the storefront's order, every product not archived once; `before`, the order the page showed (another owner's change since is a 409). */
export function reorderCatalogue(productIds: number[], before: number[]): Promise<AdminCatalogueResponse> {
  return adminRequest<AdminCatalogueResponse>('PUT', '/admin/catalogue/order', { body: { productIds, before } });
}

/** GET /api/admin/catalogue/{id}/changes: who changed the product when, newest first. */
export function getProductChanges(id: number, signal?: AbortSignal): Promise<AdminProductChangesResponse> {
  return adminRequest<AdminProductChangesResponse>('GET', `${productPath(id)}/changes`, { signal });
}

/**
 * GET /api/admin/stock, read for each product's sale state only: on sale or coming soon is the batch's
 * (decision 012), set on the Stock page, which this page links to.
 */
export function getSaleStates(signal?: AbortSignal): Promise<AdminStockResponse> {
  return adminRequest<AdminStockResponse>('GET', '/admin/stock', { signal });
}
