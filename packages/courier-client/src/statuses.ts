import { SHIPMENT_DELIVERY_STATUSES, type ShipmentDeliveryStatus } from '@pickles/shared/api';

/**
 * What happened to a shipment, in the shop's words: a closed list the shop's timeline, e-mails and
 * tracking page can switch over (the shared contract's, packages/shared/src/api.ts). Shiprocket's many
 * statuses map onto it here, and only here.
 */
export const SHIPMENT_STATUSES = SHIPMENT_DELIVERY_STATUSES;
export type ShipmentStatus = ShipmentDeliveryStatus;

/**
 * Shiprocket's shipment status codes (`shipment_status_id`, a scan's `sr-status`) with the label it
 * sends beside them (`shipment_status`, `sr-status-label`) and their meaning for the shop. Codes
 * not listed are `other`, with their label kept for people to read.
 */
export const SHIPROCKET_STATUSES: Readonly<Record<number, { label: string; status: ShipmentStatus }>> = {
  1: { label: 'AWB ASSIGNED', status: 'other' },
  2: { label: 'LABEL GENERATED', status: 'other' },
  3: { label: 'PICKUP SCHEDULED', status: 'pickup-scheduled' },
  4: { label: 'PICKUP QUEUED', status: 'pickup-scheduled' },
  5: { label: 'MANIFEST GENERATED', status: 'other' },
  6: { label: 'SHIPPED', status: 'picked-up' },
  7: { label: 'DELIVERED', status: 'delivered' },
  8: { label: 'CANCELED', status: 'cancelled' },
  9: { label: 'RTO INITIATED', status: 'rto-initiated' },
  10: { label: 'RTO DELIVERED', status: 'rto-delivered' },
  12: { label: 'LOST', status: 'other' },
  13: { label: 'PICKUP ERROR', status: 'other' },
  14: { label: 'RTO ACKNOWLEDGED', status: 'rto-initiated' },
  15: { label: 'PICKUP RESCHEDULED', status: 'pickup-scheduled' },
  17: { label: 'OUT FOR DELIVERY', status: 'out-for-delivery' },
  18: { label: 'IN TRANSIT', status: 'in-transit' },
  19: { label: 'OUT FOR PICKUP', status: 'pickup-scheduled' },
  20: { label: 'PICKUP EXCEPTION', status: 'other' },
  21: { label: 'UNDELIVERED', status: 'undelivered' },
  22: { label: 'DELAYED', status: 'in-transit' },
  38: { label: 'REACHED AT DESTINATION HUB', status: 'in-transit' },
  42: { label: 'PICKED UP', status: 'picked-up' },
  52: { label: 'SHIPMENT BOOKED', status: 'other' },
};

/** The codes the sandbox's courier moves a shipment through (named for readability at call sites). */
export const SHIPROCKET_CODE = {
  awbAssigned: 1,
  pickupScheduled: 3,
  manifestGenerated: 5,
  delivered: 7,
  cancelled: 8,
  rtoInitiated: 9,
  rtoDelivered: 10,
  outForDelivery: 17,
  inTransit: 18,
  undelivered: 21,
  pickedUp: 42,
} as const;

const BY_LABEL = new Map(Object.values(SHIPROCKET_STATUSES).map((entry) => [entry.label, entry.status]));
// Spellings seen besides the table's labels.
BY_LABEL.set('CANCELLED', 'cancelled');
BY_LABEL.set('OUT FOR PICKUP', 'pickup-scheduled');
BY_LABEL.set('RTO IN TRANSIT', 'other');

/** A Shiprocket status code (number or numeric text) and/or label as the shop's status. */
export function shipmentStatusOf(code: unknown, label?: unknown): ShipmentStatus {
  const numeric = typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code.trim()) ? Number(code) : undefined;
  if (numeric !== undefined && SHIPROCKET_STATUSES[numeric]) return SHIPROCKET_STATUSES[numeric].status;
  if (typeof label === 'string') return BY_LABEL.get(label.trim().toUpperCase().replace(/\s+/g, ' ')) ?? 'other';
  return 'other';
}
