import { formatIndiaDayShort, indiaDayOf, indiaDaysBetween, startOfIndiaDay } from '@pickles/shared/india-time';
import { runEvery } from '@pickles/service-kit';
import { loadWaitingOrders } from './db/waiting-orders.js';
import { countOpenComplaints } from './db/complaints.js';
import { renderOwnerDailySummary } from './emails/owner-daily-summary.js';
import { sendToOwnerOnce, type OwnerEmailDeps } from './owner-email.js';

/** The daily summary is one of the owner's scheduled e-mails. */
export type DailySummaryDeps = OwnerEmailDeps;

export type DailySummaryResult = 'too-early' | 'nothing-waiting' | 'sent' | 'already-sent' | 'in-flight';

/**
 * One look at the clock: from `hour` o'clock India time the day's summary of paid orders waiting for
 * dispatch goes to the owner, once per India day (sent_emails: kind owner-daily-summary, dedupe key
 * the India date), whichever replica gets there first. It lists orders paid before that hour, so the
 * day's list does not grow after it: a day with none waiting sends nothing and records nothing, and
 * a later look that day finds none either (an order paid since was announced by its own alert).
 */
export async function dailySummaryOnce(deps: DailySummaryDeps, { hour, now = new Date() }: { hour: number; now?: Date }): Promise<DailySummaryResult> {
  const today = indiaDayOf(now);
  const from = new Date(startOfIndiaDay(today).getTime() + hour * 3_600_000);
  if (now < from) return 'too-early';
  const dedupeKey = today;
  const done = await deps.db.selectFrom('sent_emails').select('state').where('kind', '=', 'owner-daily-summary').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
  if (done?.state === 'sent') return 'already-sent';

  const { orders, total } = await loadWaitingOrders(deps.db, from);
  if (total === 0) return 'nothing-waiting';
  const listed = orders.map((order) => ({ ...order, paidOn: formatIndiaDayShort(indiaDayOf(order.paidAt), true), daysWaiting: indiaDaysBetween(indiaDayOf(order.paidAt), today) }));
  const complaints = await countOpenComplaints(deps.db, now);
  const email = renderOwnerDailySummary({ orders: listed, total, complaints }, { day: formatIndiaDayShort(today, true), shopUrl: deps.shopUrl });
  const result = await sendToOwnerOnce(deps, { kind: 'owner-daily-summary', dedupeKey }, email);
  if (result === 'sent') deps.logger.info({ day: dedupeKey, waiting: total }, 'owner daily summary sent');
  return result;
}

/** Looks every `checkMinutes`; a failed send (SMTP down) is tried again at the next look. */
export function startDailySummary(deps: DailySummaryDeps, { hour, checkMinutes }: { hour: number; checkMinutes: number }): { stop: () => Promise<void> } {
  return runEvery(checkMinutes * 60_000, () => dailySummaryOnce(deps, { hour }), (error) => deps.logger.warn({ err: error }, 'owner daily summary failed; will retry'));
}
