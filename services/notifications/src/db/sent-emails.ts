import type { Db } from '@pickles/db';

export type EmailKind = 'order-confirmation' | 'owner-alert' | 'owner-attention';

/** What an e-mail is about: an order (its confirmation and alert), or a payment attention item. */
export type EmailSubject = { orderId: string } | { attentionId: string };

/**
 * Sends an e-mail at most once per (order or attention item, kind). The row is claimed inside a transaction that
 * stays open while the message goes out: a second delivery of the event waits on the claim and
 * then finds it committed; a failed send rolls the claim back so a retry sends again. The only
 * window for a duplicate is a crash after the SMTP server accepted the message and before the
 * commit; the deterministic Message-ID lets mail systems fold such a duplicate.
 */
export async function sendOnce(
  db: Db,
  key: EmailSubject & { kind: EmailKind; recipient: string; eventId: string },
  send: () => Promise<{ messageId?: string }>,
): Promise<'sent' | 'already-sent'> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('sent_emails')
      .values({
        order_id: 'orderId' in key ? key.orderId : null,
        attention_id: 'attentionId' in key ? key.attentionId : null,
        kind: key.kind,
        recipient: key.recipient,
        event_id: key.eventId,
      })
      // Either unique index, (order_id, kind) or (attention_id, kind), makes a second claim a no-op.
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'already-sent';
    const info = await send();
    await trx.updateTable('sent_emails').set({ message_id: info.messageId ?? null }).where('id', '=', claimed.id).execute();
    return 'sent';
  });
}
