import { describe, expect, it } from 'vitest';
import { shopperStage, type ShopperStageFacts } from './shopper-stage.js';

const paid: ShopperStageFacts = { status: 'paid', paymentStatus: 'paid', courierName: null, amountPaise: 65_000, refundedPaise: 0, refundsInProgress: 0 };
const facts = (change: Partial<ShopperStageFacts>): ShopperStageFacts => ({ ...paid, ...change });

describe('shopperStage', () => {
  it('paid, not yet dispatched: confirmed and being prepared, packed within 7-10 days', () => {
    expect(shopperStage(paid)).toEqual({
      stage: 'paid',
      headline: 'Your order is confirmed and being prepared',
      next: "We prepare and pack your pickles within 7-10 days, then e-mail you the courier's tracking number.",
    });
  });

  it('paid with a dispatch record: on its way with the courier (when it arrives is the delivery promise\'s to say)', () => {
    expect(shopperStage(facts({ courierName: 'Blue Dart' }))).toEqual({
      stage: 'dispatched',
      headline: 'On its way with Blue Dart',
      next: "Follow your parcel on the courier's website with the tracking number.",
    });
  });

  it('delivered and completed: delivered, claims within 24 hours with an unboxing video', () => {
    for (const status of ['delivered', 'completed']) {
      expect(shopperStage(facts({ status, courierName: 'DTDC' }))).toEqual({
        stage: 'delivered',
        headline: 'Your order was delivered',
        next: 'If anything is wrong with your order, tell us within 24 hours of delivery and send an unboxing video.',
      });
    }
  });

  it('a partial refund of a dispatched order keeps the stage and adds when the money arrives', () => {
    const inProgress = shopperStage(facts({ courierName: 'Delhivery', refundsInProgress: 1 }));
    expect(inProgress.stage).toBe('dispatched');
    expect(inProgress.next).toMatch(/ A refund is being processed\. Refunds reach your account in 7-10 business days\.$/);
    const processed = shopperStage(facts({ status: 'delivered', refundedPaise: 10_000 }));
    expect(processed.stage).toBe('delivered');
    expect(processed.next).toMatch(/ Part of your payment was refunded\. Refunds reach your account in 7-10 business days\.$/);
  });

  it('refunded in full (not cancelled): refunded, money back in 7-10 business days', () => {
    expect(shopperStage(facts({ status: 'delivered', paymentStatus: 'refunded', refundedPaise: 65_000 }))).toEqual({
      stage: 'refunded',
      headline: 'Your order was refunded in full',
      next: 'Refunds reach your account in 7-10 business days.',
    });
  });

  it('cancelled: the note depends on the money (never paid, refunded, refund on its way, not yet refunded)', () => {
    expect(shopperStage(facts({ status: 'cancelled', paymentStatus: 'pending' }))).toEqual({
      stage: 'cancelled',
      headline: 'This order was cancelled',
      next: 'No payment was taken for it, so there is nothing to refund. You are welcome to order again from our shop.',
    });
    expect(shopperStage(facts({ status: 'cancelled', paymentStatus: 'failed' })).headline).toBe('This order was cancelled');
    expect(shopperStage(facts({ status: 'cancelled', paymentStatus: 'refunded', refundedPaise: 65_000 }))).toEqual({
      stage: 'cancelled',
      headline: 'Your order was cancelled and refunded in full',
      next: 'Refunds reach your account in 7-10 business days.',
    });
    expect(shopperStage(facts({ status: 'cancelled', refundsInProgress: 1 }))).toEqual({
      stage: 'cancelled',
      headline: 'Your order was cancelled',
      next: 'Your refund is on its way. Refunds reach your account in 7-10 business days.',
    });
    expect(shopperStage(facts({ status: 'cancelled' })).next).toBe('We will refund your payment. Refunds reach your account in 7-10 business days.');
  });

  it('payment failed: says so and that a debited payment comes back on its own', () => {
    for (const status of ['failed', 'pending']) {
      const stage = shopperStage(facts({ status, paymentStatus: 'failed' }));
      expect(stage.stage).toBe('payment-failed');
      expect(stage.headline).toBe('The payment for this order did not go through');
      expect(stage.next).toContain('Razorpay refunds it automatically');
    }
  });

  it('created or pending, payment pending: awaiting payment', () => {
    for (const status of ['created', 'pending']) {
      expect(shopperStage(facts({ status, paymentStatus: 'pending' }))).toMatchObject({
        stage: 'awaiting-payment',
        headline: 'We are waiting for the payment for this order',
      });
    }
  });
});
