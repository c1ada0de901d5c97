import { sql, type Db } from '@pickles/db';
import { EmailInFlightError } from './sent-emails.js';

/**
 * A refund's two e-mails, "started" and "processed", keep their order in the shopper's inbox: the
 * last one they get names the refund's latest state. Payments may write both events in one
 * transaction (Razorpay answered the refund already processed), and the worker runs them side by
 * side, so "processed" could go out first. Each decides once its own claim is held (sendOnce), so of
 * two deciding at the same time at least one sees the other:
 * - "started" is superseded (never sent) once the refund is processed or "processed" is claimed;
 * - "processed" waits (retried after the backoff) while "started" is being sent.
 */
export function decideRefundStarted(db: Db, dedupeKey: string, refundRequestId: string | undefined): () => Promise<'send' | 'superseded'> {
  return async () => {
    const { rows } = await sql<{ later: boolean }>`select
      exists (select 1 from sent_emails where kind = 'refund-completed' and dedupe_key = ${dedupeKey})
      or exists (select 1 from refund_requests r join refunds f on f.razorpay_refund_id = r.razorpay_refund_id
        where r.id = ${refundRequestId ?? null}::uuid and f.status = 'processed') as later`.execute(db);
    return rows[0]?.later ? 'superseded' : 'send';
  };
}

export function decideRefundCompleted(db: Db, dedupeKey: string): () => Promise<'send'> {
  return async () => {
    const { rows } = await sql<{ sending: boolean }>`select exists (select 1 from sent_emails
      where kind = 'refund-started' and dedupe_key = ${dedupeKey} and state = 'sending' and lease_until > now()) as sending`.execute(db);
    if (rows[0]?.sending) throw new EmailInFlightError(`refund-completed for ${dedupeKey} waits for its refund-started e-mail, being sent now`);
    return 'send';
  };
}
