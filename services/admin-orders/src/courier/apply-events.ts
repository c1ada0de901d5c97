import { sql, type Db } from '@pickles/db';
import type { TrackingEvent, TrackingScan } from '@pickles/courier-client';
import { findTransition, type OrderStatus, type PaymentStatus } from '@pickles/shared';
import { setStatus } from '../db/order-writes.js';
import { writeShopperUpdate } from '../db/shopper-updates.js';

/** One courier event as stored (from a webhook or a scan the track API returned). */
export interface CourierEventInput {
  eventKey: string;
  status: TrackingScan['status'];
  courierStatus: string;
  occurredAt: Date;
  reason?: string | null;
  reasonCode?: string | null;
  attempt?: number | null;
  location?: string | null;
}

/** A scan as an event: an undelivered scan's activity is the courier's reason. */
export function eventOfScan(scan: TrackingScan): CourierEventInput {
  return {
    eventKey: scan.eventKey,
    status: scan.status,
    courierStatus: scan.courierStatus,
    occurredAt: scan.at,
    reason: scan.status === 'undelivered' ? scan.activity : null,
    location: scan.location || null,
  };
}

/**
 * A webhook's event and every scan it carries (a lost webhook's scan is among them). What the
 * event leaves out is stored as null (applyCourierEvents); its location is its own scan's.
 */
export function eventsOfWebhook(event: TrackingEvent): CourierEventInput[] {
  const { eventKey, status, courierStatus, occurredAt, reason, reasonCode, attempt } = event;
  const scan = event.scans.find((s) => s.eventKey === eventKey);
  const own: CourierEventInput = { eventKey, status, courierStatus, occurredAt, reason, reasonCode, attempt, location: scan?.location || null };
  return [own, ...event.scans.filter((s) => s.eventKey !== eventKey).map(eventOfScan)];
}

export type ApplyOutcome = { known: false } | { known: true; inserted: number; deliveryStatus: string };

/**
 * Stores a shipment's courier events and applies what is new, in one transaction, with no network
 * call inside. An event already stored (a duplicate, a redelivery, a webhook and a poll of the same
 * scan) inserts nothing and changes nothing. The shipment's status is its newest event's by when it
 * happened, never by arrival; only the newest event tells the shopper (out for delivery, a failed
 * attempt), so a late, older event sends nothing stale. A delivered scan delivers the order through
 * the lifecycle (which e-mails the shopper once).
 */
export async function applyCourierEvents(
  db: Db,
  awb: string,
  events: readonly CourierEventInput[],
  { source, expectedDelivery }: { source: 'webhook' | 'poll'; expectedDelivery?: Date | null },
): Promise<ApplyOutcome> {
  const target = await db.selectFrom('shipments').select('order_id').where('awb', '=', awb).executeTakeFirst();
  if (!target) return { known: false };
  const orderId = target.order_id;
  return db.transaction().execute(async (trx) => {
    // The order first, then its shipment: the order every writer (Ship, the owner's moves) locks them in.
    const { rows } = await sql<{ id: string; order_number: string; status: OrderStatus; payment_status: PaymentStatus }>`
      select id, order_number, status, payment_status from orders where id = ${orderId} for update`.execute(trx);
    const order = rows[0];
    await sql`select 1 from shipments where order_id = ${orderId} for update`.execute(trx);
    const inserted = events.length
      ? await trx
          .insertInto('shipment_events')
          .values(
            events.map((event) => ({
              event_key: event.eventKey,
              order_id: orderId,
              awb,
              status: event.status,
              courier_status: event.courierStatus,
              occurred_at: event.occurredAt,
              reason: event.reason ?? null,
              reason_code: event.reasonCode ?? null,
              attempt: event.attempt ?? null,
              location: event.location ?? null,
              source,
            })),
          )
          .onConflict((oc) => oc.column('event_key').doNothing())
          .returning(['event_key', 'status'])
          .execute()
      : [];
    const newest = await trx
      .selectFrom('shipment_events')
      .select(['event_key', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('occurred_at', 'desc')
      .orderBy('received_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const newestIsNew = newest !== undefined && inserted.some((row) => row.event_key === newest.event_key);
    await trx
      .updateTable('shipments')
      .set({
        delivery_status: newest?.status ?? null,
        ...(inserted.length ? { last_event_at: sql`now()` } : {}),
        ...(source === 'poll' ? { last_polled_at: sql`now()` } : {}),
        ...(expectedDelivery ? { expected_delivery_at: expectedDelivery } : {}),
        // A new failed attempt wants the owner's answer again.
        ...(newestIsNew && newest.status === 'undelivered' ? { problem_action: null, problem_action_at: null, problem_action_by: null } : {}),
        updated_at: sql`now()`,
      })
      .where('order_id', '=', orderId)
      .execute();
    if (order && inserted.some((row) => row.status === 'delivered')) {
      const locked = { id: order.id, orderNumber: order.order_number, status: order.status, paymentStatus: order.payment_status };
      if (findTransition(locked, 'delivered', 'courier')) await setStatus(trx, [locked], 'delivered', 'courier');
    }
    if (newestIsNew && (newest.status === 'out-for-delivery' || newest.status === 'undelivered')) {
      await writeShopperUpdate(trx, { orderId, kind: newest.status === 'undelivered' ? 'delivery-failed' : 'out-for-delivery', dedupeKey: newest.event_key });
    }
    return { known: true, inserted: inserted.length, deliveryStatus: newest?.status ?? 'none' };
  });
}
