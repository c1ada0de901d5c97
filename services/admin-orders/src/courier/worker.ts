import { runEvery } from '@pickles/service-kit';
import { dueBookings } from '../db/shipments.js';
import { bookShipment, type BookingDeps } from './book-shipment.js';

/** Bookings one pass tries at most (each is a few courier calls). */
const BOOKINGS_PER_PASS = 20;

/** Pending bookings whose next try is due, each tried once more (the courier was down, or a process died mid-booking). */
export async function retryDueBookings(deps: BookingDeps): Promise<number> {
  const due = await dueBookings(deps.db, BOOKINGS_PER_PASS);
  for (const orderId of due) await bookShipment(deps, orderId);
  return due.length;
}

/** The courier's background work in admin-orders: every `intervalMs`, the pending bookings. */
export function startCourierWorker(deps: BookingDeps, intervalMs: number): { stop: () => Promise<void> } {
  return runEvery(
    intervalMs,
    async () => {
      await retryDueBookings(deps);
    },
    (error) => deps.logger.warn({ err: error }, 'courier worker pass failed'),
  );
}
