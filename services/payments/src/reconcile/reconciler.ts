import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import { RazorpayError, type RazorpayClient, type RazorpayPayment } from '@pickles/razorpay-client';
import { claimOrdersToReconcile, lockOrderByRazorpayOrderId, scheduleNextReconcile } from '../db/orders.js';
import { markOrderFailed, markOrderPaid } from '../db/payment-state.js';

export interface ReconcileResult {
  checked: number;
  paid: number;
  failed: number;
  errors: number;
}

/**
 * Asks Razorpay about orders still unpaid some time after creation and settles them: a captured
 * payment marks the order paid (the shopper closed the tab, or the verify call and the webhooks
 * were lost); an authorised but uncaptured one is captured first; only failures mark it failed.
 * This is what makes "Razorpay captured it" always end as "paid" here.
 */
export async function reconcileOnce(
  { db, razorpay, logger, relay }: { db: Db; razorpay: RazorpayClient; logger: Logger; relay: { nudge: () => void } },
  { olderThanSeconds, batchSize = 25 }: { olderThanSeconds: number; batchSize?: number },
): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, paid: 0, failed: 0, errors: 0 };
  // Claim a batch (and push its next check into the future) so replicas do not ask twice.
  const due = await db.transaction().execute(async (trx) => {
    const orders = await claimOrdersToReconcile(trx, olderThanSeconds, batchSize);
    for (const order of orders) await scheduleNextReconcile(trx, order.id);
    return orders;
  });
  for (const candidate of due) {
    result.checked++;
    let payments: RazorpayPayment[];
    try {
      payments = await razorpay.fetchOrderPayments(candidate.razorpayOrderId);
      const authorised = payments.find((payment) => payment.status === 'authorized');
      if (!payments.some((payment) => payment.status === 'captured') && authorised) {
        await razorpay.capturePayment(authorised.id, candidate.amountPaise);
        payments = await razorpay.fetchOrderPayments(candidate.razorpayOrderId);
      }
    } catch (error) {
      result.errors++;
      logger.warn({ orderId: candidate.id, kind: error instanceof RazorpayError ? error.kind : 'unknown' }, 'reconcile: razorpay call failed');
      continue;
    }
    const captured = payments.find((payment) => payment.status === 'captured' || payment.status === 'refunded');
    const outcome = await db.transaction().execute(async (trx) => {
      const order = await lockOrderByRazorpayOrderId(trx, candidate.razorpayOrderId);
      if (!order) return 'gone';
      if (captured && captured.amount === order.amountPaise) {
        const { changed } = await markOrderPaid(
          trx,
          order,
          { razorpayPaymentId: captured.id, amountPaise: captured.amount, method: captured.method ?? null, status: 'captured' },
          'reconciler',
        );
        return changed ? 'paid' : 'unchanged';
      }
      const lastFailure = payments.filter((payment) => payment.status === 'failed').at(-1);
      if (!captured && lastFailure && payments.every((payment) => payment.status === 'failed')) {
        const { changed } = await markOrderFailed(
          trx,
          order,
          {
            payment: { razorpayPaymentId: lastFailure.id, amountPaise: lastFailure.amount, status: 'failed', errorCode: lastFailure.error_code, errorDescription: lastFailure.error_description },
            reason: lastFailure.error_description ?? 'Payment failed',
          },
          'reconciler',
        );
        return changed ? 'failed' : 'unchanged';
      }
      return 'unchanged';
    });
    if (outcome === 'paid') {
      result.paid++;
      logger.info({ orderId: candidate.id }, 'reconcile: order settled as paid');
    } else if (outcome === 'failed') result.failed++;
  }
  if (result.paid) relay.nudge();
  return result;
}

export function startReconciler(
  deps: Parameters<typeof reconcileOnce>[0],
  { intervalSeconds, olderThanSeconds }: { intervalSeconds: number; olderThanSeconds: number },
): { stop: () => Promise<void> } {
  let stopped = false;
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = reconcileOnce(deps, { olderThanSeconds })
      .then((result) => {
        if (result.checked) deps.logger.info(result, 'reconcile pass');
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'reconcile pass failed'))
      .finally(() => {
        current = undefined;
      });
  }, intervalSeconds * 1000);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
