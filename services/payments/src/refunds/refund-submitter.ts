import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import type { PaymentObservation } from '@pickles/shared';
import { runEvery } from '@pickles/service-kit';
import { RazorpayError, type RazorpayClient, type RazorpayRefund } from '@pickles/razorpay-client';
import { claimDueRefundRequests, markRefundRefused, scheduleRefundRetry, type ClaimedRefundRequest } from '../db/refund-requests.js';
import { settlePaymentInTransaction } from '../domain/settle-payment.js';
import type { RefundFacts } from '../db/payment-records.js';

export interface RefundSubmitResult {
  claimed: number;
  submitted: number;
  refused: number;
  /** No answer, a 5xx, or the answer could not be recorded: tried again after a backoff. */
  retrying: number;
}

export interface RefundSubmitOptions {
  /** How long a claimed request is left to this submitter before another may take it. */
  leaseSeconds?: number;
  batchSize?: number;
}

type SubmitterDeps = { db: Db; razorpay: RazorpayClient; logger: Logger; relay: { nudge: () => void } };

/**
 * Razorpay refused the refund itself (4xx: more than is left to refund, payment not captured,
 * unknown payment). Authentication failures are the shop's configuration, not the refund: retried.
 */
const isRefusal = (error: unknown): error is RazorpayError => error instanceof RazorpayError && (error.kind === 'invalid_request' || error.kind === 'not_found');

/**
 * Submits the owner's refund requests to Razorpay (decision 010). Each due request is claimed with
 * a short lease in its own committed statement; Razorpay is called with no transaction open and the
 * request's id as X-Refund-Idempotency; the answer is recorded in one transaction through the settle
 * use case (refund row, request submitted, refund-started event, and if Razorpay already processed
 * it the order's refunded total and refund-completed). A crash anywhere before that commit leaves
 * the request `requested`: its retry sends the same key and gets the same refund.
 */
export async function submitRefundsOnce(deps: SubmitterDeps, options: RefundSubmitOptions = {}): Promise<RefundSubmitResult> {
  const result: RefundSubmitResult = { claimed: 0, submitted: 0, refused: 0, retrying: 0 };
  const due = await claimDueRefundRequests(deps.db, { leaseSeconds: options.leaseSeconds ?? 30, limit: options.batchSize ?? 10 });
  result.claimed = due.length;
  let wroteEvents = false;
  for (const request of due) {
    try {
      const outcome = await submitRefundRequest(deps, request);
      result[outcome.result]++;
      wroteEvents ||= outcome.wroteEvents;
    } catch (error) {
      // The answer could not be recorded (the database failed): Razorpay has it under the same key.
      result.retrying++;
      deps.logger.warn({ refundRequestId: request.id, orderId: request.orderId, orderNumber: request.orderNumber, err: error }, 'refund: recording the answer failed; will retry');
      await scheduleRefundRetry(deps.db, request.id).catch(() => {});
    }
  }
  if (wroteEvents) deps.relay.nudge();
  return result;
}

async function submitRefundRequest(
  { db, razorpay, logger }: SubmitterDeps,
  request: ClaimedRefundRequest,
): Promise<{ result: 'submitted' | 'refused' | 'retrying'; wroteEvents: boolean }> {
  const log = logger.child({ refundRequestId: request.id, orderId: request.orderId, orderNumber: request.orderNumber, attempt: request.attempts });
  let refund: RazorpayRefund;
  try {
    // Same key and same body on every attempt (Razorpay compares them): nothing here may vary.
    const notes: Record<string, string> = { refund_request_id: request.id };
    if (request.orderNumber) notes.order_number = request.orderNumber;
    refund = await razorpay.refundPayment(request.razorpayPaymentId, { amountPaise: request.amountPaise, idempotencyKey: request.id, notes });
  } catch (error) {
    if (isRefusal(error)) {
      await markRefundRefused(db, request.id, error.message);
      log.info({ code: error.code, reason: error.reason }, `refund refused by Razorpay: ${error.message}`);
      return { result: 'refused', wroteEvents: false };
    }
    await scheduleRefundRetry(db, request.id);
    log.warn({ kind: error instanceof RazorpayError ? error.kind : 'unknown', err: error }, 'refund: no answer from Razorpay; will retry');
    return { result: 'retrying', wroteEvents: false };
  }

  const status: RefundFacts['status'] = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
  const ids = { paymentId: request.razorpayPaymentId, refundId: refund.id, refundPaise: refund.amount };
  const observation: PaymentObservation =
    status === 'processed'
      ? // Razorpay's refund answer does not carry the payment: the order's own refunded sum decides a full refund.
        { kind: 'refund-processed', ...ids, paymentAmountPaise: request.paymentAmountPaise }
      : status === 'failed'
        ? { kind: 'refund-failed', ...ids }
        : { kind: 'refund-created', ...ids };
  const outcome = await db.transaction().execute((trx) =>
    settlePaymentInTransaction(trx, {
      razorpayOrderId: request.razorpayOrderId,
      observation,
      refund: { razorpayRefundId: refund.id, razorpayPaymentId: request.razorpayPaymentId, amountPaise: refund.amount, status, refundRequestId: request.id },
      source: 'reconciler',
      changedBy: 'system:refunds',
    }),
  );
  log.info({ razorpayRefundId: refund.id, status }, 'refund submitted');
  return { result: 'submitted', wroteEvents: outcome.wroteEvents };
}

export function startRefundSubmitter(deps: SubmitterDeps, { intervalMs, ...options }: RefundSubmitOptions & { intervalMs: number }): { stop: () => Promise<void> } {
  return runEvery(
    intervalMs,
    async () => {
      const result = await submitRefundsOnce(deps, options);
      if (result.claimed) deps.logger.info(result, 'refund submit pass');
    },
    (error) => deps.logger.warn({ err: error }, 'refund submit pass failed'),
  );
}
