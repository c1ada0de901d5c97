import { sql, writeOutboxEvent, type Database, type Transaction } from '@pickles/db';
import { canMarkFailed, canMarkPaid, PAYMENT_VERIFIED, PAYMENT_VERIFIED_VERSION, type PaymentVerifiedV1 } from '@pickles/shared';
import type { PaymentOrder } from './orders.js';

type Trx = Transaction<Database>;

export type SettleSource = PaymentVerifiedV1['source'];

export interface PaymentFacts {
  razorpayPaymentId: string;
  amountPaise: number;
  method?: string | null;
  status: string;
  errorCode?: string | null;
  errorDescription?: string | null;
}

async function recordPayment(trx: Trx, orderId: string, payment: PaymentFacts): Promise<void> {
  await trx
    .insertInto('payments')
    .values({
      razorpay_payment_id: payment.razorpayPaymentId,
      order_id: orderId,
      status: payment.status,
      amount_paise: payment.amountPaise,
      method: payment.method ?? null,
      error_code: payment.errorCode ?? null,
      error_description: payment.errorDescription ?? null,
    })
    .onConflict((conflict) =>
      conflict.column('razorpay_payment_id').doUpdateSet((eb) => ({
        // A captured payment stays captured, whatever snapshot arrives later.
        status: sql<string>`case when payments.status in ('captured','refunded') then payments.status else ${eb.ref('excluded.status')} end`,
        method: eb.fn.coalesce(eb.ref('excluded.method'), eb.ref('payments.method')),
        error_code: eb.ref('excluded.error_code'),
        error_description: eb.ref('excluded.error_description'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/**
 * Marks a locked order paid and writes `payment.verified` to the outbox in the same transaction.
 * Idempotent: an order already paid changes nothing and emits nothing, so the browser's verify,
 * duplicated or reordered webhooks and the reconciler can all race safely. The caller holds the
 * order's row lock (lockOrderByRazorpayOrderId).
 */
export async function markOrderPaid(trx: Trx, order: PaymentOrder, payment: PaymentFacts, source: SettleSource): Promise<{ changed: boolean }> {
  await recordPayment(trx, order.id, { ...payment, status: 'captured' });
  if (!canMarkPaid(order)) return { changed: false };
  const nextStatus = order.status === 'created' || order.status === 'pending' || order.status === 'failed' ? 'paid' : order.status;
  await trx
    .updateTable('orders')
    .set({
      status: nextStatus,
      payment_status: 'paid',
      razorpay_payment_id: payment.razorpayPaymentId,
      paid_at: sql`now()`,
      updated_at: sql`now()`,
      failure_reason: null,
      next_reconcile_at: null,
      // The payment id becomes searchable in the admin panel.
      search_text: `${order.searchText} \u001f ${payment.razorpayPaymentId.toLowerCase()}`,
    })
    .where('id', '=', order.id)
    .execute();
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      from_status: order.status,
      to_status: nextStatus,
      from_payment_status: order.paymentStatus,
      to_payment_status: 'paid',
      changed_by: `system:${source}`,
      reason: order.paymentStatus === 'failed' ? 'payment captured after an earlier failure (late authorisation or retry)' : null,
    })
    .execute();
  await writeOutboxEvent(trx, PAYMENT_VERIFIED, PAYMENT_VERIFIED_VERSION, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    razorpayOrderId: order.razorpayOrderId,
    razorpayPaymentId: payment.razorpayPaymentId,
    amountPaise: payment.amountPaise,
    source,
  } satisfies PaymentVerifiedV1);
  return { changed: true };
}

/** Records a failed attempt; only a still-pending order moves to failed, never a paid one. */
export async function markOrderFailed(
  trx: Trx,
  order: PaymentOrder,
  failure: { payment?: PaymentFacts; reason: string },
  source: SettleSource | 'browser',
): Promise<{ changed: boolean }> {
  if (failure.payment) await recordPayment(trx, order.id, { ...failure.payment, status: 'failed' });
  if (!canMarkFailed(order)) return { changed: false };
  const nextStatus = order.status === 'created' || order.status === 'pending' ? 'failed' : order.status;
  await trx
    .updateTable('orders')
    .set({ status: nextStatus, payment_status: 'failed', failure_reason: failure.reason.slice(0, 500), updated_at: sql`now()` })
    .where('id', '=', order.id)
    .execute();
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      from_status: order.status,
      to_status: nextStatus,
      from_payment_status: order.paymentStatus,
      to_payment_status: 'failed',
      changed_by: `system:${source}`,
      reason: failure.reason.slice(0, 500),
    })
    .execute();
  return { changed: true };
}
