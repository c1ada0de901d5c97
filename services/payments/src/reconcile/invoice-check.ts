import type { Logger } from 'pino';
import { sql, writeOutboxEvent, type Db } from '@pickles/db';
import { ATTENTION_TEXT, PAYMENT_ATTENTION_RAISED, PAYMENT_ATTENTION_RAISED_VERSION, type PaymentAttentionRaisedV1 } from '@pickles/shared';
import { runEvery } from '@pickles/service-kit';
import { recordAttention } from '../db/payment-records.js';

/**
 * Paid orders whose goods may go out (paid, delivered or completed, money paid or refunded) without a
 * GST tax invoice, oldest first, among those paid since the shop issued its first invoice (older ones
 * were paid before invoicing began, and demo data never had invoices). Every path that makes an order
 * paid issues its invoice in the same transaction (settle-payment, the short-stock confirmation, the
 * owner's take-back), so this finds only what slipped past them: a path added later that forgot.
 * An order whose capture found no jars is not confirmed and has its own attention item, until it is
 * dispatched anyway.
 */
export async function findPaidOrdersWithoutInvoice(db: Db, limit: number) {
  const { rows } = await sql<{ id: string; order_number: string; razorpay_order_id: string | null; razorpay_payment_id: string; amount_paise: number }>`
    select o.id, o.order_number, o.razorpay_order_id, o.razorpay_payment_id, o.amount_paise
    from orders o
    where o.status in ('paid', 'delivered', 'completed') and o.payment_status in ('paid', 'refunded') and o.razorpay_payment_id is not null
      and not exists (select 1 from tax_documents t where t.order_id = o.id and t.kind = 'invoice')
      -- Paid before this shop's first invoice: paid before invoicing began (nothing is back-filled).
      and o.paid_at >= (select min(t.issued_at) from tax_documents t where t.kind = 'invoice')
      and (o.stock_state is distinct from 'short' or exists (select 1 from order_dispatches d where d.order_id = o.id))
      and not exists (select 1 from payment_attention a where a.razorpay_payment_id = o.razorpay_payment_id and a.kind = 'paid-without-invoice')
    order by o.created_at
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * The daily check: each paid order without an invoice becomes a `paid-without-invoice` attention
 * item (once per order: unique per payment and kind) and e-mails the owner once. Returns how many
 * items were new.
 */
export async function checkInvoicesOnce(db: Db, limit = 500): Promise<number> {
  let raised = 0;
  for (const order of await findPaidOrdersWithoutInvoice(db, limit)) {
    const isNew = await db.transaction().execute(async (trx) => {
      const attentionId = await recordAttention(trx, {
        kind: 'paid-without-invoice',
        orderId: order.id,
        orderNumber: order.order_number,
        razorpayOrderId: order.razorpay_order_id,
        razorpayPaymentId: order.razorpay_payment_id,
        amountPaise: order.amount_paise,
        expectedAmountPaise: null,
        detail: `${ATTENTION_TEXT['paid-without-invoice']} (reported by the daily invoice check)`,
      });
      if (!attentionId) return false;
      await writeOutboxEvent(trx, PAYMENT_ATTENTION_RAISED, PAYMENT_ATTENTION_RAISED_VERSION, {
        attentionId,
        kind: 'paid-without-invoice',
        orderId: order.id,
        razorpayPaymentId: order.razorpay_payment_id,
        amountPaise: order.amount_paise,
      } satisfies PaymentAttentionRaisedV1);
      return true;
    });
    if (isNew) raised++;
  }
  return raised;
}

/**
 * Runs the check every `intervalMinutes` (INVOICE_CHECK_INTERVAL_MINUTES, an hour: at least daily
 * however often the shop restarts) on every replica; an item is raised once whichever finds it.
 */
export function startInvoiceCheck(deps: { db: Db; logger: Logger; relay: { nudge: () => void } }, { intervalMinutes }: { intervalMinutes: number }): { stop: () => Promise<void> } {
  return runEvery(
    intervalMinutes * 60_000,
    async () => {
      const raised = await checkInvoicesOnce(deps.db);
      if (raised) {
        deps.logger.warn({ raised }, 'invoice check: paid orders without a tax invoice');
        deps.relay.nudge();
      }
    },
    (error) => deps.logger.warn({ err: error }, 'invoice check failed; will retry'),
  );
}
