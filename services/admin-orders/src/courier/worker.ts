import { runEvery } from '@pickles/service-kit';
import { dueBookings, markPolled, silentShipments } from '../db/shipments.js';
import { applyCourierEvents, eventOfScan } from './apply-events.js';
import { bookShipment, type BookingDeps } from './book-shipment.js';

/** Bookings one pass tries at most (each is a few courier calls). */
const BOOKINGS_PER_PASS = 20;
/** Silent shipments one pass asks about (one track call per 50). */
const POLLS_PER_PASS = 200;

/** Pending bookings whose next try is due, each tried once more (the courier was down, or a process died mid-booking). */
export async function retryDueBookings(deps: BookingDeps): Promise<number> {
  const due = await dueBookings(deps.db, BOOKINGS_PER_PASS);
  for (const orderId of due) await bookShipment(deps, orderId);
  return due.length;
}

/**
 * Shipments with no courier event for `pollAfterHours` are asked about (the track API): every scan
 * it returns goes through the same store-once-and-apply as a webhook's, so a lost webhook's event
 * is applied, once, and a duplicate of one already heard changes nothing.
 */
export async function pollSilentShipments(deps: BookingDeps, pollAfterHours: number): Promise<number> {
  const silent = await silentShipments(deps.db, pollAfterHours, POLLS_PER_PASS);
  if (!silent.length) return 0;
  const results = await deps.courier.client.trackMany(silent.map((shipment) => shipment.awb));
  for (const { awb } of silent) {
    const tracking = results.get(awb);
    if (tracking) await applyCourierEvents(deps.db, awb, tracking.scans.map(eventOfScan), { source: 'poll', expectedDelivery: tracking.expectedDelivery });
  }
  await markPolled(deps.db, silent.map((shipment) => shipment.orderId));
  deps.logger.info({ polled: silent.length }, 'silent shipments polled');
  return silent.length;
}

/** The courier's background work in admin-orders: every `intervalMs`, the pending bookings, then the silent shipments. */
export function startCourierWorker(deps: BookingDeps, { intervalMs, pollAfterHours }: { intervalMs: number; pollAfterHours: number }): { stop: () => Promise<void> } {
  return runEvery(
    intervalMs,
    async () => {
      await retryDueBookings(deps);
      await pollSilentShipments(deps, pollAfterHours);
    },
    (error) => deps.logger.warn({ err: error }, 'courier worker pass failed'),
  );
}
