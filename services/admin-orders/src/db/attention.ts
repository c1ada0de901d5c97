import { sql, type Db } from '@pickles/db';
import { ATTENTION_TEXT, paiseToRupees, type AttentionKind, type PaymentAttentionItem } from '@pickles/shared';

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

/** Marks an item resolved; false when there is no such open item. */
export async function resolveAttention(db: Db, id: string, resolvedBy: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_attention')
    .set({ resolved_at: sql`now()`, resolved_by: resolvedBy })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
