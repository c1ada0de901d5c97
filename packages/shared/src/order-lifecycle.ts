import type { OrderShipment, ShipmentDeliveryStatus } from './api.js';
import { formatPaise } from './money.js';
import { ADMIN_SETTABLE_STATUSES, type AdminSettableStatus, type OrderStatus, type PaymentStatus } from './order-status.js';

/**
 * The order lifecycle: the one place that says how an order's status and payment status may change,
 * and who may change them. Every writer (payments' settle use case, the admin's single and batch
 * updates, expiry, removal) asks these functions; none restates a rule in SQL or in a handler.
 * docs/decisions/009-order-lifecycle.md explains the table.
 */

/**
 * Who moves an order. `shopper` is the browser's verify and payment-failed calls, `webhook` Razorpay's
 * events, `reconciler` our own questions to Razorpay, `owner` the admin panel, `expiry` the job that
 * closes orders never paid within the late-authorisation window, `courier` the courier's tracking events
 * (webhooks and polling) of a shipment the owner booked.
 */
export const ORDER_ACTORS = ['shopper', 'webhook', 'reconciler', 'owner', 'expiry', 'courier'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Actors that report what happened to a payment. */
export const PAYMENT_ACTORS = ['shopper', 'webhook', 'reconciler'] as const satisfies readonly OrderActor[];
export type PaymentActor = (typeof PAYMENT_ACTORS)[number];

export interface OrderTransition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderActor[];
  /** The order's payment status must be one of these. */
  whenPayment: readonly PaymentStatus[];
  /** The payment status the move sets (unchanged when absent). */
  setsPayment?: PaymentStatus;
  why: string;
}

/** Every allowed change of an order's status. Setting the status it already has is never a change. */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  {
    from: ['created', 'pending', 'failed'],
    to: 'paid',
    by: PAYMENT_ACTORS,
    whenPayment: ['pending', 'failed'],
    setsPayment: 'paid',
    why: 'a captured payment of the order amount pays an order still waiting for it, also after a failure (late authorisation)',
  },
  {
    from: ['created', 'pending'],
    to: 'failed',
    by: PAYMENT_ACTORS,
    whenPayment: ['pending'],
    setsPayment: 'failed',
    why: 'a failed attempt marks an order that nothing has paid; a paid order never goes back',
  },
  {
    from: ['created', 'pending', 'failed'],
    to: 'cancelled',
    by: ['expiry'],
    whenPayment: ['pending', 'failed'],
    why: 'an order still unpaid after the late-authorisation window is closed so the owner can remove it',
  },
  {
    from: ['paid', 'delivered', 'completed', 'cancelled'],
    to: 'paid',
    by: ['owner'],
    whenPayment: ['paid'],
    why: 'the owner corrects a status, or takes back a cancelled order whose money is held (it is then invoiced and confirmed)',
  },
  {
    from: ['paid', 'delivered', 'completed'],
    to: 'delivered',
    by: ['owner'],
    whenPayment: ['paid'],
    why: 'goods go out only against captured money, and a cancelled order is taken back (to paid) before it ships',
  },
  {
    from: ['paid'],
    to: 'delivered',
    by: ['courier'],
    whenPayment: ['paid'],
    why: "the courier's delivered scan delivers a paid order it carried; it never reopens a closed or cancelled one",
  },
  {
    from: ['paid', 'delivered', 'completed'],
    to: 'completed',
    by: ['owner'],
    whenPayment: ['paid', 'refunded'],
    why: 'a delivered order is closed; a fully refunded one may be closed too',
  },
  {
    from: ['cancelled'],
    to: 'completed',
    by: ['owner'],
    whenPayment: ['refunded'],
    why: 'a cancelled order whose money went back in full may be closed; one whose money is held may not (Remove would archive it unrefunded)',
  },
  {
    from: ['paid', 'delivered', 'completed', 'failed'],
    to: 'cancelled',
    by: ['owner'],
    whenPayment: ['paid', 'failed', 'refunded'],
    why: 'the owner cancels; money held on a cancelled order stays visible until it is refunded',
  },
];

export function findTransition(order: OrderState, to: OrderStatus, actor: OrderActor): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find(
    (t) => t.to === to && t.by.includes(actor) && t.from.includes(order.status) && t.whenPayment.includes(order.paymentStatus),
  );
}

export interface OrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

export type OwnerMove = { kind: 'move'; to: AdminSettableStatus } | { kind: 'unchanged' } | { kind: 'refused'; reason: string };

/** What the owner's request to set `to` does to this order (single and batch alike). */
export function decideOwnerMove(order: OrderState, to: AdminSettableStatus): OwnerMove {
  if (order.status === to) return { kind: 'unchanged' };
  if (findTransition(order, to, 'owner')) return { kind: 'move', to };
  return { kind: 'refused', reason: ownerRefusal(order, to) };
}

function ownerRefusal(order: OrderState, to: AdminSettableStatus): string {
  if (order.paymentStatus === 'pending') return 'Cannot change the status of an order whose payment is pending';
  if (order.status === 'cancelled' && order.paymentStatus === 'paid') {
    return `Cannot set ${to} on a cancelled order whose payment is held: refund it, or take it back first by setting it to paid`;
  }
  if (order.paymentStatus === 'failed') return `Cannot set ${to}: this order's payment failed`;
  if (order.paymentStatus === 'refunded') return `Cannot set ${to}: this order's payment was refunded`;
  return `Cannot change a ${order.status} order to ${to}`;
}

/**
 * The owner takes back a cancelled order whose money is held (moves it to paid): a sale after all,
 * so it takes its jars again, gets its GST tax invoice and the shopper their confirmation.
 */
export function isTakenBack(order: OrderState, to: OrderStatus): boolean {
  return order.status === 'cancelled' && order.paymentStatus === 'paid' && to === 'paid';
}

/** Statuses the owner's select offers for an order: the current one and those it may move to. */
export function ownerChoices(order: OrderState): AdminSettableStatus[] {
  return ADMIN_SETTABLE_STATUSES.filter((to) => decideOwnerMove(order, to).kind !== 'refused');
}

/**
 * (status, payment status) pairs that "Remove" may archive: finished orders with no money in limbo.
 * A cancelled order whose payment is still `paid` holds the shopper's money and stays until refunded.
 */
export const REMOVABLE_STATES: readonly OrderState[] = [
  { status: 'completed', paymentStatus: 'paid' },
  { status: 'completed', paymentStatus: 'refunded' },
  { status: 'cancelled', paymentStatus: 'pending' },
  { status: 'cancelled', paymentStatus: 'failed' },
  { status: 'cancelled', paymentStatus: 'refunded' },
];

export function canRemove(order: OrderState): boolean {
  return REMOVABLE_STATES.some((s) => s.status === order.status && s.paymentStatus === order.paymentStatus);
}

/**
 * What the owner may do to an order besides setting its status: record its dispatch (singly or in
 * the batch), refund it, resend its confirmation, remove it. The API answers a refusal with the
 * reason as it is; the admin pages offer only what is allowed.
 */
export const OWNER_ACTIONS = ['dispatch', 'ship', 'cancel-shipment', 'refund', 'resend-confirmation', 'remove', 'send-payment-link', 'cancel-payment-link'] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];

/**
 * The order as the owner's actions see it; `captured`: Razorpay reported its payment captured (a
 * refund needs it); `dispatched`: a dispatch is recorded (by hand or by a courier booking).
 */
export interface OwnerOrderFacts extends OrderState {
  captured?: boolean;
  dispatched?: boolean;
  /** The courier booking, when the order was shipped through the courier (cancel-shipment reads it). */
  shipment?: { state: OrderShipment['state']; deliveryStatus: ShipmentDeliveryStatus | null } | null;
  /** The order's latest payment link's status as Razorpay last reported it (decision 032); null without one. */
  paymentLinkStatus?: 'created' | 'paid' | 'expired' | 'cancelled' | null;
}

export type OwnerAnswer = { allowed: true } | { allowed: false; reason: string };

const ALLOWED: OwnerAnswer = { allowed: true };
const refusedBecause = (reason: string): OwnerAnswer => ({ allowed: false, reason });

/** Orders whose goods may go out (a cancelled order is taken back to paid first). */
const SHIPPABLE_STATUSES: readonly OrderStatus[] = ['paid', 'delivered', 'completed'];

/**
 * The courier's statuses of a parcel still at the kitchen: no event yet, or only the pickup
 * scheduled. A booking in any other may not be cancelled: the courier has the parcel (or had it).
 */
export const BEFORE_PICKUP_STATUSES: readonly (ShipmentDeliveryStatus | null)[] = [null, 'pickup-scheduled'];

/** May the owner do `action` to this order now? */
export function mayOwner(order: OwnerOrderFacts, action: OwnerAction): OwnerAnswer {
  switch (action) {
    case 'dispatch':
      // Goods go out only against captured money that is still the shop's.
      if (order.status === 'cancelled') return refusedBecause('Cannot record a dispatch for a cancelled order');
      if (order.paymentStatus === 'refunded') return refusedBecause("Cannot record a dispatch: this order's payment was refunded");
      if (order.paymentStatus !== 'paid') return refusedBecause('Cannot record a dispatch: this order is not paid');
      if (!SHIPPABLE_STATUSES.includes(order.status)) return refusedBecause(`Cannot record a dispatch for a ${order.status} order`);
      return ALLOWED;
    case 'ship':
      // Booking the courier sends the parcel out: a paid order not yet on its way, once.
      if (order.status === 'cancelled') return refusedBecause('Cannot ship a cancelled order');
      if (order.paymentStatus === 'refunded') return refusedBecause("Cannot ship: this order's payment was refunded");
      if (order.paymentStatus !== 'paid') return refusedBecause('Cannot ship: this order is not paid');
      if (order.status !== 'paid') return refusedBecause(`Cannot ship a ${order.status} order`);
      if (order.dispatched) return refusedBecause('This order has already been dispatched');
      return ALLOWED;
    case 'cancel-shipment': {
      // Cancelling the booking before pickup takes the order back to "paid, to ship".
      const shipment = order.shipment;
      if (!shipment) return refusedBecause('This order was not booked with the courier');
      if (shipment.state === 'cancelled') return refusedBecause('The booking is already cancelled');
      if (shipment.state === 'pending') return refusedBecause('The booking is still being made (the courier has not answered): cancel it once it is booked');
      if (shipment.state === 'failed') return refusedBecause('The courier refused this booking: there is nothing to cancel');
      if (!BEFORE_PICKUP_STATUSES.includes(shipment.deliveryStatus)) {
        return refusedBecause('The courier has already picked up the parcel: a booking can be cancelled only before pickup');
      }
      return ALLOWED;
    }
    case 'refund':
      if (order.paymentStatus === 'refunded') return refusedBecause('This order has already been refunded in full');
      if (order.paymentStatus !== 'paid') return refusedBecause('Only a paid order can be refunded');
      if (!order.captured) return refusedBecause("Razorpay has not reported this order's payment as captured yet: it cannot be refunded from here");
      return ALLOWED;
    case 'resend-confirmation':
      if (order.paymentStatus !== 'paid') return refusedBecause('Only a paid order has a confirmation to resend');
      if (order.status === 'cancelled') return refusedBecause('This order is cancelled: its confirmation is not resent');
      return ALLOWED;
    case 'remove':
      return canRemove(order) ? ALLOWED : refusedBecause('Only completed orders, and cancelled ones holding no money, can be removed');
    case 'send-payment-link':
      // A payment link asks for money nobody has paid, on an order a capture may still pay (the
      // first transition): waiting for its payment, or failed. A closed order is not reopened by one.
      if (!NEVER_PAID_PAYMENT_STATES.includes(order.paymentStatus)) return refusedBecause('This order is already paid: it needs no payment link');
      if (!findTransition(order, 'paid', 'webhook')) return refusedBecause(`A payment link cannot be sent for a ${order.status} order`);
      return ALLOWED;
    case 'cancel-payment-link':
      // Only a link still taking payments; the order stays as it is (unpaid), and a new link may follow.
      if (!order.paymentLinkStatus) return refusedBecause('This order has no payment link');
      if (order.paymentLinkStatus !== 'created') return refusedBecause(`The payment link is already ${order.paymentLinkStatus}`);
      return ALLOWED;
  }
}

/** Payment states of an order no money ever reached. */
export const NEVER_PAID_PAYMENT_STATES: readonly PaymentStatus[] = ['pending', 'failed'];

/**
 * What a shopper's request to erase their data takes from an order (README, "Personal data"): all
 * of its personal data when no money ever reached it; otherwise the e-mail and phone, as the GST
 * tax invoice keeps the name and address for eight years.
 */
export function erasureOf(order: OrderState): 'whole-order' | 'contact-details' {
  return NEVER_PAID_PAYMENT_STATES.includes(order.paymentStatus) ? 'whole-order' : 'contact-details';
}

/** Orders the retention pass erases whole once old enough: closed, and never paid. */
export const RETENTION_ERASABLE_STATES: readonly OrderState[] = (['failed', 'cancelled'] as const).flatMap((status) =>
  NEVER_PAID_PAYMENT_STATES.map((paymentStatus) => ({ status, paymentStatus })),
);

/** Orders the reconciler and expiry still watch: nothing has paid them and nobody closed them. */
export const AWAITING_PAYMENT_STATES: readonly OrderState[] = ORDER_TRANSITIONS.filter((t) => t.to === 'paid' && t.by.includes('reconciler')).flatMap(
  (t) => t.from.flatMap((status) => t.whenPayment.map((paymentStatus) => ({ status, paymentStatus }))),
);

// ---- payments ----

/** What Razorpay told us about a payment (in paise), from whichever path saw it. */
export type PaymentObservation =
  | { kind: 'authorised'; paymentId: string; amountPaise: number }
  // `closedPaymentLink`: paid on one of the owner's payment links after it expired or was cancelled (decision 032).
  | { kind: 'captured'; paymentId: string; amountPaise: number; closedPaymentLink?: true }
  | { kind: 'failed'; paymentId?: string; reason: string }
  | { kind: 'refund-created'; paymentId: string; refundId: string; refundPaise: number }
  | { kind: 'refund-processed'; paymentId: string; refundId: string; refundPaise: number; paymentAmountPaise: number }
  | { kind: 'refund-failed'; paymentId: string; refundId: string; refundPaise: number };

/**
 * What the owner must look at: money that landed where it should not (recorded, never confirmed to
 * the shopper), a paid order whose confirmation e-mail has not gone out for a day, and a paid order
 * the daily check found without its tax invoice.
 */
export const ATTENTION_KINDS = [
  'capture-on-closed-order',
  'capture-on-removed-order',
  'capture-for-unknown-order',
  'amount-mismatch',
  'second-capture',
  'refund-failed',
  'confirmation-not-sent',
  'capture-without-stock',
  'paid-without-invoice',
  'capture-on-closed-payment-link',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const ATTENTION_TEXT: Record<AttentionKind, string> = {
  'capture-on-closed-order': 'Payment captured on an order that was already closed (cancelled, delivered or completed): refund it or take the order back',
  'capture-on-removed-order': 'Payment captured on an order that was removed from the panel: refund it at Razorpay',
  'capture-for-unknown-order': 'Payment captured for a Razorpay order this shop does not know: look it up at Razorpay',
  'amount-mismatch': 'Payment captured for a different amount than the order: check it and refund or settle by hand',
  'second-capture': 'A second payment was captured on an order that was already paid: refund one of them',
  'refund-failed': 'A refund failed at Razorpay: the shopper has not got the money back',
  'confirmation-not-sent': 'The order confirmation could not be e-mailed for a day (the shop keeps trying): tell the shopper their order is confirmed',
  'capture-without-stock':
    'Payment captured after the order\'s jars were released, and the batch has none left: add jars on the Stock page and the order takes them and is confirmed within a minute, or cancel it and refund',
  'capture-on-closed-payment-link':
    "Payment captured on a payment link that had expired or been cancelled: the order was not confirmed; refund it at Razorpay, or confirm the order by hand if the shopper still wants it",
  'paid-without-invoice': 'A paid order has no GST tax invoice (the daily check found it): it is missing from the invoice series and GSTR-1; have the accountant issue one by hand before it ships',
};

/** The order as the payment rules see it; `refundedPaise` counts processed refunds. */
export interface OrderPaymentState extends OrderState {
  amountPaise: number;
  razorpayPaymentId: string | null;
  refundedPaise: number;
}

/** Where the payment's order was found. */
export type OrderLookup = { found: 'live'; order: OrderPaymentState } | { found: 'archived' } | { found: 'none' };

export interface PaymentDecision {
  /** New status and payment status; absent when the order stays as it is. */
  next?: OrderState;
  /** A refund to add to the order's refunded total. */
  refundPaise?: number;
  /** Write payment.verified: the shopper's confirmation and the owner's new-order alert. */
  confirm: boolean;
  attention?: AttentionKind;
  /** Ask Razorpay about the order soon (an authorised payment that may need capturing). */
  reconcileSoon?: boolean;
  /** For the order's history. */
  reason?: string;
}

const NOTHING: PaymentDecision = { confirm: false };

/**
 * The one answer to "what does this payment observation do to the order?", used by verify, the
 * browser's failure report, the webhook and the reconciler alike.
 */
export function decidePaymentObservation(lookup: OrderLookup, observation: PaymentObservation, actor: PaymentActor): PaymentDecision {
  if (lookup.found !== 'live') {
    if (observation.kind === 'captured') return { confirm: false, attention: lookup.found === 'archived' ? 'capture-on-removed-order' : 'capture-for-unknown-order' };
    if (observation.kind === 'refund-failed') return { confirm: false, attention: 'refund-failed' };
    return NOTHING;
  }
  const order = lookup.order;
  switch (observation.kind) {
    case 'authorised':
      // Orders are created with automatic capture; this only asks the reconciler to look soon.
      return { confirm: false, reconcileSoon: findTransition(order, 'paid', actor) !== undefined };
    case 'captured': {
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
        if (order.razorpayPaymentId && order.razorpayPaymentId !== observation.paymentId) return { confirm: false, attention: 'second-capture' };
        // The same payment seen again (duplicate or reordered event, or the browser after the
        // webhook) changes nothing; on an order that was closed when it landed, it is answered as
        // it was the first time (the item exists already: nothing new is raised).
        return order.status === 'cancelled' ? { confirm: false, attention: 'capture-on-closed-order' } : NOTHING;
      }
      // Money the shop did not expect: the link was closed, so nobody is told the order is confirmed.
      if (observation.closedPaymentLink) return { confirm: false, attention: 'capture-on-closed-payment-link', reason: 'payment captured on a closed payment link' };
      if (observation.amountPaise !== order.amountPaise) return { confirm: false, attention: 'amount-mismatch' };
      const pays = findTransition(order, 'paid', actor);
      if (pays) {
        return {
          confirm: true,
          next: { status: 'paid', paymentStatus: 'paid' },
          reason: order.paymentStatus === 'failed' ? 'payment captured after an earlier failure (late authorisation or retry)' : undefined,
        };
      }
      // Captured on an order nobody is waiting for any more: the money is real, so the payment
      // status says so, but the status stays and the shopper is not told it is confirmed.
      return { confirm: false, next: { status: order.status, paymentStatus: 'paid' }, attention: 'capture-on-closed-order', reason: `payment captured on a ${order.status} order` };
    }
    case 'failed': {
      const fails = findTransition(order, 'failed', actor);
      return fails ? { confirm: false, next: { status: 'failed', paymentStatus: 'failed' }, reason: observation.reason } : NOTHING;
    }
    case 'refund-processed': {
      // The sum of the refunds processed, never the payment's amount_refunded, which counts refunds
      // still pending too: one of them may yet fail and the money stay with the shop.
      const full = order.refundedPaise + observation.refundPaise >= observation.paymentAmountPaise;
      const reason = `${full ? 'Full' : 'Partial'} refund of ${formatPaise(observation.refundPaise)} processed (${observation.refundId})`;
      return {
        confirm: false,
        refundPaise: observation.refundPaise,
        next: { status: order.status, paymentStatus: full ? 'refunded' : order.paymentStatus },
        reason,
      };
    }
    case 'refund-created':
      // Money goes back only when Razorpay reports the refund processed.
      return NOTHING;
    case 'refund-failed':
      return { confirm: false, attention: 'refund-failed' };
  }
}
