import { sql, type Database, type Db, type Transaction } from '@pickles/db';
import { ATTENTION_KINDS, ATTENTION_TEXT, paiseToRupees, type AttentionKind, type PaymentAttentionItem } from '@pickles/shared';

/** Open payment problems, newest first, as the panel shows them. */
export async function listOpenAttention(db: Db, limit = 50): Promise<PaymentAttentionItem[]> {
  const rows = await db.selectFrom('payment_attention').selectAll().where('resolved_at', 'is', null).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as AttentionKind,
    message: ATTENTION_TEXT[row.kind as AttentionKind] ?? row.detail ?? row.kind,
    ...(row.order_id ? { _id: row.order_id } : {}),
    ...(row.order_number ? { orderId: row.order_number } : {}),
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    amount: paiseToRupees(row.amount_paise),
    ...(row.expected_amount_paise !== null ? { expectedAmount: paiseToRupees(row.expected_amount_paise) } : {}),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Marks an item resolved and returns its order (ids null for a payment the shop cannot place); undefined when there is no such open item. */
export async function resolveAttention(db: Db, id: string, resolvedBy: string): Promise<{ orderId: string | null; orderNumber: string | null } | undefined> {
  const row = await db
    .updateTable('payment_attention')
    .set({ resolved_at: sql`now()`, resolved_by: resolvedBy })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .returning(['order_id', 'order_number'])
    .executeTakeFirst();
  return row && { orderId: row.order_id, orderNumber: row.order_number };
}

/**
 * Open attention items by kind, every kind present (0 when none), for the attention gauge. The
 * same rows the panel lists (open = not resolved), read through payment_attention_open_idx.
 */
export async function countOpenAttention(db: Db | Transaction<Database>): Promise<Record<AttentionKind, number>> {
  const rows = await db
    .selectFrom('payment_attention')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('open')])
    .where('resolved_at', 'is', null)
    .groupBy('kind')
    .execute();
  const counts = Object.fromEntries(ATTENTION_KINDS.map((kind) => [kind, 0])) as Record<AttentionKind, number>;
  for (const row of rows) counts[row.kind as AttentionKind] = Number(row.open);
  return counts;
}
