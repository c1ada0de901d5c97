import type { ShipmentDeliveryStatus } from './api.js';
import { describe, expect, it } from 'vitest';
import {
  AWAITING_PAYMENT_STATES,
  canRemove,
  decideOwnerMove,
  decidePaymentObservation,
  erasureOf,
  findTransition,
  mayOwner,
  OWNER_ACTIONS,
  ORDER_ACTORS,
  ownerChoices,
  type OrderActor,
  type OwnerAction,
  type OrderPaymentState,
  type PaymentObservation,
} from './order-lifecycle.js';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from './order-status.js';

/**
 * The lifecycle's rules said again in plain words, independently of the table's layout, so that
 * every cell (from status x payment status x to status x actor) is checked against them.
 */
function expectedAllowed(from: OrderStatus, payment: PaymentStatus, to: OrderStatus, actor: OrderActor): boolean {
  const waitingForMoney = (['created', 'pending', 'failed'] as string[]).includes(from) && (['pending', 'failed'] as string[]).includes(payment);
  switch (actor) {
    case 'shopper':
    case 'webhook':
    case 'reconciler':
      if (to === 'paid') return waitingForMoney;
      if (to === 'failed') return (from === 'created' || from === 'pending') && payment === 'pending';
      return false;
    case 'expiry':
      return to === 'cancelled' && waitingForMoney;
    case 'courier':
      // Its delivered scan delivers a paid order it carried, nothing else.
      return to === 'delivered' && from === 'paid' && payment === 'paid';
    case 'owner': {
      const fulfilled = (['paid', 'delivered', 'completed'] as string[]).includes(from);
      // A cancelled order whose money is held goes back to paid (taken back) and nowhere else.
      if (to === 'paid') return (fulfilled || from === 'cancelled') && payment === 'paid';
      if (to === 'delivered') return fulfilled && payment === 'paid';
      if (to === 'completed') return (fulfilled && (payment === 'paid' || payment === 'refunded')) || (from === 'cancelled' && payment === 'refunded');
      if (to === 'cancelled') return (['paid', 'delivered', 'completed', 'failed'] as string[]).includes(from) && payment !== 'pending';
      return false;
    }
  }
}

describe('the transition table', () => {
  const cells = ORDER_STATUSES.flatMap((from) =>
    PAYMENT_STATUSES.flatMap((payment) => ORDER_STATUSES.flatMap((to) => ORDER_ACTORS.map((actor) => [from, payment, to, actor] as const))),
  );

  it('allows exactly the moves the rules allow, cell by cell', () => {
    const wrong = cells
      .filter(([from, payment, to, actor]) => (findTransition({ status: from, paymentStatus: payment }, to, actor) !== undefined) !== expectedAllowed(from, payment, to, actor))
      .map(([from, payment, to, actor]) => `${from}/${payment} -> ${to} by ${actor}`);
    expect(wrong).toEqual([]);
  });

  it('covers all 1,176 cells, 57 of them allowed', () => {
    expect(cells).toHaveLength(7 * 4 * 7 * 6);
    expect(cells.filter(([from, payment, to, actor]) => expectedAllowed(from, payment, to, actor))).toHaveLength(57);
  });

  it('the orders still awaiting payment are the unpaid, unclosed ones', () => {
    expect(AWAITING_PAYMENT_STATES.map((s) => `${s.status}/${s.paymentStatus}`).sort()).toEqual(
      ['created/failed', 'created/pending', 'failed/failed', 'failed/pending', 'pending/failed', 'pending/pending'].sort(),
    );
  });
});

describe('the owner', () => {
  it('sets the same status again as a no-op, and gets a reason for every refusal', () => {
    expect(decideOwnerMove({ status: 'paid', paymentStatus: 'paid' }, 'paid')).toEqual({ kind: 'unchanged' });
    expect(decideOwnerMove({ status: 'paid', paymentStatus: 'paid' }, 'delivered')).toEqual({ kind: 'move', to: 'delivered' });
    expect(decideOwnerMove({ status: 'created', paymentStatus: 'pending' }, 'cancelled')).toEqual({
      kind: 'refused',
      reason: 'Cannot change the status of an order whose payment is pending',
    });
    expect(decideOwnerMove({ status: 'failed', paymentStatus: 'failed' }, 'paid')).toEqual({ kind: 'refused', reason: "Cannot set paid: this order's payment failed" });
    expect(decideOwnerMove({ status: 'delivered', paymentStatus: 'refunded' }, 'delivered')).toEqual({ kind: 'unchanged' });
    expect(decideOwnerMove({ status: 'paid', paymentStatus: 'refunded' }, 'delivered')).toEqual({ kind: 'refused', reason: "Cannot set delivered: this order's payment was refunded" });
  });

  it('is offered exactly the statuses the lifecycle allows', () => {
    expect(ownerChoices({ status: 'paid', paymentStatus: 'paid' })).toEqual(['paid', 'cancelled', 'delivered', 'completed']);
    expect(ownerChoices({ status: 'failed', paymentStatus: 'failed' })).toEqual(['cancelled']);
    expect(ownerChoices({ status: 'created', paymentStatus: 'pending' })).toEqual([]);
    expect(ownerChoices({ status: 'cancelled', paymentStatus: 'refunded' })).toEqual(['cancelled', 'completed']);
  });

  it('removes only finished orders with no money held', () => {
    const removable = ORDER_STATUSES.flatMap((status) => PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus }))).filter(canRemove);
    expect(removable.map((s) => `${s.status}/${s.paymentStatus}`).sort()).toEqual(
      ['cancelled/failed', 'cancelled/pending', 'cancelled/refunded', 'completed/paid', 'completed/refunded'].sort(),
    );
  });
});

/**
 * The owner's other actions said again in plain words, independently of mayOwner's code: goods go
 * out only for a paid, uncancelled, unrefunded order that is paid, delivered or completed; a refund
 * needs money held that Razorpay reported captured; a confirmation is resent only for a paid order
 * that is not cancelled; Remove takes completed orders and cancelled ones with no money held.
 */
function expectedOwnerAction(status: OrderStatus, payment: PaymentStatus, captured: boolean, action: OwnerAction): boolean {
  switch (action) {
    case 'dispatch':
      return payment === 'paid' && (['paid', 'delivered', 'completed'] as string[]).includes(status);
    case 'ship':
      return payment === 'paid' && status === 'paid';
    case 'cancel-shipment':
      // No booking in these cells: nothing to cancel (the booking's own cases are below).
      return false;
    case 'refund':
      return payment === 'paid' && captured;
    case 'resend-confirmation':
      return payment === 'paid' && status !== 'cancelled';
    case 'remove':
      return status === 'completed' ? payment === 'paid' || payment === 'refunded' : status === 'cancelled' && payment !== 'paid';
    case 'send-payment-link':
      // Nobody paid it, and a capture would still pay it: waiting for its payment, or failed.
      return (payment === 'pending' || payment === 'failed') && ['created', 'pending', 'failed'].includes(status);
    case 'cancel-payment-link':
      // No link in these cells: nothing to cancel (the link's own cases are below).
      return false;
  }
}

describe("the owner's actions", () => {
  const cells = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.flatMap((payment) => [true, false].flatMap((captured) => OWNER_ACTIONS.map((action) => [status, payment, captured, action] as const))),
  );

  it('allows exactly what the rules allow, for every (status, payment status, captured, action), each refusal with a reason', () => {
    expect(cells).toHaveLength(7 * 4 * 2 * 8);
    const wrong = cells.flatMap(([status, payment, captured, action]) => {
      const answer = mayOwner({ status, paymentStatus: payment, captured }, action);
      const problems: string[] = [];
      if (answer.allowed !== expectedOwnerAction(status, payment, captured, action)) problems.push(`${status}/${payment}${captured ? '/captured' : ''}: ${action} ${answer.allowed ? 'allowed' : 'refused'}`);
      if (!answer.allowed && !answer.reason) problems.push(`${status}/${payment}: ${action} refused without a reason`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('ships an order once: a paid order with a dispatch recorded (by hand or by the courier) is not booked again', () => {
    expect(mayOwner({ status: 'paid', paymentStatus: 'paid' }, 'ship')).toEqual({ allowed: true });
    expect(mayOwner({ status: 'paid', paymentStatus: 'paid', dispatched: true }, 'ship')).toEqual({ allowed: false, reason: 'This order has already been dispatched' });
  });

  it('cancels a courier booking only when it is booked and the parcel not yet picked up', () => {
    const paid = { status: 'paid', paymentStatus: 'paid' } as const;
    const booking = (state: 'pending' | 'booked' | 'failed' | 'cancelled', deliveryStatus: ShipmentDeliveryStatus | null) =>
      mayOwner({ ...paid, shipment: { state, deliveryStatus } }, 'cancel-shipment');
    expect(booking('booked', null)).toEqual({ allowed: true });
    expect(booking('booked', 'pickup-scheduled')).toEqual({ allowed: true });
    for (const status of ['picked-up', 'in-transit', 'out-for-delivery', 'delivered', 'undelivered', 'rto-initiated', 'rto-delivered'] as const) {
      expect(booking('booked', status), status).toEqual({ allowed: false, reason: 'The courier has already picked up the parcel: a booking can be cancelled only before pickup' });
    }
    expect(booking('cancelled', 'cancelled')).toEqual({ allowed: false, reason: 'The booking is already cancelled' });
    expect(booking('pending', null).allowed).toBe(false);
    expect(booking('failed', null).allowed).toBe(false);
    expect(mayOwner(paid, 'cancel-shipment')).toEqual({ allowed: false, reason: 'This order was not booked with the courier' });
  });

  it('cancels a payment link only while it takes payments', () => {
    const waiting = { status: 'created', paymentStatus: 'pending' } as const;
    expect(mayOwner({ ...waiting, paymentLinkStatus: 'created' }, 'cancel-payment-link')).toEqual({ allowed: true });
    expect(mayOwner(waiting, 'cancel-payment-link')).toEqual({ allowed: false, reason: 'This order has no payment link' });
    for (const status of ['paid', 'expired', 'cancelled'] as const) {
      expect(mayOwner({ ...waiting, paymentLinkStatus: status }, 'cancel-payment-link')).toEqual({ allowed: false, reason: `The payment link is already ${status}` });
    }
  });

  it("the courier's delivered scan delivers a paid order and nothing else", () => {
    const delivers = (status: OrderStatus, paymentStatus: PaymentStatus) => findTransition({ status, paymentStatus }, 'delivered', 'courier') !== undefined;
    expect(delivers('paid', 'paid')).toBe(true);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'paid')) expect(delivers(status, 'paid'), status).toBe(false);
    expect(delivers('paid', 'refunded')).toBe(false);
  });

  it('a cancelled order whose money is held can only be taken back: no move of the owner reaches a state Remove accepts', () => {
    // Every state reachable by owner moves alone from cancelled/paid, and how (a breadth-first walk of the table).
    const start = { status: 'cancelled', paymentStatus: 'paid' } as const;
    expect(ownerChoices(start)).toEqual(['paid', 'cancelled']);
    expect(mayOwner(start, 'remove').allowed).toBe(false);
    expect(decideOwnerMove(start, 'completed')).toEqual({
      kind: 'refused',
      reason: 'Cannot set completed on a cancelled order whose payment is held: refund it, or take it back first by setting it to paid',
    });
    const reachedWithoutTakingBack = new Set<string>();
    const queue: OrderStatus[] = ['cancelled'];
    while (queue.length) {
      const from = queue.shift()!;
      for (const to of ORDER_STATUSES) {
        if (to === 'paid' || reachedWithoutTakingBack.has(to) || !findTransition({ status: from, paymentStatus: 'paid' }, to, 'owner')) continue;
        reachedWithoutTakingBack.add(to);
        queue.push(to);
      }
    }
    expect([...reachedWithoutTakingBack]).toEqual([]);
  });

  it('erases a whole order only when no money reached it; otherwise the e-mail and phone', () => {
    const whole = ORDER_STATUSES.flatMap((status) => PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus }))).filter((order) => erasureOf(order) === 'whole-order');
    expect([...new Set(whole.map((order) => order.paymentStatus))].sort()).toEqual(['failed', 'pending']);
    expect(erasureOf({ status: 'cancelled', paymentStatus: 'refunded' })).toBe('contact-details');
  });
});

describe('a payment observation', () => {
  const order = (status: OrderStatus, paymentStatus: PaymentStatus, extra: Partial<OrderPaymentState> = {}): OrderPaymentState => ({
    status,
    paymentStatus,
    amountPaise: 115_000,
    razorpayPaymentId: paymentStatus === 'paid' || paymentStatus === 'refunded' ? 'pay_first' : null,
    refundedPaise: 0,
    ...extra,
  });
  const live = (o: OrderPaymentState) => ({ found: 'live' as const, order: o });
  const captured: PaymentObservation = { kind: 'captured', paymentId: 'pay_first', amountPaise: 115_000 };

  it('a capture pays an order awaiting payment and confirms it, also after a failure', () => {
    expect(decidePaymentObservation(live(order('created', 'pending')), captured, 'webhook')).toEqual({ confirm: true, next: { status: 'paid', paymentStatus: 'paid' }, reason: undefined });
    expect(decidePaymentObservation(live(order('failed', 'failed')), captured, 'reconciler')).toMatchObject({ confirm: true, next: { status: 'paid', paymentStatus: 'paid' }, reason: expect.stringContaining('late authorisation') });
  });

  it('the same capture again changes nothing; another capture on a paid order needs attention', () => {
    expect(decidePaymentObservation(live(order('delivered', 'paid')), captured, 'webhook')).toEqual({ confirm: false });
    expect(decidePaymentObservation(live(order('paid', 'paid')), { ...captured, paymentId: 'pay_second' }, 'webhook')).toEqual({ confirm: false, attention: 'second-capture' });
  });

  it('the same capture seen again on a cancelled order is answered as the first time: never confirmed, the same attention', () => {
    expect(decidePaymentObservation(live(order('cancelled', 'paid')), captured, 'shopper')).toEqual({ confirm: false, attention: 'capture-on-closed-order' });
    expect(decidePaymentObservation(live(order('cancelled', 'refunded')), captured, 'webhook')).toEqual({ confirm: false, attention: 'capture-on-closed-order' });
  });

  it('a capture on a cancelled order records the money, keeps the status and never confirms', () => {
    for (const paymentStatus of ['failed', 'pending'] as const) {
      expect(decidePaymentObservation(live(order('cancelled', paymentStatus)), captured, 'webhook')).toEqual({
        confirm: false,
        next: { status: 'cancelled', paymentStatus: 'paid' },
        attention: 'capture-on-closed-order',
        reason: 'payment captured on a cancelled order',
      });
    }
  });

  it('a different amount, a removed order or an unknown one needs attention and changes nothing', () => {
    expect(decidePaymentObservation(live(order('created', 'pending')), { ...captured, amountPaise: 1 }, 'webhook')).toEqual({ confirm: false, attention: 'amount-mismatch' });
    expect(decidePaymentObservation({ found: 'archived' }, captured, 'webhook')).toEqual({ confirm: false, attention: 'capture-on-removed-order' });
    expect(decidePaymentObservation({ found: 'none' }, captured, 'reconciler')).toEqual({ confirm: false, attention: 'capture-for-unknown-order' });
    expect(decidePaymentObservation({ found: 'none' }, { kind: 'failed', reason: 'x' }, 'webhook')).toEqual({ confirm: false });
  });

  it('a capture on a payment link that had closed confirms nothing and needs attention, on an order waiting or failed', () => {
    for (const [status, paymentStatus] of [['created', 'pending'], ['failed', 'failed']] as const) {
      expect(decidePaymentObservation(live(order(status, paymentStatus)), { ...captured, closedPaymentLink: true }, 'webhook')).toEqual({
        confirm: false,
        attention: 'capture-on-closed-payment-link',
        reason: 'payment captured on a closed payment link',
      });
    }
  });

  it('a failure marks only a pending order failed; a paid one never goes back', () => {
    const failed: PaymentObservation = { kind: 'failed', reason: 'Card declined' };
    expect(decidePaymentObservation(live(order('created', 'pending')), failed, 'shopper')).toEqual({ confirm: false, next: { status: 'failed', paymentStatus: 'failed' }, reason: 'Card declined' });
    expect(decidePaymentObservation(live(order('paid', 'paid')), failed, 'webhook')).toEqual({ confirm: false });
    expect(decidePaymentObservation(live(order('cancelled', 'pending')), failed, 'webhook')).toEqual({ confirm: false });
  });

  it('an authorisation asks the reconciler to look soon only while the order awaits payment', () => {
    const authorised: PaymentObservation = { kind: 'authorised', paymentId: 'pay_first', amountPaise: 115_000 };
    expect(decidePaymentObservation(live(order('created', 'pending')), authorised, 'webhook')).toEqual({ confirm: false, reconcileSoon: true });
    expect(decidePaymentObservation(live(order('cancelled', 'failed')), authorised, 'webhook')).toEqual({ confirm: false, reconcileSoon: false });
  });

  it('refunds: partial keeps the payment paid, the processed refunds reaching the amount make it refunded', () => {
    const refund = (refundPaise: number): PaymentObservation => ({ kind: 'refund-processed', paymentId: 'pay_first', refundId: 'rfnd_1', refundPaise, paymentAmountPaise: 115_000 });
    expect(decidePaymentObservation(live(order('paid', 'paid')), refund(20_000), 'webhook')).toEqual({
      confirm: false,
      refundPaise: 20_000,
      next: { status: 'paid', paymentStatus: 'paid' },
      reason: 'Partial refund of ₹200 processed (rfnd_1)',
    });
    expect(decidePaymentObservation(live(order('delivered', 'paid', { refundedPaise: 20_000 })), refund(95_000), 'webhook')).toMatchObject({
      next: { status: 'delivered', paymentStatus: 'refunded' },
      reason: 'Full refund of ₹950 processed (rfnd_1)',
    });
    expect(decidePaymentObservation(live(order('paid', 'paid')), { kind: 'refund-failed', paymentId: 'pay_first', refundId: 'rfnd_2', refundPaise: 100 }, 'webhook')).toEqual({
      confirm: false,
      attention: 'refund-failed',
    });
  });
});
