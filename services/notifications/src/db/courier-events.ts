import type { Db } from '@pickles/db';

/** A courier event an e-mail is about (admin-orders stores them: shipment_events). */
export interface EmailCourierEvent {
  awb: string;
  courierName: string | null;
  occurredAt: Date;
  /** A failed attempt's reason, as the courier wrote it. */
  reason: string | null;
  /** The courier's expected delivery, when it gave one. */
  expectedDeliveryAt: Date | null;
}

/** The event of the key (the e-mail's dedupe key), with its shipment's courier and expected delivery. */
export async function loadCourierEvent(db: Db, orderId: string, eventKey: string): Promise<EmailCourierEvent | undefined> {
  const row = await db
    .selectFrom('shipment_events as e')
    .innerJoin('shipments as s', 's.order_id', 'e.order_id')
    .select(['e.awb', 'e.occurred_at', 'e.reason', 's.courier_name', 's.expected_delivery_at'])
    .where('e.order_id', '=', orderId)
    .where('e.event_key', '=', eventKey)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    awb: row.awb,
    courierName: row.courier_name,
    occurredAt: new Date(row.occurred_at),
    reason: row.reason,
    expectedDeliveryAt: row.expected_delivery_at === null ? null : new Date(row.expected_delivery_at),
  };
}
