import type { Db } from '@pickles/db';

export interface AttentionForEmail {
  id: string;
  kind: string;
  orderNumber: string | null;
  razorpayOrderId: string | null;
  razorpayPaymentId: string;
  amountPaise: number;
  expectedAmountPaise: number | null;
  detail: string | null;
  createdAt: Date;
}

export async function loadAttentionForEmail(db: Db, attentionId: string): Promise<AttentionForEmail | undefined> {
  const row = await db.selectFrom('payment_attention').selectAll().where('id', '=', attentionId).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    orderNumber: row.order_number,
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    amountPaise: row.amount_paise,
    expectedAmountPaise: row.expected_amount_paise,
    detail: row.detail,
    createdAt: new Date(row.created_at),
  };
}
