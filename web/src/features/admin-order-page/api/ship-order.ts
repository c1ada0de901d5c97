import type { ShipOrderResponse, ShipmentLabelResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** POST /api/admin/orders/{id}/ship: books the order with the courier (its choice of courier). */
export function shipOrder(id: string): Promise<ShipOrderResponse> {
  return adminRequest<ShipOrderResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/ship`, { body: {} });
}

/** GET /api/admin/orders/{id}/label: where the courier's label PDF is. */
export function shipmentLabel(id: string): Promise<ShipmentLabelResponse> {
  return adminRequest<ShipmentLabelResponse>('GET', `/admin/orders/${encodeURIComponent(id)}/label`);
}
