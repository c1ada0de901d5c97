import type { AdminProductStockResponse, AdminStockResponse } from '@pickles/shared/api';
import type { ProductStockUpdate } from '@pickles/shared/stock';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** GET /api/admin/stock: every product's batch, with what is reserved, sold and left. */
export function getStock(signal?: AbortSignal): Promise<AdminStockResponse> {
  return adminRequest<AdminStockResponse>('GET', '/admin/stock', { signal });
}

/** PUT /api/admin/stock/{productId}: the owner's batch settings; 409 when the batch is smaller than what is committed. */
export function saveStock(productId: number, update: ProductStockUpdate): Promise<AdminProductStockResponse> {
  return adminRequest<AdminProductStockResponse>('PUT', `/admin/stock/${encodeURIComponent(String(productId))}`, { body: update });
}
