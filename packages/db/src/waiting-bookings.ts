import { sql } from 'kysely';
import type { Db } from './create-db.js';

/**
 * A courier booking still pending this long (the courier's API down or refusing; the worker keeps
 * retrying it) is put before the owner: listed on the delivery problems page and e-mailed to her
 * once. Half an hour: long enough that a short blink of the courier's API never reaches her, short
 * enough that she can book by hand the same afternoon.
 */
export const BOOKING_WAIT_ALERT_MINUTES = 30;

export interface WaitingBooking {
  orderId: string;
  orderNumber: string;
  customerName: string;
  city: string;
  requestedAt: Date;
  /** Tries so far, and why the last one did not book. */
  attempts: number;
  lastError: string | null;
  /** The booking's number for this order (a booking after a cancel counts on), so each is told once. */
  bookingCount: number;
}

/**
 * Bookings waiting for the courier for `olderThanMinutes` or more, oldest first: the one place this
 * is decided, for the owner's page (admin-orders) and her e-mail (notifications).
 */
export async function waitingBookings(db: Db, { olderThanMinutes = BOOKING_WAIT_ALERT_MINUTES, limit = 50 }: { olderThanMinutes?: number; limit?: number } = {}): Promise<WaitingBooking[]> {
  const rows = await db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.order_id', 'o.order_number', 'o.customer_name', 'o.city', 's.requested_at', 's.attempts', 's.last_error', 's.booking_count'])
    .where('s.state', '=', 'pending')
    .where('s.requested_at', '<=', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .orderBy('s.requested_at')
    .orderBy('s.order_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    orderNumber: row.order_number,
    customerName: row.customer_name,
    city: row.city,
    requestedAt: new Date(row.requested_at),
    attempts: row.attempts,
    lastError: row.last_error,
    bookingCount: row.booking_count,
  }));
}
