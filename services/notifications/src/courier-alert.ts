import { waitingBookings } from '@pickles/db';
import { runEvery } from '@pickles/service-kit';
import { renderOwnerCourierWaiting } from './emails/owner-courier-waiting.js';
import { sendToOwnerOnce, type OwnerEmailDeps } from './owner-email.js';

/** The courier alert is one of the owner's scheduled e-mails. */
export type CourierAlertDeps = OwnerEmailDeps;

export type CourierAlertResult = 'nothing-waiting' | 'sent' | 'already-sent' | 'in-flight';

/**
 * One look: bookings waiting for the courier for half an hour or more (`waitingBookings`, packages/db)
 * are e-mailed to the owner, all in one message. The message is keyed by the oldest of them (its
 * order and booking number: sent_emails kind owner-courier-waiting), so one outage is one e-mail
 * however many bookings it holds up and however many replicas look; once the oldest is booked, a
 * booking still waiting is told again, as the outage has moved on to it.
 */
export async function courierAlertOnce(deps: CourierAlertDeps, { olderThanMinutes }: { olderThanMinutes?: number } = {}): Promise<CourierAlertResult> {
  const waiting = await waitingBookings(deps.db, { olderThanMinutes });
  const oldest = waiting[0];
  if (!oldest) return 'nothing-waiting';
  const dedupeKey = `${oldest.orderId}:${oldest.bookingCount}`;
  const email = renderOwnerCourierWaiting(waiting, { shopUrl: deps.shopUrl });
  const result = await sendToOwnerOnce(deps, { kind: 'owner-courier-waiting', dedupeKey, orderId: oldest.orderId }, email);
  if (result === 'sent') deps.logger.warn({ waiting: waiting.length, oldest: oldest.orderNumber }, 'owner told of bookings waiting for the courier');
  return result;
}

/** Looks every `checkMinutes`; a failed send (SMTP down) is tried again at the next look. */
export function startCourierAlert(deps: CourierAlertDeps, { checkMinutes }: { checkMinutes: number }): { stop: () => Promise<void> } {
  return runEvery(checkMinutes * 60_000, () => courierAlertOnce(deps), (error) => deps.logger.warn({ err: error }, 'courier booking alert failed; will retry'));
}
