import { sql, type Db } from '@pickles/db';

export type EmailKind = 'order-confirmation' | 'owner-alert' | 'owner-attention';

/** What an e-mail is about: an order (its confirmation and alert), or a payment attention item. */
export type EmailSubject = { orderId: string } | { attentionId: string };

/** Another delivery holds the claim right now; the job retries after its backoff. */
export class EmailInFlightError extends Error {}

/** How long a claim keeps other deliveries away unless its sender renews it (every third of it). */
export const DEFAULT_SEND_LEASE_MS = 10_000;

/**
 * Sends an e-mail at most once per (order or attention item, kind), holding no transaction across
 * the SMTP call (decision 008):
 * 1. claim: a committed `sending` row with a short lease (or take over a lease that ran out: its
 *    sender died); a `sent` row means done, a live lease means another delivery is at it;
 * 2. send, renewing the lease while the SMTP conversation lasts, so a dead sender's claim frees up
 *    within one lease and its retry goes out within seconds;
 * 3. mark `sent`, retried a few times so a database blip right after the SMTP server accepted the
 *    message does not lead to a second one. A failed send gives the claim up at once.
 * The only window for a duplicate is a sender that dies (or loses the database for longer than the
 * lease) between the SMTP server's acceptance and step 3; the deterministic Message-ID lets mail
 * systems fold it.
 */
export async function sendOnce(
  db: Db,
  key: EmailSubject & { kind: EmailKind; recipient: string; eventId: string },
  send: () => Promise<{ messageId?: string }>,
  leaseMs = DEFAULT_SEND_LEASE_MS,
): Promise<'sent' | 'already-sent'> {
  const lease = sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;
  const subject = 'orderId' in key ? { column: 'order_id' as const, id: key.orderId } : { column: 'attention_id' as const, id: key.attentionId };
  const claimed = await db
    .insertInto('sent_emails')
    .values({
      order_id: 'orderId' in key ? key.orderId : null,
      attention_id: 'attentionId' in key ? key.attentionId : null,
      kind: key.kind,
      recipient: key.recipient,
      event_id: key.eventId,
      state: 'sending',
      lease_until: lease,
    })
    // Either unique index, (order_id, kind) or (attention_id, kind), makes a second claim a no-op.
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  let claimId = claimed?.id;
  if (!claimId) {
    const takenOver = await db
      .updateTable('sent_emails')
      .set({ lease_until: lease, event_id: key.eventId })
      .where(subject.column, '=', subject.id)
      .where('kind', '=', key.kind)
      .where('state', '=', 'sending')
      .where('lease_until', '<', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    if (!takenOver) {
      const row = await db.selectFrom('sent_emails').select('state').where(subject.column, '=', subject.id).where('kind', '=', key.kind).executeTakeFirst();
      if (row?.state === 'sent') return 'already-sent';
      throw new EmailInFlightError(`${key.kind} for ${subject.id} is being sent by another delivery`);
    }
    claimId = takenOver.id;
  }
  const id = claimId;
  const renewal = setInterval(() => {
    void db.updateTable('sent_emails').set({ lease_until: lease }).where('id', '=', id).where('state', '=', 'sending').execute().catch(() => undefined);
  }, Math.max(200, Math.floor(leaseMs / 3)));
  let info: { messageId?: string };
  try {
    info = await send();
  } catch (error) {
    // Not sent: give the claim up so the retry (or another delivery) sends it.
    await db.deleteFrom('sent_emails').where('id', '=', id).where('state', '=', 'sending').execute().catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renewal);
  }
  await markSent(db, id, info.messageId ?? null);
  return 'sent';
}

async function markSent(db: Db, id: string, messageId: string | null): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.updateTable('sent_emails').set({ state: 'sent', message_id: messageId, lease_until: null, sent_at: sql`now()` }).where('id', '=', id).execute();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}
