import { sql, type Db } from '@pickles/db';
import type { DeliveryProblem } from '@pickles/shared';

/** The owner has this long after a failed attempt to answer the courier (re-attempt or return). */
export const DELIVERY_PROBLEM_WINDOW_HOURS = 24;

/**
 * The delivery problems queue: shipments whose latest event is a failed attempt the owner has not
 * answered yet, newest deadline last; and parcels on their way back (RTO) or back with us, on an
 * order still paid and open, for the owner's decision on the refund.
 */
export async function listDeliveryProblems(db: Db): Promise<DeliveryProblem[]> {
  const { rows } = await sql<{
    order_id: string;
    order_number: string;
    customer_name: string;
    customer_phone: string;
    city: string;
    pincode: string;
    awb: string;
    courier_name: string | null;
    delivery_status: string;
    reason: string | null;
    attempts: number;
    failed_at: Date | null;
  }>`
    select s.order_id, o.order_number, o.customer_name, o.customer_phone, o.city, o.pincode, s.awb, s.courier_name, s.delivery_status,
      last_fail.reason, last_fail.occurred_at as failed_at,
      (select count(*)::int from shipment_events e where e.order_id = s.order_id and e.status = 'undelivered') as attempts
    from shipments s
    join orders o on o.id = s.order_id
    left join lateral (
      select e.reason, e.occurred_at from shipment_events e where e.order_id = s.order_id and e.status = 'undelivered' order by e.occurred_at desc limit 1
    ) last_fail on true
    where s.state = 'booked' and (
      (s.delivery_status = 'undelivered' and s.problem_action is null)
      or (s.delivery_status in ('rto-initiated', 'rto-delivered') and o.status = 'paid' and o.payment_status = 'paid')
    )
    order by last_fail.occurred_at nulls last, s.order_id`.execute(db);
  return rows.map((row) => {
    const undelivered = row.delivery_status === 'undelivered';
    return {
      orderId: row.order_id,
      orderNumber: row.order_number,
      customerName: row.customer_name,
      customerPhone: row.customer_phone,
      city: row.city,
      pincode: row.pincode,
      awb: row.awb,
      courierName: row.courier_name,
      kind: undelivered ? 'undelivered' : row.delivery_status === 'rto-delivered' ? 'returned' : 'returning',
      reason: row.reason,
      attempts: row.attempts,
      failedAt: row.failed_at ? new Date(row.failed_at).toISOString() : null,
      actBy: undelivered && row.failed_at ? new Date(new Date(row.failed_at).getTime() + DELIVERY_PROBLEM_WINDOW_HOURS * 3_600_000).toISOString() : null,
    };
  });
}

/** The shipment a delivery-problem action is for, if it is waiting for one. */
export async function problemShipment(db: Db, orderId: string): Promise<{ awb: string; deliveryStatus: string | null; action: string | null } | undefined> {
  const row = await db.selectFrom('shipments').select(['awb', 'delivery_status', 'problem_action']).where('order_id', '=', orderId).where('state', '=', 'booked').executeTakeFirst();
  return row?.awb ? { awb: row.awb, deliveryStatus: row.delivery_status, action: row.problem_action } : undefined;
}

/** The owner's answer, recorded once the courier took it. */
export async function recordProblemAction(db: Db, orderId: string, action: 're-attempt' | 'return', by: string): Promise<void> {
  await db.updateTable('shipments').set({ problem_action: action, problem_action_at: sql`now()`, problem_action_by: by, updated_at: sql`now()` }).where('order_id', '=', orderId).execute();
}
