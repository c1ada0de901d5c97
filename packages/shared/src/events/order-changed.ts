import { z } from 'zod';
import { parseEventData } from './payment-verified.js';

/**
 * `order.changed`: something happened to a paid order that the shopper is told about by
 * e-mail. Written to the outbox in the transaction that makes the change (admin-orders for
 * dispatch, delivery, cancellation and resends; payments for refunds), so each message goes out
 * once per change: the notifications worker keys the e-mail by `dedupeKey`.
 */
export const ORDER_CHANGED = 'order.changed' as const;
export const ORDER_CHANGED_VERSION = 1;

export const SHOPPER_UPDATE_KINDS = [
  'dispatched',
  'delivered',
  'cancelled',
  'refund-started',
  'refund-completed',
  'confirmation-resent',
  // The courier's tracking events (admin-orders, decision 025), keyed by the event's key.
  'out-for-delivery',
  'delivery-failed',
  // The owner's payment link for an order taken by phone or WhatsApp (decision 032), keyed by the link's id.
  'payment-link',
] as const;
export type ShopperUpdateKind = (typeof SHOPPER_UPDATE_KINDS)[number];

export const orderChangedV1Schema = z.object({
  /** Internal order id; the e-mail reads names, address and items from the database. */
  orderId: z.uuid(),
  kind: z.enum(SHOPPER_UPDATE_KINDS),
  /**
   * One e-mail per key and kind. The order id for dispatched, delivered and cancelled; the refund
   * request's id for refund e-mails; a fresh id for each confirmation the owner resends; the courier
   * event's key (AWB, status, scan time) for out-for-delivery and delivery-failed.
   */
  dedupeKey: z.string().min(1).max(100),
  /** The refund request, for refund-started and refund-completed. */
  refundRequestId: z.uuid().optional(),
});
export type OrderChangedV1 = z.infer<typeof orderChangedV1Schema>;

export function parseOrderChanged(envelope: { type: string; version: number; data: unknown }): OrderChangedV1 {
  return parseEventData(ORDER_CHANGED, ORDER_CHANGED_VERSION, orderChangedV1Schema, envelope);
}
