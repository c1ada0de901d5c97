import { releaseJars, sellJars, sql, writeOutboxEvent, type Database, type Db, type Transaction } from '@pickles/db';
import {
  ATTENTION_TEXT,
  AWAITING_PAYMENT_STATES,
  decidePaymentObservation,
  ORDER_SHOPPER_UPDATE,
  ORDER_SHOPPER_UPDATE_VERSION,
  PAYMENT_NEEDS_ATTENTION,
  PAYMENT_NEEDS_ATTENTION_VERSION,
  PAYMENT_VERIFIED,
  PAYMENT_VERIFIED_VERSION,
  type AttentionKind,
  type OrderLookup,
  type OrderShopperUpdateV1,
  type OrderState,
  type PaymentActor,
  type PaymentDecision,
  type PaymentNeedsAttentionV1,
  type PaymentObservation,
  type PaymentVerifiedV1,
} from '@pickles/shared';
import { findArchivedOrder, lockOrderByRazorpayOrderId, type PaymentOrder } from '../db/orders.js';
import { recordAttention, recordPayment, recordRefund, type PaymentFacts, type RefundFacts } from '../db/payment-records.js';
import { linkRefundRequest } from '../db/refund-requests.js';
import { issueCreditNote, issueInvoice, lockInvoiceSeries } from '../invoicing/tax-documents.js';

type Trx = Transaction<Database>;

/** One thing Razorpay told us, from verify, the browser's failure report, a webhook or the reconciler. */
export interface SettleRequest {
  razorpayOrderId: string | null;
  observation: PaymentObservation;
  /** The payment as Razorpay showed it, recorded against the order when the shop knows the order. */
  payment?: PaymentFacts;
  /**
   * For refund observations: the refund as Razorpay showed it, with the shop's refund request id
   * when known (the submitter's own, or `notes.refund_request_id` echoed back by Razorpay).
   */
  refund?: Omit<RefundFacts, 'orderId'> & { refundRequestId?: string };
  source: PaymentActor;
  /** Who the order's history names; `system:<source>` unless given. */
  changedBy?: string;
}

export interface SettleOutcome {
  found: OrderLookup['found'];
  /** The order after the change, when the shop knows it. */
  order?: Pick<PaymentOrder, 'id' | 'orderNumber' | 'amountPaise' | 'razorpayPaymentId'> & OrderState;
  changed: boolean;
  /** payment.verified was written: the shopper's confirmation goes out. */
  confirmed: boolean;
  attention?: AttentionKind;
  /** Something was written to the outbox: nudge the relay after the commit. */
  wroteEvents: boolean;
}

const VERIFIED_SOURCE: Record<PaymentActor, PaymentVerifiedV1['source']> = { shopper: 'verify', webhook: 'webhook', reconciler: 'reconciler' };

/** Settles a payment observation in its own transaction (see settlePaymentInTransaction). */
export function settlePayment(db: Db, request: SettleRequest): Promise<SettleOutcome> {
  return db.transaction().execute((trx) => settlePaymentInTransaction(trx, request));
}

/**
 * The one use case behind every payment path: locks the order, records the payment (or refund),
 * asks the order lifecycle what the observation means, applies it, and writes the outbox events,
 * all in the caller's transaction. Idempotent: the same observation twice changes nothing the
 * second time, in any order relative to the others.
 */
export async function settlePaymentInTransaction(trx: Trx, request: SettleRequest): Promise<SettleOutcome> {
  const { razorpayOrderId, observation } = request;
  const order = razorpayOrderId ? await lockOrderByRazorpayOrderId(trx, razorpayOrderId) : undefined;
  const archived = !order && razorpayOrderId ? await findArchivedOrder(trx, razorpayOrderId) : undefined;
  const lookup: OrderLookup = order ? { found: 'live', order } : archived ? { found: 'archived' } : { found: 'none' };
  const outcome: SettleOutcome = { found: lookup.found, order, changed: false, confirmed: false, wroteEvents: false };

  if (request.refund) {
    const { refundRequestId, ...refund } = request.refund;
    const firstTime = await recordRefund(trx, { ...refund, orderId: order?.id ?? archived?.orderId ?? null });
    // Whichever path sees the shop's refund first (the submitter's answer or a webhook) submits the
    // request and tells the shopper it started, once; the completion follows once, when processed.
    const link = await linkRefundRequest(trx, { ...refund, refundRequestId });
    if (order && link?.submittedNow) {
      await writeShopperUpdate(trx, order.id, 'refund-started', link.requestId, link.requestId);
      outcome.wroteEvents = true;
    }
    // A refund already applied (a redelivered refund.processed) changes nothing more.
    if (!firstTime) return outcome;
    if (order && refund.status === 'processed') {
      // A refund made in Razorpay's dashboard has no request: its own id keys the e-mail.
      await writeShopperUpdate(trx, order.id, 'refund-completed', link?.requestId ?? refund.razorpayRefundId, link?.requestId);
      outcome.wroteEvents = true;
    }
    // The refund reduces the invoiced supply: a credit note, numbered in this transaction (an
    // archived order's invoice is credited too).
    const orderId = order?.id ?? archived?.orderId;
    if (orderId && refund.status === 'processed') {
      await issueCreditNote(trx, { orderId, razorpayPaymentId: refund.razorpayPaymentId, razorpayRefundId: refund.razorpayRefundId, amountPaise: refund.amountPaise });
    }
  }
  if (order && request.payment) await recordPayment(trx, order.id, request.payment);

  const decided = decidePaymentObservation(lookup, observation, request.source);
  if (order && (decided.next || decided.refundPaise)) {
    outcome.order = await applyDecision(trx, order, decided, request);
    outcome.changed = true;
  }
  // Jars reserved at create-order are there by construction: they move at the very end, so the
  // product's stock row (which every payment of that product queues for) is held only for the last
  // statement and the commit. Released jars need checking first: their answer decides the confirmation.
  const sellsReservedLast = order?.stockState === 'reserved' && decided.confirm;
  const decision = order && !sellsReservedLast ? await moveJars(trx, order, decided) : decided;
  if (order && decision.confirm) {
    await confirmPaidOrder(trx, { ...order, razorpayOrderId: razorpayOrderId! }, (observation as { paymentId: string }).paymentId, VERIFIED_SOURCE[request.source]);
    outcome.confirmed = true;
    outcome.wroteEvents = true;
  }
  // The capture of an order left short, seen again (verify after the webhook, say): the shopper is
  // told the same as the first time, not that it is confirmed. Nothing more is raised.
  if (order?.stockState === 'short' && observation.kind === 'captured' && observation.paymentId === order.razorpayPaymentId) outcome.attention = 'capture-without-stock';
  if (decision.attention) {
    outcome.attention = decision.attention;
    outcome.wroteEvents = (await raiseAttention(trx, decision.attention, request, order, archived)) || outcome.wroteEvents;
  }
  if (order && decision.reconcileSoon) {
    await trx.updateTable('orders').set({ next_reconcile_at: sql`now()` }).where('id', '=', order.id).execute();
  }
  if (order && sellsReservedLast) await sellJars(trx, order.id);
  return outcome;
}

/**
 * Confirms a paid order: payment.verified (the shopper's confirmation and the owner's new-order
 * alert) and its GST tax invoice, numbered in this transaction so a rollback gives the number back.
 * A capture on a closed order, or one the batch could not supply, is not confirmed and gets none
 * (the shop does not supply it; the money goes back or the owner decides).
 */
export async function confirmPaidOrder(
  trx: Trx,
  order: { id: string; orderNumber: string; amountPaise: number; razorpayOrderId: string },
  razorpayPaymentId: string,
  source: PaymentVerifiedV1['source'],
): Promise<void> {
  await writeOutboxEvent(trx, PAYMENT_VERIFIED, PAYMENT_VERIFIED_VERSION, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    razorpayOrderId: order.razorpayOrderId,
    razorpayPaymentId,
    amountPaise: order.amountPaise,
    source,
  } satisfies PaymentVerifiedV1);
  await issueInvoice(trx, order.id);
}

/**
 * The batch stock follows the payment (decision 012), in this transaction: an order newly paid
 * sells its jars; one whose jars were released meanwhile (the hold ran out, a failure) takes them
 * back if the batch still has them, and otherwise is paid but not confirmed: the money is real, the
 * jars are not, and the owner decides (attention 'capture-without-stock'). A failed order's jars go
 * back to the batch.
 */
async function moveJars(trx: Trx, order: PaymentOrder, decision: PaymentDecision): Promise<PaymentDecision> {
  if (decision.next?.status === 'failed') await releaseJars(trx, order.id);
  if (!decision.confirm) return decision;
  // Jars given back are taken again under the batch's stock row lock: the invoice series first, the
  // order every confirmation takes the two in (tax-documents), or two confirmations deadlock.
  if (order.stockState === 'released' || order.stockState === 'short') await lockInvoiceSeries(trx);
  if ((await sellJars(trx, order.id)) !== 'short') return decision;
  return { ...decision, confirm: false, attention: 'capture-without-stock' };
}

export function isAwaitingPayment(state: OrderState): boolean {
  return AWAITING_PAYMENT_STATES.some((s) => s.status === state.status && s.paymentStatus === state.paymentStatus);
}

async function applyDecision(trx: Trx, order: PaymentOrder, decision: PaymentDecision, request: SettleRequest): Promise<SettleOutcome['order']> {
  const next: OrderState = decision.next ?? { status: order.status, paymentStatus: order.paymentStatus };
  const nowPaid = next.paymentStatus === 'paid' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded';
  const paymentId = nowPaid && 'paymentId' in request.observation ? request.observation.paymentId : undefined;
  await trx
    .updateTable('orders')
    .set({
      status: next.status,
      payment_status: next.paymentStatus,
      updated_at: sql`now()`,
      ...(paymentId
        ? {
            razorpay_payment_id: paymentId,
            paid_at: sql`now()`,
            failure_reason: null,
            // The payment id becomes searchable in the admin panel.
            search_text: `${order.searchText} \u001f ${paymentId.toLowerCase()}`,
          }
        : {}),
      ...(next.status === 'failed' && decision.reason ? { failure_reason: decision.reason.slice(0, 500) } : {}),
      ...(decision.refundPaise ? { refunded_paise: sql`refunded_paise + ${decision.refundPaise}` } : {}),
      ...(isAwaitingPayment(next) ? {} : { next_reconcile_at: null }),
    })
    .where('id', '=', order.id)
    .execute();
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      from_status: order.status,
      to_status: next.status,
      from_payment_status: order.paymentStatus,
      to_payment_status: next.paymentStatus,
      changed_by: request.changedBy ?? `system:${request.source}`,
      reason: decision.reason?.slice(0, 500) ?? null,
    })
    .execute();
  return { id: order.id, orderNumber: order.orderNumber, amountPaise: order.amountPaise, razorpayPaymentId: paymentId ?? order.razorpayPaymentId, ...next };
}

function writeShopperUpdate(trx: Trx, orderId: string, kind: 'refund-started' | 'refund-completed', dedupeKey: string, refundRequestId: string | undefined) {
  return writeOutboxEvent(trx, ORDER_SHOPPER_UPDATE, ORDER_SHOPPER_UPDATE_VERSION, {
    orderId,
    kind,
    dedupeKey,
    ...(refundRequestId ? { refundRequestId } : {}),
  } satisfies OrderShopperUpdateV1);
}

/** Records the attention item and, the first time, the event that e-mails the owner. */
async function raiseAttention(
  trx: Trx,
  kind: AttentionKind,
  request: SettleRequest,
  order: PaymentOrder | undefined,
  archived: { orderId: string; orderNumber: string; amountPaise: number } | undefined,
): Promise<boolean> {
  const { observation } = request;
  const paymentId = 'paymentId' in observation && observation.paymentId ? observation.paymentId : request.payment?.razorpayPaymentId;
  if (!paymentId) return false;
  const amountPaise =
    observation.kind === 'captured' || observation.kind === 'authorised' ? observation.amountPaise : observation.kind === 'refund-failed' ? observation.refundPaise : 0;
  const expectedAmountPaise = order?.amountPaise ?? archived?.amountPaise ?? null;
  const attentionId = await recordAttention(trx, {
    kind,
    orderId: order?.id ?? archived?.orderId ?? null,
    orderNumber: order?.orderNumber ?? archived?.orderNumber ?? null,
    razorpayOrderId: request.razorpayOrderId,
    razorpayPaymentId: paymentId,
    amountPaise,
    expectedAmountPaise: expectedAmountPaise === amountPaise ? null : expectedAmountPaise,
    detail: `${ATTENTION_TEXT[kind]} (reported by ${request.source}${order ? `; order was ${order.status} / ${order.paymentStatus}` : ''})`,
  });
  if (!attentionId) return false;
  await writeOutboxEvent(trx, PAYMENT_NEEDS_ATTENTION, PAYMENT_NEEDS_ATTENTION_VERSION, {
    attentionId,
    kind,
    orderId: order?.id ?? archived?.orderId ?? null,
    razorpayPaymentId: paymentId,
    amountPaise,
  } satisfies PaymentNeedsAttentionV1);
  return true;
}
