import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import { findTransition } from '@pickles/shared';
import { runEvery } from '@pickles/service-kit';
import { RazorpayError, type RazorpayClient, type RazorpayPayment } from '@pickles/razorpay-client';
import { claimOrdersToExpire, claimOrdersToReconcile, findOrderByRazorpayOrderId, scheduleNextReconcile, type PaymentOrder } from '../db/orders.js';
import { expireUnpaidOrder } from '../domain/expire-order.js';
import { settlePayment } from '../domain/settle-payment.js';
import { paymentFacts } from '../domain/razorpay-facts.js';
import { reconcilerOutcomes } from '../metrics.js';

export interface ReconcileResult {
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  attention: number;
  errors: number;
}

export interface ReconcileOptions {
  /** Orders are checked once they are this old. */
  olderThanSeconds: number;
  /**
   * An order with no captured or authorised payment this long after creation is expired, by the
   * expiry job (expireUnpaidOnce); the reconciler checks only younger ones.
   */
  expireAfterSeconds: number;
  batchSize?: number;
}

type ReconcileDeps = { db: Db; razorpay: RazorpayClient; logger: Logger; relay: { nudge: () => void } };

const isSettled = (payment: RazorpayPayment) => payment.status === 'captured' || payment.status === 'refunded';

/**
 * Asks Razorpay about orders still awaiting payment and settles what it says through the same use
 * case as verify and the webhook: a captured payment pays the order (or raises an attention item);
 * an authorised one that Razorpay has not captured is captured only while the order still awaits
 * payment (never for an order the owner or expiry closed); all-failed marks it failed. Orders past
 * the late-authorisation window are the expiry job's (expireUnpaidOnce), and recoveries of real
 * payments are claimed first (claimOrdersToReconcile), so orders nobody pays never crowd them out.
 * No database transaction is open during a Razorpay call.
 */
export async function reconcileOnce({ db, razorpay, logger, relay }: ReconcileDeps, options: ReconcileOptions): Promise<ReconcileResult> {
  // Claim a batch (and push its next check into the future) so replicas do not ask twice.
  const due = await db.transaction().execute(async (trx) => {
    const orders = await claimOrdersToReconcile(trx, options.olderThanSeconds, options.batchSize ?? 25, options.expireAfterSeconds);
    for (const order of orders) await scheduleNextReconcile(trx, order.id);
    return orders;
  });
  return checkEach({ db, razorpay, logger, relay }, due, async (candidate, result) => {
    if (!candidate.razorpayOrderId) {
      // Razorpay never made an order for it (create-order failed after storing it): it cannot be paid.
      if (await expireUnpaidOrder(db, candidate.id, 'expired: no payment was ever started')) result.expired++;
      return;
    }
    const seen = await lookAtRazorpay({ db, razorpay }, candidate.razorpayOrderId, result);
    if (!seen.captured && candidate.paymentLinkId) await lookAtPaymentLink({ db, razorpay }, candidate.razorpayOrderId, candidate.paymentLinkId, result);
  });
}

/**
 * The expiry job: orders still awaiting payment UNPAID_ORDER_EXPIRY_HOURS after they were placed get
 * a last look at Razorpay (a capture is settled as the reconciler would; an authorised payment keeps
 * the order open for Razorpay's capture), and are closed when nothing was captured or authorised.
 * Its own job and its own claim, so however many such orders there are they never take the
 * reconciler's turn.
 */
export async function expireUnpaidOnce({ db, razorpay, logger, relay }: ReconcileDeps, options: Pick<ReconcileOptions, 'expireAfterSeconds' | 'batchSize'>): Promise<ReconcileResult> {
  const due = await db.transaction().execute(async (trx) => {
    const orders = await claimOrdersToExpire(trx, options.expireAfterSeconds, options.batchSize ?? 25);
    for (const order of orders) await scheduleNextReconcile(trx, order.id);
    return orders;
  });
  const hours = Math.round(options.expireAfterSeconds / 3600);
  return checkEach({ db, razorpay, logger, relay }, due, async (candidate, result) => {
    if (!candidate.razorpayOrderId) {
      if (await expireUnpaidOrder(db, candidate.id, 'expired: no payment was ever started')) result.expired++;
      return;
    }
    const own = await lookAtRazorpay({ db, razorpay }, candidate.razorpayOrderId, result);
    const link = !own.captured && candidate.paymentLinkId ? await lookAtPaymentLink({ db, razorpay }, candidate.razorpayOrderId, candidate.paymentLinkId, result) : NOTHING_SEEN;
    const seen = { captured: own.captured || link.captured, authorised: own.authorised || link.authorised };
    if (!seen.captured && !seen.authorised && (await expireUnpaidOrder(db, candidate.id, `expired: unpaid ${hours} hours after it was placed`))) result.expired++;
  });
}

/** Runs `check` for each claimed order, counting outcomes and logging each change; one order's error never stops the rest. */
async function checkEach(
  { relay, logger }: ReconcileDeps,
  due: readonly PaymentOrder[],
  check: (candidate: PaymentOrder, result: ReconcileResult) => Promise<void>,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, paid: 0, failed: 0, expired: 0, attention: 0, errors: 0 };
  for (const candidate of due) {
    result.checked++;
    const before = { ...result };
    try {
      await check(candidate, result);
    } catch (error) {
      result.errors++;
      logger.warn({ orderId: candidate.id, orderNumber: candidate.orderNumber, kind: error instanceof RazorpayError ? error.kind : 'unknown', err: error }, 'reconcile: order check failed');
    }
    const changes = RESULT_OUTCOMES.filter((outcome) => outcome !== 'errors' && result[outcome] > before[outcome]);
    if (changes.length) logger.info({ orderId: candidate.id, orderNumber: candidate.orderNumber, outcome: changes.join(',') }, 'reconcile: order settled');
  }
  if (result.paid || result.attention) relay.nudge();
  countReconcileOutcomes(result);
  return result;
}

/** The per-order counts of a pass, as pickles_reconciler_outcomes_total's outcome labels. */
const RESULT_OUTCOMES = ['paid', 'failed', 'expired', 'attention', 'errors'] as const;
const OUTCOME_LABEL: Record<(typeof RESULT_OUTCOMES)[number], string> = { paid: 'paid', failed: 'failed', expired: 'expired', attention: 'attention', errors: 'error' };

/** Counts a pass's orders by outcome; an order Razorpay had nothing new about is `unchanged`. */
function countReconcileOutcomes(result: ReconcileResult): void {
  let changed = 0;
  for (const outcome of RESULT_OUTCOMES) {
    if (result[outcome]) reconcilerOutcomes.inc({ outcome: OUTCOME_LABEL[outcome] }, result[outcome]);
    changed += result[outcome];
  }
  // An order can both fail and expire in one check: unchanged never goes below zero.
  const unchanged = Math.max(0, result.checked - changed);
  if (unchanged) reconcilerOutcomes.inc({ outcome: 'unchanged' }, unchanged);
}

/**
 * What Razorpay knows of an order's payments, settled: captured payments pay it (or raise
 * attention), an authorised one is captured while the order still awaits payment, all-failed marks
 * it failed. Says whether anything was captured or is still authorised.
 */
async function lookAtRazorpay(
  { db, razorpay }: Pick<ReconcileDeps, 'db' | 'razorpay'>,
  razorpayOrderId: string,
  result: ReconcileResult,
): Promise<{ captured: boolean; authorised: boolean }> {
  let payments = await razorpay.fetchOrderPayments(razorpayOrderId);
  const authorised = payments.find((payment) => payment.status === 'authorized');
  if (authorised && !payments.some(isSettled)) {
    // Orders ask for automatic capture, so this is rare; capture only while the order still awaits
    // payment, checked now (only payment observations move an awaiting order, and only to paid or failed).
    const current = await findOrderByRazorpayOrderId(db, razorpayOrderId);
    if (current && findTransition(current, 'paid', 'reconciler') && authorised.amount === current.amountPaise) {
      await razorpay.capturePayment(authorised.id, current.amountPaise);
      payments = await razorpay.fetchOrderPayments(razorpayOrderId);
    }
  }
  if (await settleCaptures(db, razorpayOrderId, payments, result)) return { captured: true, authorised: false };
  const lastFailure = payments.filter((payment) => payment.status === 'failed').at(-1);
  if (lastFailure && payments.every((payment) => payment.status === 'failed')) {
    const outcome = await settlePayment(db, {
      razorpayOrderId,
      observation: { kind: 'failed', paymentId: lastFailure.id, reason: lastFailure.error_description ?? 'Payment failed' },
      payment: paymentFacts(lastFailure),
      source: 'reconciler',
    });
    if (outcome.changed) result.failed++;
  }
  return { captured: false, authorised: payments.some((payment) => payment.status === 'authorized') };
}

const NOTHING_SEEN = { captured: false, authorised: false } as const;

/** Settles each captured payment on the shop's order (its Razorpay order id); says whether there was one. */
async function settleCaptures(db: Db, razorpayOrderId: string, payments: readonly RazorpayPayment[], result: ReconcileResult, closedPaymentLink = false): Promise<boolean> {
  const captured = payments.filter(isSettled);
  for (const payment of captured) {
    const outcome = await settlePayment(db, {
      razorpayOrderId,
      observation: { kind: 'captured', paymentId: payment.id, amountPaise: payment.amount, ...(closedPaymentLink ? { closedPaymentLink: true as const } : {}) },
      payment: paymentFacts(payment),
      source: 'reconciler',
    });
    if (outcome.confirmed) result.paid++;
    if (outcome.wroteEvents && outcome.attention) result.attention++;
  }
  return captured.length > 0;
}

/**
 * The payments on the owner's payment link for an order (decision 032). They are on the link's own
 * Razorpay order, made when the shopper starts paying, so the order's own shows none: a capture there
 * with both its webhooks lost would otherwise never reach the order. Each is settled on the shop's
 * order as the webhook would; a capture on a link that expired or was cancelled is money for the
 * owner to look at (the lifecycle's capture-on-closed-payment-link), never a confirmation.
 */
async function lookAtPaymentLink(
  { db, razorpay }: Pick<ReconcileDeps, 'db' | 'razorpay'>,
  razorpayOrderId: string,
  paymentLinkId: string,
  result: ReconcileResult,
): Promise<{ captured: boolean; authorised: boolean }> {
  const link = await razorpay.fetchPaymentLink(paymentLinkId);
  if (!link.order_id) return NOTHING_SEEN;
  const payments = await razorpay.fetchOrderPayments(link.order_id);
  const closed = link.status === 'expired' || link.status === 'cancelled';
  const captured = await settleCaptures(db, razorpayOrderId, payments, result, closed);
  return { captured, authorised: payments.some((payment) => payment.status === 'authorized') };
}

/** A job's loop: one pass every `intervalSeconds`, its result logged when it checked anything. */
function startPasses(deps: ReconcileDeps, intervalSeconds: number, name: string, pass: () => Promise<{ checked: number }>): { stop: () => Promise<void> } {
  return runEvery(
    intervalSeconds * 1000,
    async () => {
      const result = await pass();
      if (result.checked) deps.logger.info(result, `${name} pass`);
    },
    (error) => {
      reconcilerOutcomes.inc({ outcome: 'pass_failed' });
      deps.logger.warn({ err: error }, `${name} pass failed`);
    },
  );
}

export function startReconciler(deps: ReconcileDeps, { intervalSeconds, ...options }: ReconcileOptions & { intervalSeconds: number }): { stop: () => Promise<void> } {
  return startPasses(deps, intervalSeconds, 'reconcile', () => reconcileOnce(deps, options));
}

/** The expiry job's loop, beside the reconciler's: its own turn every `intervalSeconds`. */
export function startExpiry(deps: ReconcileDeps, { intervalSeconds, ...options }: Pick<ReconcileOptions, 'expireAfterSeconds' | 'batchSize'> & { intervalSeconds: number }): { stop: () => Promise<void> } {
  return startPasses(deps, intervalSeconds, 'expiry', () => expireUnpaidOnce(deps, options));
}
