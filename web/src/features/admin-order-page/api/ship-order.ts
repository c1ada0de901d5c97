import type { CancelShipmentResponse, CourierOptionsResponse, ShipOrderResponse, ShipmentLabelResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** POST /api/admin/orders/{id}/ship: books the order with the courier; without courierId the courier's own choice. */
export function shipOrder(id: string, courierId?: number): Promise<ShipOrderResponse> {
  return adminRequest<ShipOrderResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/ship`, { body: courierId === undefined ? {} : { courierId } });
}

/** GET /api/admin/orders/{id}/courier-options: the couriers serving the order's pincode, for the picker. */
export function courierOptions(id: string): Promise<CourierOptionsResponse> {
  return adminRequest<CourierOptionsResponse>('GET', `/admin/orders/${encodeURIComponent(id)}/courier-options`);
}

/** POST /api/admin/orders/{id}/cancel-shipment: cancels the booking before pickup. */
export function cancelShipment(id: string): Promise<CancelShipmentResponse> {
  return adminRequest<CancelShipmentResponse>('POST', `/admin/orders/${encodeURIComponent(id)}/cancel-shipment`, { body: {} });
}

/** GET /api/admin/orders/{id}/label: where the courier's label PDF is. */
export function shipmentLabel(id: string): Promise<ShipmentLabelResponse> {
  return adminRequest<ShipmentLabelResponse>('GET', `/admin/orders/${encodeURIComponent(id)}/label`);
}
