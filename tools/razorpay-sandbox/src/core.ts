import { signCheckout } from '@pickles/razorpay-client';
import { SandboxCore } from '@pickles/sandbox-kit';
import type { Logger } from '@pickles/service-kit';
import { badRequest, idDoesNotExist, notAValidId } from './api-errors.js';
import { cardEntity, FAILURES, resolveOutcome, type FailureReason, type PaymentInput } from './cards.js';
import { isWellFormedId, newId, nowSeconds } from './ids.js';
import { DEFAULT_KNOBS, knobsUpdateSchema, type Knobs } from './knobs.js';
import { PaymentLinkBook } from './payment-links.js';
import type { ApiRequestRecord, Notes, OrderEntity, PaymentEntity, RazorpayErrorBody, RefundEntity } from './types.js';
import { WebhookDispatcher, type WebhookItem } from './webhooks.js';

export interface SandboxConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  /** As the shopper's browser reaches the sandbox; undefined = the Host of the checkout.js request. */
  publicUrl: string | undefined;
  accountId: string;
  /** The account's business name, shown on the payment link page (Razorpay takes it from the Dashboard). */
  businessName: string;
}

export interface PaymentAttempt {
  orderId: string;
  instrument: PaymentInput;
  /** The mock bank page's button (browser), if shown. */
  bankChoice?: 'success' | 'failure';
  /** Server-side test payments: the wanted end state instead of the instrument's. */
  forceOutcome?: 'captured' | 'authorized' | 'failed';
  failureReason?: FailureReason;
  lateAuthorisation?: boolean;
  email?: string;
  contact?: string;
  notes?: Record<string, string>;
  description?: string;
}

export interface PaymentResult {
  payment: PaymentEntity;
  order: OrderEntity;
  /** Present when the payment is authorized or captured now. */
  signature?: string;
  /** Razorpay's payment.failed error object, when it failed (now). */
  error?: Required<Pick<RazorpayErrorBody, 'code' | 'description' | 'source' | 'step' | 'reason'>> & {
    metadata: { order_id: string; payment_id: string };
    field?: string;
  };
  lateAuthorisationAt?: string;
}

const clone = <T>(value: T): T => structuredClone(value);
const MAX_REQUEST_LOG = 500;

export const notesOrEmpty = (notes: Record<string, string> | undefined): Notes => (notes && Object.keys(notes).length > 0 ? notes : []);

/**
 * All sandbox state, in memory (a restart forgets everything, like a fresh Razorpay test account),
 * and the payment rules of protocol §2, §3 and §7.
 */
export class SandboxState extends SandboxCore<SandboxConfig, Knobs, ApiRequestRecord> {
  readonly orders = new Map<string, OrderEntity>();
  readonly payments = new Map<string, PaymentEntity>();
  /** Each order's payments and each payment's refunds, so a lookup does not scan every one (a launch makes thousands). */
  private readonly paymentsByOrder = new Map<string, PaymentEntity[]>();
  private readonly refundsByPayment = new Map<string, RefundEntity[]>();
  readonly refunds = new Map<string, RefundEntity>();
  readonly webhooks = new WebhookDispatcher({
    knobs: () => this.knobs,
    defaultUrl: this.config.webhookUrl,
    secret: this.config.webhookSecret,
    accountId: this.config.accountId,
    later: (ms, fn) => this.later(ms, fn),
    logger: this.logger,
  });
  readonly paymentLinks = new PaymentLinkBook({
    createOrder: (input) => this.createOrder(input),
    emit: (items) => void this.webhooks.emit(items),
    later: (ms, fn) => this.later(ms, fn),
  });
  private readonly orderCapture = new Map<string, 'automatic' | 'manual'>();
  private readonly refundKeys = new Map<string, { fingerprint: string; refundId: string }>();
  /** Every order, payment, refund and link: what reset() forgets. */
  protected readonly records = [
    this.orders,
    this.payments,
    this.refunds,
    this.paymentsByOrder,
    this.refundsByPayment,
    this.orderCapture,
    this.refundKeys,
    { clear: () => this.paymentLinks.reset() },
  ];

  constructor(config: SandboxConfig, knobs: Partial<Knobs>, logger: Logger) {
    super(config, knobs, logger, { knobsUpdateSchema, defaults: DEFAULT_KNOBS, maxRequestLog: MAX_REQUEST_LOG });
  }

  /** Counts down apiFailureCount; returns the failure to simulate for this /v1 call, if any. */
  takeApiFailure(): Exclude<Knobs['apiFailure'], 'none'> | undefined {
    const mode = this.knobs.apiFailure;
    if (mode === 'none') return undefined;
    if (this.knobs.apiFailureCount !== null) {
      const left = this.knobs.apiFailureCount - 1;
      this.knobs = left <= 0 ? { ...this.knobs, apiFailure: 'none', apiFailureCount: null } : { ...this.knobs, apiFailureCount: left };
    }
    return mode;
  }

  snapshot() {
    return {
      account_id: this.config.accountId,
      key_id: this.config.keyId,
      knobs: this.knobs,
      orders: [...this.orders.values()],
      payments: [...this.payments.values()],
      refunds: [...this.refunds.values()],
      payment_links: [...this.paymentLinks.links.values()],
      webhooks: {
        url: this.knobs.webhookUrl ?? this.config.webhookUrl ?? null,
        // Nothing being sent or waiting for a retry (withheld events do not count): a test's "all delivered".
        idle: this.webhooks.idle,
        events: this.webhooks.events.map((e) => ({ ...e, body: JSON.parse(e.body) as unknown })),
        deliveries: this.webhooks.deliveries,
      },
      requests: this.requests,
    };
  }

  // ---- orders ----

  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Notes;
    capture?: 'automatic' | 'manual';
  }): OrderEntity {
    const order: OrderEntity = {
      id: newId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: input.notes,
      created_at: nowSeconds(),
    };
    this.orders.set(order.id, order);
    if (input.capture) this.orderCapture.set(order.id, input.capture);
    return order;
  }

  getOrder(id: string): OrderEntity {
    if (!isWellFormedId(id, 'order')) throw notAValidId(id);
    const order = this.orders.get(id);
    if (!order) throw idDoesNotExist();
    return order;
  }

  getPayment(id: string): PaymentEntity {
    if (!isWellFormedId(id, 'pay')) throw notAValidId(id);
    const payment = this.payments.get(id);
    if (!payment) throw idDoesNotExist();
    return payment;
  }

  paymentsOf(orderId: string): PaymentEntity[] {
    return [...(this.paymentsByOrder.get(orderId) ?? [])].sort((a, b) => b.created_at - a.created_at);
  }

  private autoCaptures(orderId: string): boolean {
    const setting = this.orderCapture.get(orderId);
    return setting ? setting === 'automatic' : this.knobs.autoCapture;
  }

  // ---- payments ----

  /** One payment attempt on an order, as checkout (or a test) makes it. Throws ApiError on bad input. */
  attemptPayment(attempt: PaymentAttempt): PaymentResult {
    const order = this.getOrder(attempt.orderId);
    if (order.status === 'paid') {
      throw badRequest('This order has already been paid.', { reason: 'order_already_paid', field: 'order_id' });
    }
    const link = this.paymentLinks.ofOrder(order.id);
    if (link) {
      this.paymentLinks.assertPayable(link);
      // What Razorpay puts on a link's payment, whatever the page sent (unconfirmed: see the README).
      attempt = { ...attempt, description: `#${link.id.slice('plink_'.length)}`, notes: Array.isArray(link.notes) ? {} : link.notes };
    }
    if (this.paymentsOf(order.id).some((p) => p.status === 'authorized')) {
      throw badRequest('A payment for this order is authorized and awaiting capture. Try again later.', { reason: 'payment_in_progress', field: 'order_id' });
    }
    if (attempt.description !== undefined && attempt.description.length > 255) {
      throw badRequest('The description may not be greater than 255 characters.', { field: 'description' });
    }
    const outcome = resolveOutcome(attempt.instrument, attempt.bankChoice);
    if (outcome.kind === 'invalid') throw badRequest(outcome.message, { field: outcome.field });

    let final: 'captured' | 'authorized' | 'failed';
    let failureReason: FailureReason | undefined;
    if (attempt.forceOutcome) {
      final = attempt.forceOutcome;
      if (final === 'failed') failureReason = attempt.failureReason ?? (outcome.kind === 'failure' ? outcome.reason : 'payment_failed');
    } else if (outcome.kind === 'failure') {
      final = 'failed';
      failureReason = outcome.reason;
    } else {
      final = this.autoCaptures(order.id) ? 'captured' : 'authorized';
    }
    const late = final !== 'failed' && (attempt.lateAuthorisation ?? this.knobs.lateAuthorisation);

    const paymentId = newId('pay');
    const instrument = attempt.instrument;
    const payment: PaymentEntity = {
      id: paymentId,
      entity: 'payment',
      amount: order.amount_due,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: instrument.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: attempt.description ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: instrument.method === 'upi' ? instrument.vpa.trim().toLowerCase() : null,
      email: attempt.email ?? 'void@razorpay.com',
      contact: normaliseContact(attempt.contact),
      notes: notesOrEmpty(attempt.notes),
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: nowSeconds(),
    };
    if (instrument.method === 'card') {
      const card = cardEntity(instrument.cardNumber.replace(/[\s-]/g, ''), `card_${paymentId.slice(4)}`, 'Sandbox Shopper');
      payment.card_id = card.id;
      payment.card = card;
      payment.international = card.international;
    }
    this.payments.set(payment.id, payment);
    this.paymentsByOrder.set(payment.order_id, [...(this.paymentsByOrder.get(payment.order_id) ?? []), payment]);
    order.attempts += 1;
    if (order.status === 'created') order.status = 'attempted';

    if (final === 'failed' || late) {
      const reason = failureReason ?? 'payment_timed_out';
      const error = this.fail(payment, reason);
      const result: PaymentResult = { payment: clone(payment), order: clone(order), error };
      if (late) {
        const delay = this.knobs.lateAuthorisationDelayMs;
        result.lateAuthorisationAt = new Date(Date.now() + delay).toISOString();
        this.later(delay, () => this.lateAuthorise(payment.id, final === 'captured'));
      }
      return result;
    }
    this.webhooks.emit(this.authorise(payment, final === 'captured'));
    return { payment: clone(payment), order: clone(order), signature: signCheckout(order.id, payment.id, this.config.keySecret) };
  }

  private fail(payment: PaymentEntity, reason: FailureReason): NonNullable<PaymentResult['error']> {
    const spec = FAILURES[reason];
    payment.status = 'failed';
    payment.error_code = spec.code;
    payment.error_description = spec.description;
    payment.error_source = spec.source ?? null;
    payment.error_step = spec.step ?? null;
    payment.error_reason = spec.reason;
    this.webhooks.emit([{ event: 'payment.failed', contains: ['payment'], payload: { payment: { entity: clone(payment) } } }]);
    return {
      code: spec.code,
      description: spec.description,
      source: spec.source ?? 'NA',
      step: spec.step ?? 'NA',
      reason: spec.reason,
      metadata: { order_id: payment.order_id, payment_id: payment.id },
      ...(spec.field ? { field: spec.field } : {}),
    };
  }

  /** authorized (and captured, if asked): returns the webhooks, snapshots taken at each step. */
  private authorise(payment: PaymentEntity, capture: boolean): WebhookItem[] {
    payment.status = 'authorized';
    payment.error_code = payment.error_description = payment.error_source = payment.error_step = payment.error_reason = null;
    payment.acquirer_data = payment.method === 'upi' ? { rrn: String(Date.now()).slice(-12) } : { auth_code: String(100000 + Math.floor(Math.random() * 899999)) };
    const items: WebhookItem[] = [{ event: 'payment.authorized', contains: ['payment'], payload: { payment: { entity: clone(payment) } } }];
    if (capture) items.push(...this.capture(payment));
    return items;
  }

  private capture(payment: PaymentEntity): WebhookItem[] {
    const order = this.orders.get(payment.order_id);
    payment.status = 'captured';
    payment.captured = true;
    payment.fee = Math.round(payment.amount * 0.02);
    payment.tax = Math.round(payment.fee * 0.18);
    const items: WebhookItem[] = [{ event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: clone(payment) } } }];
    if (order && order.status !== 'paid') {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      items.push({ event: 'order.paid', contains: ['payment', 'order'], payload: { payment: { entity: clone(payment) }, order: { entity: clone(order) } } });
      items.push(...this.paymentLinks.onOrderPaid(order, payment));
    }
    return items;
  }

  private lateAuthorise(paymentId: string, capture: boolean): void {
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'failed') return;
    const order = this.orders.get(payment.order_id);
    // A second payment may have paid the order meanwhile; real Razorpay would refund this one later.
    const canCapture = capture && order !== undefined && order.status !== 'paid';
    this.webhooks.emit(this.authorise(payment, canCapture));
  }

  /** POST /v1/payments/:id/capture */
  capturePayment(id: string, body: { amount?: unknown; currency?: unknown }): PaymentEntity {
    const payment = this.getPayment(id);
    if (payment.status === 'captured' || payment.status === 'refunded') {
      throw badRequest('This payment has already been captured', { reason: 'payment_already_captured' });
    }
    if (payment.status !== 'authorized') {
      throw badRequest('Only payments which have been authorized and not yet captured can be captured', { reason: 'payment_not_authorized' });
    }
    if (body.amount === undefined) throw badRequest('amount: is required.', { field: 'amount' });
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount)) throw badRequest('The amount must be an integer.', { field: 'amount' });
    if (body.amount !== payment.amount) throw badRequest('Capture amount must be equal to the amount authorized', { field: 'amount' });
    if (body.currency !== undefined && body.currency !== payment.currency) throw badRequest('The currency does not match the payment currency', { field: 'currency' });
    this.webhooks.emit(this.capture(payment));
    return payment;
  }

  /** POST /v1/payments/:id/refund */
  refundPayment(id: string, body: { amount?: number; speed?: 'normal' | 'optimum'; notes?: Record<string, string>; receipt?: string }, idempotencyKey: string | undefined): RefundEntity {
    const payment = this.getPayment(id);
    if (idempotencyKey !== undefined) {
      const seen = this.refundKeys.get(idempotencyKey);
      const fingerprint = JSON.stringify([id, body.amount ?? null, body.speed ?? null, body.notes ?? null, body.receipt ?? null]);
      if (seen) {
        if (seen.fingerprint !== fingerprint) throw badRequest('The request does not match the earlier request with this idempotency key', { field: 'X-Refund-Idempotency' });
        const existing = this.refunds.get(seen.refundId);
        if (existing) return existing;
      }
      const refund = this.doRefund(payment, body);
      this.refundKeys.set(idempotencyKey, { fingerprint, refundId: refund.id });
      return refund;
    }
    return this.doRefund(payment, body);
  }

  private doRefund(payment: PaymentEntity, body: { amount?: number; speed?: 'normal' | 'optimum'; notes?: Record<string, string>; receipt?: string }): RefundEntity {
    if (payment.status !== 'captured') {
      throw badRequest(
        payment.status === 'refunded' ? 'The payment has been fully refunded already' : 'Only captured payments can be refunded',
        { reason: 'input_validation_failed' },
      );
    }
    const refundable = payment.amount - payment.amount_refunded;
    const amount = body.amount ?? refundable;
    if (amount < 100) throw badRequest('The amount must be at least INR 1.00', { field: 'amount' });
    if (amount > refundable) throw badRequest('The refund amount provided is greater than amount captured', { field: 'amount' });
    const speed = body.speed ?? 'normal';
    const refund: RefundEntity = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notesOrEmpty(body.notes),
      receipt: body.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: speed,
    };
    this.refunds.set(refund.id, refund);
    this.refundsByPayment.set(refund.payment_id, [...(this.refundsByPayment.get(refund.payment_id) ?? []), refund]);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const created: WebhookItem = { event: 'refund.created', contains: ['refund', 'payment'], payload: { refund: { entity: clone(refund) }, payment: { entity: clone(payment) } } };
    if (this.knobs.holdRefunds) {
      // Pending until a test (or the dashboard's owner) says the bank processed or failed it.
      this.webhooks.emit([created]);
      return refund;
    }
    // Test-mode refunds are processed at once; the order stays paid (protocol §7).
    this.webhooks.emit([created, this.processRefund(refund, payment)]);
    return refund;
  }

  private processRefund(refund: RefundEntity, payment: PaymentEntity): WebhookItem {
    refund.status = 'processed';
    refund.acquirer_data = { arn: String(Date.now()) };
    return { event: 'refund.processed', contains: ['refund', 'payment'], payload: { refund: { entity: clone(refund) }, payment: { entity: clone(payment) } } };
  }

  /** GET /v1/refunds/:id (and /v1/payments/:paymentId/refunds/:id, which must name its payment). */
  getRefund(id: string, paymentId?: string): RefundEntity {
    if (paymentId !== undefined) this.getPayment(paymentId);
    if (!isWellFormedId(id, 'rfnd')) throw notAValidId(id);
    const refund = this.refunds.get(id);
    if (!refund || (paymentId !== undefined && refund.payment_id !== paymentId)) throw idDoesNotExist();
    return refund;
  }

  /** GET /v1/payments/:id/refunds, newest first. */
  refundsOf(paymentId: string): RefundEntity[] {
    const payment = this.getPayment(paymentId);
    return [...(this.refundsByPayment.get(payment.id) ?? [])].sort((a, b) => b.created_at - a.created_at);
  }

  /**
   * Finishes a refund held pending (the holdRefunds knob): processed, or failed with its amount
   * given back to the payment as refundable again; sends refund.processed or refund.failed.
   * Throws ApiError when there is no such refund or it is no longer pending.
   */
  settleRefund(id: string, outcome: 'processed' | 'failed'): RefundEntity {
    const refund = this.getRefund(id);
    if (refund.status !== 'pending') throw badRequest(`The refund is already ${refund.status}`, { field: 'id' });
    const payment = this.getPayment(refund.payment_id);
    if (outcome === 'processed') {
      this.webhooks.emit([this.processRefund(refund, payment)]);
      return refund;
    }
    refund.status = 'failed';
    payment.amount_refunded -= refund.amount;
    payment.refund_status = payment.amount_refunded === 0 ? null : payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.status === 'refunded' && payment.refund_status !== 'full') payment.status = 'captured';
    this.webhooks.emit([{ event: 'refund.failed', contains: ['refund', 'payment'], payload: { refund: { entity: clone(refund) }, payment: { entity: clone(payment) } } }]);
    return refund;
  }
}

/** `contact` as +91…; a bare 10-digit number gets +91 (protocol §4). */
export function normaliseContact(contact: string | undefined): string {
  if (!contact) return '+919000090000';
  const trimmed = contact.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(trimmed) ? `+91${trimmed}` : trimmed;
}
