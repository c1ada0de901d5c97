import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@pickles/service-kit';
import { sql } from '@pickles/db';
import { expireUnpaidOnce, reconcileOnce } from '../src/reconcile/reconciler.js';
import { startPaymentsHarness, type PaymentsHarness } from './harness.js';

/**
 * A flood of orders nobody pays (a hoarder's, a bot's) never keeps a real payment from being
 * recovered: the reconciler looks at orders with a payment seen and orders never looked at before
 * first, and orders past the late-authorisation window are the expiry job's. This file claims every
 * order awaiting payment in its database, so it has one of its own.
 */
let h: PaymentsHarness;
const logger = createLogger('reconciler-priority', 'silent');
const FOUR_DAYS = 4 * 86_400;

beforeAll(async () => {
  // The shopper's browser closed and Razorpay's webhooks are lost: only the reconciler can find the payment.
  h = await startPaymentsHarness({ withholdWebhooks: true }, {}, { ownDatabase: true });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.db.updateTable('orders').set({ status: 'cancelled', next_reconcile_at: null }).where('status', 'in', ['created', 'pending', 'failed']).execute();
});

/** `n` orders nobody tried to pay, placed `minutesAgo` and, if `looked`, looked at once already (their next look due). */
async function unpaidOrders(n: number, minutesAgo: number, looked: boolean) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await h.createOrder()).id);
  await h.db
    .updateTable('orders')
    .set({ created_at: sql`now() - make_interval(mins => ${minutesAgo})`, reconcile_attempts: looked ? 1 : 0, next_reconcile_at: looked ? sql`now() - interval '1 minute'` : null })
    .where('id', 'in', ids)
    .execute();
  return ids;
}

const deps = () => ({ db: h.db, razorpay: h.razorpay, logger, relay: { nudge: () => {} } });

describe('the reconciler under a flood of unpaid orders', () => {
  it('finds the one real payment in its first pass of ten, ahead of thirty orders nobody paid placed earlier', async () => {
    await unpaidOrders(30, 20, true);
    const real = await h.createOrder();
    h.pay(real.razorpayOrderId);
    const result = await reconcileOnce(deps(), { olderThanSeconds: 0, expireAfterSeconds: FOUR_DAYS, batchSize: 10 });
    expect(result).toMatchObject({ checked: 10, paid: 1 });
    expect(await h.order(real.orderNumber)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('an order whose payment was seen (a failure reported, then authorised late) comes before orders never looked at', async () => {
    await unpaidOrders(12, 30, false);
    const retried = await h.createOrder();
    const failed = h.pay(retried.razorpayOrderId, 'failed');
    await h.reportFailure({ razorpay_order_id: retried.razorpayOrderId, razorpay_payment_id: failed.paymentId, error: { description: 'Card declined' } });
    await h.db.updateTable('orders').set({ next_reconcile_at: null }).where('id', '=', retried.id).execute();
    h.pay(retried.razorpayOrderId);
    const result = await reconcileOnce(deps(), { olderThanSeconds: 0, expireAfterSeconds: FOUR_DAYS, batchSize: 5 });
    expect(result.paid).toBe(1);
    expect(await h.order(retried.orderNumber)).toMatchObject({ status: 'paid' });
  });

  it("orders past the window are the expiry job's: they never take the reconciler's turn, and the expiry job closes them", async () => {
    const stale = await unpaidOrders(30, 5 * 24 * 60, false);
    const real = await h.createOrder();
    h.pay(real.razorpayOrderId);
    const reconciled = await reconcileOnce(deps(), { olderThanSeconds: 0, expireAfterSeconds: FOUR_DAYS, batchSize: 10 });
    expect(reconciled).toMatchObject({ checked: 1, paid: 1, expired: 0 });
    const expired = await expireUnpaidOnce(deps(), { expireAfterSeconds: FOUR_DAYS, batchSize: 50 });
    expect(expired).toMatchObject({ checked: 30, expired: 30 });
    const closed = await h.db.selectFrom('orders').select('status').where('id', 'in', stale).execute();
    expect(closed.every((order) => order.status === 'cancelled')).toBe(true);
  });
});
