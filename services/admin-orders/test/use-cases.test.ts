import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { insertOrder, testDb } from '@pickles/test-kit';
import { creditNotePdf, invoicePdf, orderStatusHistory, resolvePaymentAttention } from '../src/domain/order-panel.js';
import { changeOrderStatus, changeOrderStatuses, removeFinishedOrders } from '../src/domain/order-status.js';
import { requestRefund } from '../src/domain/refunds.js';

/**
 * The use cases of src/domain called as the handlers call them, for the outcomes this service's
 * HTTP tests do not reach (the routes themselves are driven in test/integration).
 */
const db = testDb();
afterAll(() => db.destroy());

describe('admin-orders use cases', () => {
  it('resolves an open payment problem once, naming its order; an unknown or resolved one is undefined', async () => {
    const order = await insertOrder(db);
    const { id } = await db
      .insertInto('payment_attention')
      .values({ kind: 'amount-mismatch', order_id: order.id, order_number: order.orderNumber, razorpay_payment_id: `pay_${randomUUID().slice(0, 8)}`, amount_paise: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await resolvePaymentAttention(db, id, 'admin:test')).toEqual({ orderId: order.id, orderNumber: order.orderNumber });
    expect(await resolvePaymentAttention(db, id, 'admin:test')).toBeUndefined();
    expect(await resolvePaymentAttention(db, randomUUID(), 'admin:test')).toBeUndefined();
  });

  it('answers undefined for the history, invoice and credit note of an order it does not have', async () => {
    const unknown = randomUUID();
    expect(await orderStatusHistory(db, unknown)).toBeUndefined();
    expect(await invoicePdf(db, unknown)).toBeUndefined();
    expect(await creditNotePdf(db, unknown, 'RPC/26-27/000001')).toBeUndefined();
    const order = await insertOrder(db);
    expect(await orderStatusHistory(db, order.id)).toEqual([]);
    expect(await invoicePdf(db, order.id)).toBeUndefined();
  });

  it("returns the lifecycle's refusals instead of throwing, and changes nothing for them", async () => {
    const pending = await insertOrder(db, { status: 'created', paymentStatus: 'pending', paidAt: null, razorpayPaymentId: null });
    expect(await changeOrderStatus(db, randomUUID(), 'delivered', 'admin:test')).toEqual({ kind: 'not-found' });
    const refused = await changeOrderStatus(db, pending.id, 'delivered', 'admin:test');
    expect(refused.kind).toBe('refused');
    const batch = await changeOrderStatuses(db, [pending.id, randomUUID()], 'delivered', 'admin:test');
    expect(batch).toMatchObject({ moves: 0, unchangedCount: 0, refusedCount: 2, refused: [{ _id: pending.id }] });
    expect(await removeFinishedOrders(db, [pending.id], 'admin:test')).toBe(0);
    const row = await db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'created', payment_status: 'pending' });
  });

  it('refuses a refund on an unknown order, and one beyond what is refundable, with the figure', async () => {
    const order = await insertOrder(db);
    expect(await requestRefund(db, { orderId: randomUUID(), amountPaise: 100, reason: 'x', requestKey: randomUUID(), requestedBy: 'test' })).toEqual({ kind: 'not-found' });
    const tooMuch = await requestRefund(db, { orderId: order.id, amountPaise: order.amountPaise + 1, reason: 'x', requestKey: randomUUID(), requestedBy: 'test' });
    expect(tooMuch.kind === 'too-much' || tooMuch.kind === 'refused').toBe(true);
    expect(await db.selectFrom('refund_requests').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });
});
