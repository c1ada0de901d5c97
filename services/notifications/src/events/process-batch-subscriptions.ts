import { parseBatchOpened, parseBatchSubscriptionRequested, type EventEnvelope } from '@pickles/shared';
import { loadSubscriber, loadToldSubscribers } from '../db/batch-subscribers.js';
import { sendOnce } from '../db/sent-emails.js';
import { renderBatchConfirm, renderBatchReady } from '../emails/batch-subscriptions.js';
import { parseOrFail } from './parse-event.js';
import { shopContact, type NotificationDeps } from './process-payment-verified.js';

/**
 * batch-subscription.requested -> the one confirmation e-mail of a sign-up (per attempt, decision 029).
 * Nothing when the sign-up is no longer pending: confirmed meanwhile, unsubscribed, or erased.
 */
export async function processBatchSubscriptionRequested(envelope: EventEnvelope, deps: NotificationDeps): Promise<{ confirm: 'sent' | 'already-sent' | 'not-pending' }> {
  const data = parseOrFail(parseBatchSubscriptionRequested, envelope);
  const subscriber = await loadSubscriber(deps.db, data.subscriberId);
  if (subscriber?.state !== 'pending') {
    deps.logger.info({ eventId: envelope.id, subscriberId: data.subscriberId, state: subscriber?.state ?? 'erased' }, 'batch-subscription.requested: not pending, nothing sent');
    return { confirm: 'not-pending' };
  }
  const email = renderBatchConfirm(subscriber, shopContact(deps));
  const dedupeKey = `${subscriber.id}:${data.attempt}`;
  const confirm = await sendOnce(
    deps.db,
    { dedupeKey, kind: 'batch-confirm', recipient: subscriber.email, eventId: envelope.id },
    () => deps.mailer.send({ to: subscriber.email, ...email, messageId: `<${subscriber.id}.${data.attempt}.batch-confirm@${deps.mailDomain}>` }),
    deps.sendLeaseMs,
  );
  deps.logger.info({ eventId: envelope.id, subscriberId: subscriber.id, attempt: data.attempt, confirm }, 'batch-subscription.requested handled');
  return { confirm };
}

/**
 * batch.opened -> one e-mail to each subscriber the opening told, once each however often the event
 * comes (sendOnce keyed by the subscriber). One who unsubscribed since, or was erased, gets nothing.
 * The e-mails go out one after another; a failure fails the job after the others were tried, and
 * the retry sends only what is missing.
 */
export async function processBatchOpened(envelope: EventEnvelope, deps: NotificationDeps): Promise<{ sent: number; alreadySent: number; skipped: number }> {
  const data = parseOrFail(parseBatchOpened, envelope);
  const told = await loadToldSubscribers(deps.db, data.openingId);
  const shop = shopContact(deps);
  const result = { sent: 0, alreadySent: 0, skipped: 0 };
  let failure: unknown;
  for (const subscriber of told) {
    if (subscriber.state !== 'told') {
      result.skipped++;
      continue;
    }
    const email = renderBatchReady(subscriber, data.batchJars, shop);
    try {
      const outcome = await sendOnce(
        deps.db,
        { dedupeKey: subscriber.id, kind: 'batch-ready', recipient: subscriber.email, eventId: envelope.id },
        () => deps.mailer.send({ to: subscriber.email, ...email, messageId: `<${subscriber.id}.batch-ready@${deps.mailDomain}>` }),
        deps.sendLeaseMs,
      );
      if (outcome === 'sent') result.sent++;
      else result.alreadySent++;
    } catch (error) {
      failure ??= error;
    }
  }
  deps.logger.info({ eventId: envelope.id, openingId: data.openingId, productId: data.productId, ...result }, 'batch.opened handled');
  if (failure) throw failure;
  if (!told.length) deps.logger.warn({ eventId: envelope.id, openingId: data.openingId }, 'batch.opened: nobody was told by this opening');
  return result;
}
