import type { ShipBatchResponse, ShipmentLabelsResponse } from '@pickles/shared';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** Each courier booking is a few calls to the courier: 50 orders may take a while. */
const SHIP_BATCH_TIMEOUT_MS = 180_000;

/** POST /api/admin/orders/ship-batch: books each selected order with the courier's choice, each on its own. */
export function shipOrders(orderIds: string[]): Promise<ShipBatchResponse> {
  return adminRequest<ShipBatchResponse>('POST', '/admin/orders/ship-batch', { body: { orderIds }, timeoutMs: SHIP_BATCH_TIMEOUT_MS });
}

/** POST /api/admin/orders/labels: one PDF with the labels of those booked. */
export function shipmentLabels(orderIds: string[]): Promise<ShipmentLabelsResponse> {
  return adminRequest<ShipmentLabelsResponse>('POST', '/admin/orders/labels', { body: { orderIds } });
}
