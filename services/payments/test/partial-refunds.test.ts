import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@pickles/test-kit';
import { startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * The order's refunded state follows the refunds Razorpay processed, never the payment's
 * `amount_refunded`, which counts refunds still pending too: two partial refunds made in Razorpay's
 * dashboard, the first processed while the second is pending (its webhook's payment already says
 * the whole amount is refunded), then the second fails at the bank.
 */
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ holdRefunds: true });
});
afterAll(async () => {
  await h?.close();
});

const orderRow = (orderNumber: string) =>
  h.db.selectFrom('orders').select(['payment_status', 'refunded_paise']).where('order_number', '=', orderNumber).executeTakeFirstOrThrow();

describe('a partial refund processed while another is pending', () => {
  it('leaves the order paid; it becomes refunded only when processed refunds reach the amount', async () => {
    const order = await h.createOrder();
    const payment = h.pay(order.razorpayOrderId);
    await eventually(async () => (await orderRow(order.orderNumber)).payment_status === 'paid');

    const first = await h.razorpay.refundPayment(payment.paymentId, { amountPaise: 30_000 });
    const second = await h.razorpay.refundPayment(payment.paymentId, { amountPaise: order.amountPaise - 30_000 });
    h.sandbox.state.settleRefund(first.id, 'processed');
    await eventually(async () => (await orderRow(order.orderNumber)).refunded_paise === 30_000);
    expect(await orderRow(order.orderNumber)).toEqual({ payment_status: 'paid', refunded_paise: 30_000 });

    // The second refund fails: the shop still holds that money, and the order says so.
    h.sandbox.state.settleRefund(second.id, 'failed');
    await eventually(async () => (await h.db.selectFrom('payment_attention').select('kind').where('order_id', '=', order.id).execute()).length > 0);
    expect(await orderRow(order.orderNumber)).toEqual({ payment_status: 'paid', refunded_paise: 30_000 });

    // Refunded again, in full this time: now the order is refunded.
    const third = await h.razorpay.refundPayment(payment.paymentId, { amountPaise: order.amountPaise - 30_000 });
    h.sandbox.state.settleRefund(third.id, 'processed');
    await eventually(async () => (await orderRow(order.orderNumber)).payment_status === 'refunded');
    expect(await orderRow(order.orderNumber)).toEqual({ payment_status: 'refunded', refunded_paise: order.amountPaise });
  });
});
