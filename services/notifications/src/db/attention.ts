import type { Db, PaymentAttentionRow } from '@pickles/db';

/** The attention item as payments recorded it (the e-mail reads only what the row holds). */
export async function loadAttentionForEmail(db: Db, attentionId: string): Promise<PaymentAttentionRow | undefined> {
  return db.selectFrom('payment_attention').selectAll().where('id', '=', attentionId).executeTakeFirst();
}
