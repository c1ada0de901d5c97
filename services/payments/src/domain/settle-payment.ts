import { insertRow, outboxEvent, releaseJars, reservedJarsSale, sellJars, sql, statusHistoryRow, together, writeOutboxEvent, type Database, type Db, type RawBuilder, type StatementPart, type Transaction } from '@pickles/db';
import {
  ATTENTION_TEXT,
  AWAITING_PAYMENT_STATES,
  decidePaymentObservation,
  ORDER_CHANGED,
  ORDER_CHANGED_VERSION,
  PAYMENT_ATTENTION_RAISED,
  PAYMENT_ATTENTION_RAISED_VERSION,
  PAYMENT_VERIFIED,
  PAYMENT_VERIFIED_VERSION,
  type AttentionKind,
  type OrderLookup,
  type OrderChangedV1,
  type OrderState,
  type PaymentActor,
  type PaymentDecision,
  type PaymentAttentionRaisedV1,
  type PaymentObservation,
  type PaymentVerifiedV1,
} from '@pickles/shared';
import { findArchivedOrder, lockOrderForSettlement, readOrderForSettlement, type PaymentOrder, type SettleOrder } from '../db/orders.js';
import { paymentRecord, recordAttention, recordRefund, type PaymentFacts, type RefundFacts } from '../db/payment-records.js';
import { linkRefundRequest } from '../db/refund-requests.js';
import { invoiceParts, issueCreditNote, issueInvoice } from '@pickles/invoices';

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

/** A Razorpay webhook delivery, de-duplicated by its event id in the statement or transaction that applies it. */
export interface WebhookDelivery {
  eventId: string;
  eventType: string;
}

/**
 * Settles a payment observation: verify, the browser's failure report and the reconciler come here,
 * Razorpay's webhooks (payment links' too) through settleWebhook; both take the one settle path
 * (settle). `seen`: the order as the caller already read it (verify reads it to check the
 * signature), the read the settlement is decided on.
 */
export async function settlePayment(db: Db, request: SettleRequest, seen?: SettleOrder): Promise<SettleOutcome> {
  return settle(db, request, seen);
}

/**
 * A webhook's observation, applied once per event id whatever the deliveries (Razorpay delivers at
 * least once): the event id is recorded with the change, in the same statement or transaction, so a
 * delivery that fails records nothing and Razorpay's retry applies it. 'duplicate' for an event
 * seen before; 'ignored' (recorded, nothing to do) for events the shop does not act on.
 */
export async function settleWebhook(db: Db, request: SettleRequest | undefined, delivery: WebhookDelivery): Promise<SettleOutcome | 'duplicate' | 'ignored'> {
  if (!request) return (await recordDelivery(db, delivery)) ? 'ignored' : 'duplicate';
  return settle(db, request, undefined, delivery);
}

/**
 * The one settle path (decision 037): the settlement is decided on the order as read and written in
 * ONE statement (settlementStatement) guarded by that state, in autocommit: no transaction is
 * opened and no lock is held across a round trip to Node. What that statement cannot do first (a
 * refund, an attention item, jars released or to release, an order not found), or an order that
 * kept changing under it, is settled in a transaction that locks the order, takes those steps and
 * ends in the same statement (settlePaymentInTransaction).
 */
async function settle(db: Db, request: SettleRequest, seen: SettleOrder | undefined, delivery: WebhookDelivery): Promise<SettleOutcome | 'duplicate'>;
async function settle(db: Db, request: SettleRequest, seen?: SettleOrder): Promise<SettleOutcome>;
async function settle(db: Db, request: SettleRequest, seen?: SettleOrder, delivery?: WebhookDelivery): Promise<SettleOutcome | 'duplicate'> {
  const asRead = await settleAsRead(db, request, seen, delivery);
  if (asRead) return asRead;
  return db.transaction().execute(async (trx) => (delivery && !(await recordDelivery(trx, delivery)) ? ('duplicate' as const) : settlePaymentInTransaction(trx, request)));
}

/** Records a webhook's event id; false when it was recorded before. */
async function recordDelivery(handle: Db | Trx, delivery: WebhookDelivery): Promise<boolean> {
  const inserted = await handle
    .insertInto('processed_webhook_events')
    .values({ event_id: delivery.eventId, event_type: delivery.eventType })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The settlement in its one statement, when the order as read is enough to decide it: the
 * statement's first CTE locks the order's row only if its state is still what was read
 * (`settling`), every write depends on that row (and, for a webhook, on its event id being new),
 * and the whole is one autocommit transaction. The order's, its stock rows' and the invoice
 * counter's locks are then held only inside PostgreSQL, from that statement's lock to its commit.
 * Undefined when the observation needs the transaction's steps first, or when the order kept
 * changing under it.
 */
async function settleAsRead(db: Db, request: SettleRequest, seen?: SettleOrder, delivery?: WebhookDelivery): Promise<SettleOutcome | 'duplicate' | undefined> {
  if (request.refund || !request.razorpayOrderId) return undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const order = attempt === 0 && seen ? seen : await readOrderForSettlement(db, request.razorpayOrderId);
    if (!order) return undefined;
    const decided = decidePaymentObservation({ found: 'live', order }, request.observation, request.source);
    if (!decidedAsRead(order, decided)) return undefined;
    const settlement = settlementStatement(order, request, decided, decided, { asRead: true, delivery });
    const { rows } = await settlement.statement!.execute(db);
    if (!rows[0]?.settled) continue;
    if (!rows[0].fresh) return 'duplicate';
    return settlement.outcome;
  }
  return undefined;
}

/**
 * Whether a decision can be applied from the order as read, in one statement: anything that must
 * read or write more first (an attention item, jars released before the capture, jars to release
 * on a failure) takes the transaction's steps.
 */
function decidedAsRead(order: SettleOrder, decided: PaymentDecision): boolean {
  if (decided.attention) return false;
  if (decided.confirm && (order.stockState === 'released' || order.stockState === 'short')) return false;
  if (decided.next?.status === 'failed' && (order.stockState === 'reserved' || order.stockState === 'sold' || order.stockState === 'short')) return false;
  return true;
}

/** `settling`: the order's row, locked, only while it is in the state the settlement was decided on. */
function lockIfAsRead(order: SettleOrder): RawBuilder<unknown> {
  return sql`select id from orders
    where id = ${order.id} and status = ${order.status} and payment_status = ${order.paymentStatus}
      and razorpay_payment_id is not distinct from ${order.razorpayPaymentId} and refunded_paise = ${order.refundedPaise}
      and stock_state is not distinct from ${order.stockState}
    for update`;
}

/**
 * A settlement's one statement, the same for both ways to it: the usual writes (settlementWrites).
 * `asRead`: decided on an unlocked read, so the statement first locks the order's row if it is
 * still as read (`settling`) and every write waits for that row (and for a webhook's event id,
 * recorded here, being new); `settled` and `fresh` say whether they were made. Without it the
 * caller's transaction holds the order's lock already and the writes are made as they are (no
 * statement when there are none).
 */
function settlementStatement(
  order: SettleOrder,
  request: SettleRequest,
  decided: PaymentDecision,
  decision: PaymentDecision,
  { asRead = false, delivery }: { asRead?: boolean; delivery?: WebhookDelivery } = {},
): { statement?: RawBuilder<{ settled: number; fresh: number }>; outcome: SettleOutcome } {
  const parts: StatementPart[] = [];
  if (asRead) parts.push({ name: 'settling', query: lockIfAsRead(order) });
  if (asRead && delivery) {
    parts.push({
      name: 'delivery',
      query: insertRow('processed_webhook_events', { event_id: delivery.eventId, event_type: delivery.eventType }, 'settling', sql`on conflict (event_id) do nothing returning event_id`),
    });
  }
  const gate = asRead ? (delivery ? 'delivery' : 'settling') : undefined;
  const settlement = settlementWrites(order, request, decided, decision, gate);
  parts.push(...settlement.parts);
  if (!parts.length) return { outcome: settlement.outcome };
  const statement = together<{ settled: number; fresh: number }>(
    parts,
    asRead ? sql`(select count(*) from settling)::int as settled, ${delivery ? sql`(select count(*) from delivery)::int` : sql`1`} as fresh` : sql`1 as settled, 1 as fresh`,
  );
  return { statement, outcome: settlement.outcome };
}

/**
 * The settle path's transaction (settle), and the refund paths' (the refund submitter, the refund
 * check, in transactions of their own): locks the order, records the payment (or refund), asks the
 * order lifecycle what the observation means, takes the steps the one statement cannot (a refund,
 * an attention item, jars to move), then makes the usual writes in the settlement's one statement
 * (settlementStatement), all in the caller's transaction. Idempotent: the same observation twice
 * changes nothing the second time, in any order relative to the others.
 *
 * Round trips: one statement reads the locked order with everything the settlement needs, the
 * rare steps their own, and the settlement's statement: a paid order's stock rows and the invoice
 * counter, which every payment queues for, are then locked from that statement to the commit only.
 */
export async function settlePaymentInTransaction(trx: Trx, request: SettleRequest): Promise<SettleOutcome> {
  const { razorpayOrderId, observation } = request;
  const order = razorpayOrderId ? await lockOrderForSettlement(trx, razorpayOrderId) : undefined;
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

  const decided = decidePaymentObservation(lookup, observation, request.source);
  // Jars reserved at create-order are there by construction: they are sold in the settlement's one
  // write. Released jars need checking first: their answer decides the confirmation.
  const sellsReserved = order?.stockState === 'reserved' && decided.confirm;
  const decision = order && !sellsReserved ? await moveJars(trx, order, decided) : decided;
  if (decision.attention) {
    outcome.attention = decision.attention;
    outcome.wroteEvents = (await raiseAttention(trx, decision.attention, request, order, archived)) || outcome.wroteEvents;
  }
  if (!order) return outcome;

  const settlement = settlementStatement(order, request, decided, decision);
  await settlement.statement?.execute(trx);
  return { ...outcome, ...settlement.outcome, attention: outcome.attention ?? settlement.outcome.attention, wroteEvents: outcome.wroteEvents || settlement.outcome.wroteEvents };
}

/**
 * A settlement's usual writes, as parts of one statement: the payment, the order's new state (one
 * update of its row), its history, the confirmation event, the GST invoice and the reserved jars
 * sold. `decided` is the lifecycle's answer; `decision` the same after the locked path moved
 * released jars (it may then not confirm). With `gate`, every write waits for that CTE's row (the
 * order still as read; a webhook's event id new). The order's row is locked before (the lock read,
 * or `settling`), its stock rows next, the invoice counter last: the one order of every writer.
 */
function settlementWrites(
  order: SettleOrder,
  request: SettleRequest,
  decided: PaymentDecision,
  decision: PaymentDecision,
  gate?: string,
): { parts: StatementPart[]; outcome: SettleOutcome } {
  const outcome: SettleOutcome = { found: 'live', order, changed: false, confirmed: false, wroteEvents: false };
  // The capture of an order left short, seen again (verify after the webhook, say): the shopper is
  // told the same as the first time, not that it is confirmed. Nothing more is raised.
  const { observation } = request;
  if (order.stockState === 'short' && observation.kind === 'captured' && observation.paymentId === order.razorpayPaymentId) outcome.attention = 'capture-without-stock';
  const settledAt = new Date();
  const parts: StatementPart[] = [];
  const orderColumns: OrderColumns = {};
  if (request.payment) parts.push({ name: 'settled_payment', query: paymentRecord(order.id, request.payment, gate) });
  if (decided.next || decided.refundPaise) {
    const applied = applyDecision(order, decided, request, settledAt, gate);
    Object.assign(orderColumns, applied.columns);
    parts.push({ name: 'settled_history', query: applied.history });
    outcome.order = applied.order;
    outcome.changed = true;
  }
  if (decision.reconcileSoon) orderColumns.next_reconcile_at = sql`now()`;
  // Jars reserved at create-order are there by construction: they are sold here, no check.
  let stockLockedFirst: RawBuilder<boolean> | undefined;
  if (order.stockState === 'reserved' && decision.confirm) {
    const sale = reservedJarsSale(order.invoicing.items, gate);
    parts.push(...sale.parts);
    Object.assign(orderColumns, sale.orderColumns);
    stockLockedFirst = sale.done;
  }
  if (decision.confirm) {
    const paymentId = (observation as { paymentId: string }).paymentId;
    const { row } = paymentVerifiedEvent({ ...order, razorpayOrderId: request.razorpayOrderId! }, paymentId, VERIFIED_SOURCE[request.source]);
    parts.push({ name: 'verified_event', query: insertRow('outbox_events', row, gate) });
    // The counter is taken after the stock rows, and only when the gate let the rest through.
    const when = [stockLockedFirst, gate ? sql<boolean>`exists (select from ${sql.table(gate)})` : undefined].filter((condition) => condition !== undefined);
    if (!order.invoiced) parts.push(...invoiceParts(order.id, order.invoicing, paymentId, settledAt, when.length ? sql<boolean>`${sql.join(when, sql` and `)}` : undefined));
    outcome.confirmed = true;
    outcome.wroteEvents = true;
  }
  if (Object.keys(orderColumns).length) {
    let update = sql`update orders set ${sql.join(Object.entries(orderColumns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`))} where id = ${order.id}`;
    if (gate) update = sql`${update} and exists (select from ${sql.table(gate)})`;
    parts.push({ name: 'settled_order', query: update });
  }
  return { parts, outcome };
}

function paymentVerifiedEvent(order: { id: string; orderNumber: string; amountPaise: number; razorpayOrderId: string }, razorpayPaymentId: string, source: PaymentVerifiedV1['source']) {
  return outboxEvent(PAYMENT_VERIFIED, PAYMENT_VERIFIED_VERSION, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    razorpayOrderId: order.razorpayOrderId,
    razorpayPaymentId,
    amountPaise: order.amountPaise,
    source,
  } satisfies PaymentVerifiedV1);
}

/**
 * Confirms a paid order on its own (the owner's added jars reached an order left short): its
 * payment.verified event and its invoice, in the caller's transaction, which holds the order's lock
 * and has taken its jars.
 */
export async function confirmPaidOrder(
  trx: Trx,
  order: { id: string; orderNumber: string; amountPaise: number; razorpayOrderId: string },
  razorpayPaymentId: string,
  source: PaymentVerifiedV1['source'],
): Promise<void> {
  await insertRow('outbox_events', paymentVerifiedEvent(order, razorpayPaymentId, source).row).execute(trx);
  await issueInvoice(trx, order.id);
}

/**
 * The batch stock follows the payment (decision 012), in this transaction: an order whose jars were
 * released meanwhile (the hold ran out, a failure) takes them back if the batch still has them, and
 * otherwise is paid but not confirmed: the money is real, the jars are not, and the owner decides
 * (attention 'capture-without-stock'). A failed order's jars go back to the batch. Reserved jars of
 * a confirmed order are sold in the settlement's write (reservedJarsSale).
 */
async function moveJars(trx: Trx, order: PaymentOrder, decision: PaymentDecision): Promise<PaymentDecision> {
  if (decision.next?.status === 'failed') await releaseJars(trx, order.id);
  if (!decision.confirm) return decision;
  if ((await sellJars(trx, order.id)) !== 'short') return decision;
  return { ...decision, confirm: false, attention: 'capture-without-stock' };
}

export function isAwaitingPayment(state: OrderState): boolean {
  return AWAITING_PAYMENT_STATES.some((s) => s.status === state.status && s.paymentStatus === state.paymentStatus);
}

/** Columns of the settlement's one update of the order's row (a statement updates a row once): values or SQL. */
type OrderColumns = Partial<Record<keyof Database['orders'], unknown>>;

/** The order's new state as columns of the settlement's update of its row, and its history row. */
function applyDecision(order: PaymentOrder, decision: PaymentDecision, request: SettleRequest, settledAt: Date, gate?: string) {
  const next: OrderState = decision.next ?? { status: order.status, paymentStatus: order.paymentStatus };
  const nowPaid = next.paymentStatus === 'paid' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded';
  const paymentId = nowPaid && 'paymentId' in request.observation ? request.observation.paymentId : undefined;
  const columns: OrderColumns = {
    status: next.status,
    payment_status: next.paymentStatus,
    updated_at: sql`now()`,
    ...(paymentId
      ? {
          razorpay_payment_id: paymentId,
          // The GST invoice issued with this confirmation carries the same instant (settlementWrites).
          paid_at: settledAt,
          failure_reason: null,
          // The payment id becomes searchable in the admin panel.
          search_text: `${order.searchText} \u001f ${paymentId.toLowerCase()}`,
        }
      : {}),
    ...(next.status === 'failed' && decision.reason ? { failure_reason: decision.reason.slice(0, 500) } : {}),
    ...(decision.refundPaise ? { refunded_paise: sql`refunded_paise + ${decision.refundPaise}` } : {}),
    ...(isAwaitingPayment(next) ? {} : { next_reconcile_at: null }),
  };
  const history = insertRow(
    'order_status_history',
    statusHistoryRow({ orderId: order.id, from: order, to: next, changedBy: request.changedBy ?? `system:${request.source}`, reason: decision.reason }),
    gate,
  );
  const changed: SettleOutcome['order'] = { id: order.id, orderNumber: order.orderNumber, amountPaise: order.amountPaise, razorpayPaymentId: paymentId ?? order.razorpayPaymentId, ...next };
  return { columns, history, order: changed };
}

function writeShopperUpdate(trx: Trx, orderId: string, kind: 'refund-started' | 'refund-completed', dedupeKey: string, refundRequestId: string | undefined) {
  return writeOutboxEvent(trx, ORDER_CHANGED, ORDER_CHANGED_VERSION, {
    orderId,
    kind,
    dedupeKey,
    ...(refundRequestId ? { refundRequestId } : {}),
  } satisfies OrderChangedV1);
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
  await writeOutboxEvent(trx, PAYMENT_ATTENTION_RAISED, PAYMENT_ATTENTION_RAISED_VERSION, {
    attentionId,
    kind,
    orderId: order?.id ?? archived?.orderId ?? null,
    razorpayPaymentId: paymentId,
    amountPaise,
  } satisfies PaymentAttentionRaisedV1);
  return true;
}
