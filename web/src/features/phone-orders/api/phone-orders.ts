import type { AdminCatalogueResponse, AdminStockResponse, PaymentLinkResponse } from '@pickles/shared/api';
import type { PhoneOrderPayload } from '@pickles/shared/validation';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** The catalogue and its stock: what the owner may put in a phone order (on sale, jars left, not archived). */
export async function getBuyableProducts(signal?: AbortSignal): Promise<{ id: number; name: string; pricePaise: number; left: number | null }[]> {
  const [catalogue, stock] = await Promise.all([
    adminRequest<AdminCatalogueResponse>('GET', '/admin/catalogue', { signal }),
    adminRequest<AdminStockResponse>('GET', '/admin/stock', { signal }),
  ]);
  const onSale = new Map(stock.products.filter((p) => p.state === 'on-sale' && (p.left === null || p.left > 0)).map((p) => [p.productId, p.left]));
  return catalogue.products.filter((p) => !p.archived && onSale.has(p.id)).map((p) => ({ id: p.id, name: p.name, pricePaise: p.pricePaise, left: onSale.get(p.id) ?? null }));
}

/**
 * POST /api/admin/phone-orders: the order, priced by the server, and its payment link (e-mailed).
 * `requestKey` is one per submission: a retry or double click gets the same order and link.
 */
export function createPhoneOrder(payload: PhoneOrderPayload, requestKey: string): Promise<PaymentLinkResponse> {
  return adminRequest<PaymentLinkResponse>('POST', '/admin/phone-orders', { body: payload, headers: { 'Idempotency-Key': requestKey } });
}
