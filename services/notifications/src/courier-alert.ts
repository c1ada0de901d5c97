import type { Logger } from 'pino';
import { waitingBookings, type Db } from '@pickles/db';
import { runEvery } from '@pickles/service-kit';
import type { Mailer } from './clients/mailer.js';
import { EmailInFlightError, sendOnce } from './db/sent-emails.js';
import { renderOwnerCourierWaiting } from './emails/owner-courier-waiting.js';

export interface CourierAlertDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  ownerEmail: string;
  shopUrl: string;
  mailDomain: string;
  sendLeaseMs?: number;
}

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
  try {
    const result = await sendOnce(deps.db, { orderId: oldest.orderId, dedupeKey, kind: 'owner-courier-waiting', recipient: deps.ownerEmail, eventId: null }, () =>
      deps.mailer.send({ to: deps.ownerEmail, ...email, messageId: `<${dedupeKey}.owner-courier-waiting@${deps.mailDomain}>` }),
      deps.sendLeaseMs,
    );
    if (result === 'sent') deps.logger.warn({ waiting: waiting.length, oldest: oldest.orderNumber }, 'owner told of bookings waiting for the courier');
    return result;
  } catch (error) {
    if (error instanceof EmailInFlightError) return 'in-flight';
    throw error;
  }
}

/** Looks every `checkMinutes`; a failed send (SMTP down) is tried again at the next look. */
export function startCourierAlert(deps: CourierAlertDeps, { checkMinutes }: { checkMinutes: number }): { stop: () => Promise<void> } {
  return runEvery(checkMinutes * 60_000, () => courierAlertOnce(deps), (error) => deps.logger.warn({ err: error }, 'courier booking alert failed; will retry'));
}
