import { insertRow, sql, type Database, type RawBuilder, type Transaction } from '@pickles/db';
import type { AttentionKind } from '@pickles/shared';

type Trx = Transaction<Database>;

/** A Razorpay payment as we record it (amounts in paise). */
export interface PaymentFacts {
  razorpayPaymentId: string;
  amountPaise: number;
  status: 'created' | 'failed' | 'authorized' | 'captured' | 'refunded';
  method?: string | null;
  errorCode?: string | null;
  errorDescription?: string | null;
}

/** How far a payment has got; a later snapshot never moves a payment back. */
const progress = (column: string) => sql<number>`array_position(array['created','failed','authorized','captured','refunded']::text[], ${sql.ref(column)})`;

/**
 * Upserts the payment seen for an order, keeping the furthest status any snapshot showed, as a part
 * of the settlement's statement (only when the CTE `gate`, if given, has a row). A snapshot that
 * changes nothing writes nothing.
 */
export function paymentRecord(orderId: string, payment: PaymentFacts, gate?: string): RawBuilder<unknown> {
  const row = {
    razorpay_payment_id: payment.razorpayPaymentId,
    order_id: orderId,
    status: payment.status,
    amount_paise: payment.amountPaise,
    method: payment.method ?? null,
    error_code: payment.errorCode ?? null,
    error_description: payment.errorDescription ?? null,
  } satisfies Partial<Record<keyof Database['payments'], unknown>>;
  const status = sql`case when ${progress('payments.status')} >= ${progress('excluded.status')} then payments.status else excluded.status end`;
  const method = sql`coalesce(excluded.method, payments.method)`;
  const errorCode = sql`coalesce(excluded.error_code, payments.error_code)`;
  const errorDescription = sql`coalesce(excluded.error_description, payments.error_description)`;
  return insertRow(
    'payments',
    row,
    gate,
    sql`on conflict (razorpay_payment_id) do update set status = ${status}, method = ${method}, error_code = ${errorCode}, error_description = ${errorDescription}, updated_at = now()
      where (payments.status, payments.method, payments.error_code, payments.error_description) is distinct from (${status}, ${method}, ${errorCode}, ${errorDescription})`,
  );
}

export interface RefundFacts {
  razorpayRefundId: string;
  razorpayPaymentId: string;
  orderId: string | null;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * Records a refund's state. Returns true when this call moved it to `status` (first time seen in
 * that state), so a redelivered refund.processed is applied to the order once only. A processed
 * or failed refund never goes back to pending.
 */
export async function recordRefund(trx: Trx, refund: RefundFacts): Promise<boolean> {
  const row = await trx
    .insertInto('refunds')
    .values({
      razorpay_refund_id: refund.razorpayRefundId,
      razorpay_payment_id: refund.razorpayPaymentId,
      order_id: refund.orderId,
      amount_paise: refund.amountPaise,
      status: refund.status,
    })
    .onConflict((conflict) =>
      refund.status === 'pending'
        ? conflict.column('razorpay_refund_id').doNothing()
        : conflict.column('razorpay_refund_id').doUpdateSet({ status: refund.status, updated_at: sql`now()` }).where('refunds.status', '=', 'pending'),
    )
    .returning('razorpay_refund_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface AttentionFacts {
  kind: AttentionKind;
  orderId: string | null;
  orderNumber: string | null;
  razorpayOrderId: string | null;
  razorpayPaymentId: string;
  amountPaise: number;
  expectedAmountPaise: number | null;
  detail: string | null;
}

/** Records money that landed where it should not; once per (payment, kind). Returns the new item's id. */
export async function recordAttention(trx: Trx, facts: AttentionFacts): Promise<string | undefined> {
  const row = await trx
    .insertInto('payment_attention')
    .values({
      kind: facts.kind,
      order_id: facts.orderId,
      order_number: facts.orderNumber,
      razorpay_order_id: facts.razorpayOrderId,
      razorpay_payment_id: facts.razorpayPaymentId,
      amount_paise: facts.amountPaise,
      expected_amount_paise: facts.expectedAmountPaise,
      detail: facts.detail?.slice(0, 500) ?? null,
    })
    .onConflict((conflict) => conflict.columns(['razorpay_payment_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
