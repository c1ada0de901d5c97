import { signPaymentLinkCallback } from '@pickles/razorpay-client';
import { badRequest, idDoesNotExist, notAValidId } from './api-errors.js';
import { isWellFormedId, newId, newShortCode, nowSeconds } from './ids.js';
import type { PaymentLinkDraft, PaymentLinkPatch } from './payment-link-input.js';
import type { Notes, OrderEntity, PaymentEntity, PaymentLinkEntity, PaymentLinkStatus } from './types.js';
import type { WebhookItem } from './webhooks.js';

export interface PaymentLinkDeps {
  createOrder(input: { amount: number; currency: string; receipt: string | null; notes: Notes; capture: 'automatic' }): OrderEntity;
  emit(items: WebhookItem[]): void;
  later(ms: number, fn: () => void): void;
}

/** The query Razorpay adds to callback_url when it sends the shopper back from a paid link. */
export interface PaymentLinkCallback {
  razorpay_payment_id: string;
  razorpay_payment_link_id: string;
  razorpay_payment_link_reference_id: string;
  razorpay_payment_link_status: PaymentLinkStatus;
  razorpay_signature: string;
}

// setTimeout holds at most 2^31 - 1 ms (about 24.8 days); a six-month link's timer is re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1;
const clone = <T>(value: T): T => structuredClone(value);
const isOpen = (link: PaymentLinkEntity) => link.status === 'created' || link.status === 'partially_paid';

/**
 * Payment Links, as Razorpay keeps them: created → paid (a captured payment on the order made for
 * the link), expired (past expire_by: noticed by a timer, and on every read, whichever comes
 * first) or cancelled. Each change sends its payment_link.* webhook.
 */
export class PaymentLinkBook {
  /** Oldest first. */
  readonly links = new Map<string, PaymentLinkEntity>();
  private readonly byCode = new Map<string, string>();
  private readonly byOrder = new Map<string, string>();
  /** Bumped each time a link's expiry timer is (re)armed, so a timer for an older expire_by does nothing. */
  private readonly timerGeneration = new Map<string, number>();

  constructor(private readonly deps: PaymentLinkDeps) {}

  reset(): void {
    this.links.clear();
    this.byCode.clear();
    this.byOrder.clear();
    this.timerGeneration.clear();
  }

  /** POST /v1/payment_links; `baseUrl` is where shoppers reach the sandbox (the short URL's host). */
  create(draft: PaymentLinkDraft, baseUrl: string): PaymentLinkEntity {
    this.assertReferenceFree(draft.reference_id);
    let code = newShortCode();
    while (this.byCode.has(code)) code = newShortCode();
    const now = nowSeconds();
    const link: PaymentLinkEntity = {
      accept_partial: false,
      amount: draft.amount,
      amount_paid: 0,
      callback_method: draft.callback_method,
      callback_url: draft.callback_url,
      cancelled_at: 0,
      created_at: now,
      currency: draft.currency,
      customer: draft.customer,
      description: draft.description,
      expire_by: draft.expire_by,
      expired_at: 0,
      first_min_partial_amount: 0,
      id: newId('plink'),
      notes: draft.notes,
      notify: draft.notify,
      payments: null,
      reference_id: draft.reference_id,
      reminder_enable: draft.reminder_enable,
      reminders: [],
      short_url: `${baseUrl.replace(/\/+$/, '')}/i/${code}`,
      status: 'created',
      updated_at: now,
      upi_link: false,
      user_id: '',
    };
    this.links.set(link.id, link);
    this.byCode.set(code, link.id);
    this.armExpiry(link);
    return link;
  }

  /** GET /v1/payment_links/:id (and every call naming a link). */
  get(id: string): PaymentLinkEntity {
    if (!isWellFormedId(id, 'plink')) throw notAValidId(id);
    const link = this.links.get(id);
    if (!link) throw idDoesNotExist();
    this.expireIfDue(link);
    return link;
  }

  /** The hosted page's link; undefined for a code that was never issued. */
  byShortCode(code: string): PaymentLinkEntity | undefined {
    const id = this.byCode.get(code);
    const link = id === undefined ? undefined : this.links.get(id);
    if (link) this.expireIfDue(link);
    return link;
  }

  /** The link an order was made for, if any. */
  ofOrder(orderId: string): PaymentLinkEntity | undefined {
    const id = this.byOrder.get(orderId);
    const link = id === undefined ? undefined : this.links.get(id);
    if (link) this.expireIfDue(link);
    return link;
  }

  /** GET /v1/payment_links?reference_id=&payment_id= (oldest first; the route pages it). */
  list(filter: { referenceId?: string; paymentId?: string }): PaymentLinkEntity[] {
    return [...this.links.values()].filter((link) => {
      this.expireIfDue(link);
      if (filter.referenceId !== undefined && link.reference_id !== filter.referenceId) return false;
      if (filter.paymentId !== undefined && !(link.payments ?? []).some((p) => p.payment_id === filter.paymentId)) return false;
      return true;
    });
  }

  /** POST /v1/payment_links/:id/cancel: only an open link; sends payment_link.cancelled. */
  cancel(id: string): PaymentLinkEntity {
    const link = this.get(id);
    if (!isOpen(link)) throw badRequest('Payment Link cannot be cancelled', { field: null });
    const now = nowSeconds();
    link.status = 'cancelled';
    link.cancelled_at = now;
    link.updated_at = now;
    this.deps.emit([{ event: 'payment_link.cancelled', contains: ['payment_link'], payload: { payment_link: { entity: clone(link) } } }]);
    return link;
  }

  /** The sandbox's "expire now" (dashboard and tests): an open link expires at once, as if its expire_by had passed. */
  expireNow(id: string): PaymentLinkEntity {
    const link = this.get(id);
    if (!isOpen(link)) throw badRequest(`The payment link is ${link.status}, not open`, { field: 'id' });
    this.expire(link, nowSeconds());
    return link;
  }

  /** PATCH /v1/payment_links/:id: only while the link is open. */
  edit(id: string, patch: PaymentLinkPatch): PaymentLinkEntity {
    const link = this.get(id);
    if (!isOpen(link)) throw badRequest(`Payment Link cannot be updated in ${link.status} state`, { field: null });
    if (patch.reference_id !== undefined && patch.reference_id !== link.reference_id) this.assertReferenceFree(patch.reference_id);
    Object.assign(link, patch, { updated_at: nowSeconds() });
    if (patch.expire_by !== undefined) this.armExpiry(link);
    return link;
  }

  /**
   * The order a payment on this link goes to, made when paying first starts (as Razorpay does):
   * its receipt is the link's reference, its notes the link's, and it captures automatically.
   */
  orderFor(link: PaymentLinkEntity): string {
    this.assertPayable(link);
    if (link.order_id) return link.order_id;
    const order = this.deps.createOrder({ amount: link.amount, currency: link.currency, receipt: link.reference_id || null, notes: link.notes, capture: 'automatic' });
    link.order_id = order.id;
    link.updated_at = nowSeconds();
    this.byOrder.set(order.id, link.id);
    return order.id;
  }

  /** Refuses a payment on a link that is no longer open (an order already paid is refused by the order's own rule). */
  assertPayable(link: PaymentLinkEntity): void {
    this.expireIfDue(link);
    if (link.status === 'expired') throw badRequest('This payment link has expired', { field: 'payment_link_id', reason: 'payment_link_expired' });
    if (link.status === 'cancelled') throw badRequest('This payment link has been cancelled', { field: 'payment_link_id', reason: 'payment_link_cancelled' });
    if (link.status === 'paid') throw badRequest('This payment link has already been paid', { field: 'payment_link_id', reason: 'payment_link_paid' });
  }

  /**
   * Called when a link's order becomes paid: the link is paid and payment_link.paid follows the
   * order's own webhooks. A capture that arrives after the link closed (a late authorisation on an
   * expired or cancelled link) leaves the link as it is; the payment and order.paid still go out,
   * so the shop sees money it did not expect.
   */
  onOrderPaid(order: OrderEntity, payment: PaymentEntity): WebhookItem[] {
    const id = this.byOrder.get(order.id);
    const link = id === undefined ? undefined : this.links.get(id);
    if (!link || !isOpen(link)) return [];
    const now = nowSeconds();
    link.status = 'paid';
    link.amount_paid = payment.amount;
    link.updated_at = now;
    link.payments = [
      ...(link.payments ?? []),
      { amount: payment.amount, created_at: payment.created_at, method: payment.method, payment_id: payment.id, plink_id: link.id, status: 'captured', updated_at: now },
    ];
    return [
      {
        event: 'payment_link.paid',
        contains: ['payment_link', 'order', 'payment'],
        payload: { payment_link: { entity: clone(link) }, order: { entity: clone(order) }, payment: { entity: clone(payment) } },
      },
    ];
  }

  /** The signed query for the redirect to callback_url, for a payment that paid this link. */
  callbackFor(link: PaymentLinkEntity, paymentId: string, keySecret: string): PaymentLinkCallback | undefined {
    if (link.status !== 'paid' || !(link.payments ?? []).some((p) => p.payment_id === paymentId)) return undefined;
    const signature = signPaymentLinkCallback({ paymentLinkId: link.id, referenceId: link.reference_id, status: link.status, paymentId }, keySecret);
    return {
      razorpay_payment_id: paymentId,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: link.status,
      razorpay_signature: signature,
    };
  }

  private assertReferenceFree(referenceId: string): void {
    if (referenceId === '') return;
    for (const link of this.links.values()) {
      if (link.reference_id === referenceId) {
        throw badRequest('Payment Link with the reference_id already exists', { field: 'reference_id' });
      }
    }
  }

  private expireIfDue(link: PaymentLinkEntity): void {
    if (isOpen(link) && link.expire_by <= nowSeconds()) this.expire(link, link.expire_by);
  }

  private expire(link: PaymentLinkEntity, at: number): void {
    link.status = 'expired';
    link.expired_at = at;
    link.updated_at = nowSeconds();
    this.deps.emit([{ event: 'payment_link.expired', contains: ['payment_link'], payload: { payment_link: { entity: clone(link) } } }]);
  }

  private armExpiry(link: PaymentLinkEntity): void {
    const generation = (this.timerGeneration.get(link.id) ?? 0) + 1;
    this.timerGeneration.set(link.id, generation);
    const wait = Math.min(Math.max(link.expire_by * 1000 - Date.now(), 0), MAX_TIMER_MS);
    this.deps.later(wait, () => {
      if (this.timerGeneration.get(link.id) !== generation || !isOpen(link)) return;
      if (link.expire_by <= nowSeconds()) this.expire(link, link.expire_by);
      else this.armExpiry(link);
    });
  }
}
