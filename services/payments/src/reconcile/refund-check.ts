import type { Logger } from 'pino';
import { sql, type Db } from '@pickles/db';
import type { PaymentObservation } from '@pickles/shared';
import { runEvery } from '@pickles/service-kit';
import { RazorpayError, type RazorpayClient } from '@pickles/razorpay-client';
import { settlePaymentInTransaction } from '../domain/settle-payment.js';
import { REFUND_ORDER_FACTS, REFUND_ORDER_JOINS } from '../db/refund-requests.js';

export interface RefundCheckResult {
  checked: number;
  processed: number;
  failed: number;
  /** Razorpay still says pending: looked at again later. */
  pending: number;
  errors: number;
}

export interface RefundCheckOptions {
  /** A pending refund is first asked about this long after it was recorded. */
  olderThanSeconds: number;
  batchSize?: number;
}

type RefundCheckDeps = { db: Db; razorpay: RazorpayClient; logger: Logger; relay: { nudge: () => void } };

/** The longest wait between two checks of one refund (a normal refund can take a week at the bank). */
export const MAX_CHECK_GAP_SECONDS = 6 * 3600;

interface DueRefund {
  razorpayRefundId: string;
  /** The refund's order, live or archived (null for a payment the shop cannot place). */
  orderId: string | null;
  orderNumber: string | null;
  razorpayPaymentId: string;
  /** Null when the refund's order is neither live nor archived (a payment the shop cannot place). */
  razorpayOrderId: string | null;
  /** The payment's amount (the order's when the payment row is missing): decides a full refund. */
  paymentAmountPaise: number;
}

/**
 * Claims pending refunds due for a check in one committed statement, touching `updated_at`, which
 * for a pending refund means "last asked Razorpay" (nothing else changes a pending row). A refund
 * is due `olderThanSeconds` after it was recorded, then again after as long as it has been pending
 * when last checked (so the waits double: 15 min, 30 min, 1 h ...) up to MAX_CHECK_GAP_SECONDS.
 * SKIP LOCKED keeps two replicas from asking about the same refund at once.
 */
async function claimDueRefunds(db: Db, { olderThanSeconds, limit }: { olderThanSeconds: number; limit: number }): Promise<DueRefund[]> {
  const { rows } = await sql<{
    razorpay_refund_id: string;
    razorpay_payment_id: string;
    order_id: string | null;
    order_number: string | null;
    razorpay_order_id: string | null;
    payment_amount_paise: number | null;
    amount_paise: number;
  }>`
    with due as (
      select razorpay_refund_id from refunds
      where status = 'pending'
        and created_at <= now() - make_interval(secs => ${olderThanSeconds})
        and updated_at <= now() - least(make_interval(secs => ${MAX_CHECK_GAP_SECONDS}), greatest(make_interval(secs => ${olderThanSeconds}), updated_at - created_at))
      order by updated_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update refunds r set updated_at = now()
      from due
      where r.razorpay_refund_id = due.razorpay_refund_id
      returning r.razorpay_refund_id, r.razorpay_payment_id, r.order_id, r.amount_paise
    )
    select c.razorpay_refund_id, c.razorpay_payment_id, c.order_id, c.amount_paise, ${REFUND_ORDER_FACTS}
    from claimed c ${REFUND_ORDER_JOINS}
  `.execute(db);
  return rows.map((row) => ({
    razorpayRefundId: row.razorpay_refund_id,
    razorpayPaymentId: row.razorpay_payment_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    razorpayOrderId: row.razorpay_order_id,
    paymentAmountPaise: row.payment_amount_paise ?? row.amount_paise,
  }));
}

/**
 * Asks Razorpay about refunds still pending long after they were made, for when its
 * refund.processed / refund.failed webhook was lost, and records what it says through the settle
 * use case exactly as that webhook would: the refund row, the order's refunded total and payment
 * status, the refund-completed event, or the failed-refund attention item, each once (a webhook
 * arriving later finds the refund no longer pending and changes nothing). No transaction is open
 * during a Razorpay call.
 */
export async function checkRefundsOnce({ db, razorpay, logger, relay }: RefundCheckDeps, options: RefundCheckOptions): Promise<RefundCheckResult> {
  const result: RefundCheckResult = { checked: 0, processed: 0, failed: 0, pending: 0, errors: 0 };
  const due = await claimDueRefunds(db, { olderThanSeconds: options.olderThanSeconds, limit: options.batchSize ?? 50 });
  let wroteEvents = false;
  for (const candidate of due) {
    result.checked++;
    try {
      const refund = await razorpay.fetchRefund(candidate.razorpayRefundId);
      const { status } = refund;
      if (status !== 'processed' && status !== 'failed') {
        result.pending++;
        continue;
      }
      const ids = { paymentId: candidate.razorpayPaymentId, refundId: refund.id, refundPaise: refund.amount };
      const observation: PaymentObservation =
        status === 'processed'
          ? // Razorpay's figure on the payment would count refunds still pending there: the order's own
            // sum of processed refunds decides a full refund, as for the submitter's answer.
            { kind: 'refund-processed', ...ids, paymentAmountPaise: candidate.paymentAmountPaise }
          : { kind: 'refund-failed', ...ids };
      const outcome = await db.transaction().execute((trx) =>
        settlePaymentInTransaction(trx, {
          razorpayOrderId: candidate.razorpayOrderId,
          observation,
          refund: {
            razorpayRefundId: refund.id,
            razorpayPaymentId: candidate.razorpayPaymentId,
            amountPaise: refund.amount,
            status,
            refundRequestId: refund.notes?.refund_request_id,
          },
          source: 'reconciler',
        }),
      );
      result[status]++;
      wroteEvents ||= outcome.wroteEvents;
      logger.info(
        { razorpayRefundId: refund.id, orderId: candidate.orderId, orderNumber: candidate.orderNumber, status, changed: outcome.changed },
        `refund check: Razorpay reports the refund ${status}`,
      );
    } catch (error) {
      result.errors++;
      logger.warn(
        { razorpayRefundId: candidate.razorpayRefundId, orderId: candidate.orderId, orderNumber: candidate.orderNumber, kind: error instanceof RazorpayError ? error.kind : 'unknown', err: error },
        'refund check: could not check the refund; will look again later',
      );
    }
  }
  if (wroteEvents) relay.nudge();
  return result;
}

export function startRefundCheck(deps: RefundCheckDeps, { intervalSeconds, ...options }: RefundCheckOptions & { intervalSeconds: number }): { stop: () => Promise<void> } {
  return runEvery(
    intervalSeconds * 1000,
    async () => {
      const result = await checkRefundsOnce(deps, options);
      if (result.checked) deps.logger.info(result, 'refund check pass');
    },
    (error) => deps.logger.warn({ err: error }, 'refund check pass failed'),
  );
}
