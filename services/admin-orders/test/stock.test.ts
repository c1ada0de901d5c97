import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseJars, reserveJars, sellJars, setBatch } from '@pickles/db';
import { call, insertOrder, startAsOwner, uniqueTag, type Harness } from './helpers.js';

/**
 * Batch stock in the admin panel: the owner sets each product's batch (GET/PUT /api/admin/stock), and
 * the jars follow the owner's moves: an order cancelled before dispatch gives its jars back, a
 * cancelled order taken back takes them again (refused when the batch sold them meanwhile). This
 * file sets product 1's batch, so it has a database of its own.
 */
let h: Harness;
let token: string;
let username: string;
beforeAll(async () => ({ h, token, username } = await startAsOwner({ ownDatabase: true })));
afterAll(() => h?.close());

/** A batch of `jars` chicken pickles with nothing reserved or sold (earlier tests' orders give theirs back). */
async function batchOf(jars: number | null) {
  const holding = await h.db.selectFrom('orders').select('id').where('stock_state', 'in', ['reserved', 'sold']).execute();
  for (const order of holding) await h.db.transaction().execute((trx) => releaseJars(trx, order.id));
  const result = await h.db.transaction().execute((trx) => setBatch(trx, 1, { state: 'on-sale', batchJars: jars, nextBatchDate: null, newBatch: true }, 'owner'));
  expect(result.ok).toBe(true);
}
beforeEach(() => batchOf(10));

/** A paid order of `quantity` chicken pickles that took its jars from the batch, as checkout and payments do. */
async function paidOrder(quantity = 1) {
  const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid', items: [{ name: 'Royal Chicken Pickle', quantity }] });
  await h.db.transaction().execute(async (trx) => {
    const reserved = await reserveJars(trx, order.id, [{ productId: 1, quantity }]);
    if (!reserved.ok) throw new Error('no jars left for the paid order');
    await sellJars(trx, order.id);
  });
  return order;
}

const stock = async () => h.db.selectFrom('product_stock').select(['batch_jars', 'reserved', 'sold']).where('product_id', '=', 1).executeTakeFirstOrThrow();
const order = async (id: string) => h.db.selectFrom('orders').select(['status', 'stock_state']).where('id', '=', id).executeTakeFirstOrThrow();
const setStatus = (id: string, status: string) => call(h.app, 'PATCH', `/api/admin/orders/${id}/status`, { token, body: { status } });
const batchSet = (orderIds: string[], status: string) => call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds, status } });
const dispatch = (id: string) => call(h.app, 'PUT', `/api/admin/orders/${id}/dispatch`, { token, body: { courierId: 'delhivery', awb: `AWB${Date.now()}` } });
const NO_JARS = 'Not enough jars left in the batch to take this order back: raise the batch first';

describe("the jars follow the owner's moves", () => {
  it('cancelling a paid order before dispatch gives its jars back; a dispatched one keeps them', async () => {
    const kept = await paidOrder(2);
    const shipped = await paidOrder(3);
    expect((await dispatch(shipped.id)).status).toBe(200);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 5 });

    expect((await setStatus(kept.id, 'cancelled')).status).toBe(200);
    expect(await order(kept.id)).toEqual({ status: 'cancelled', stock_state: 'released' });
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 3 });

    expect((await setStatus(shipped.id, 'cancelled')).status).toBe(200);
    expect(await order(shipped.id)).toEqual({ status: 'cancelled', stock_state: 'sold' });
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 3 });
  });

  it('the batch cancel gives back the jars of the orders not dispatched, only', async () => {
    const [first, second, shipped] = [await paidOrder(1), await paidOrder(2), await paidOrder(4)];
    await dispatch(shipped.id);
    const res = await batchSet([first.id, second.id, shipped.id], 'cancelled');
    expect(res.body).toMatchObject({ success: true, updatedCount: 3, refusedCount: 0 });
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 4 });
  });

  it('taking a cancelled order back takes its jars again, and is refused while the batch has none left', async () => {
    await batchOf(2);
    const cancelled = await paidOrder(2);
    await setStatus(cancelled.id, 'cancelled');
    const other = await paidOrder(1);
    expect(await stock()).toEqual({ batch_jars: 2, reserved: 0, sold: 1 });

    const single = await setStatus(cancelled.id, 'paid');
    expect(single.status).toBe(409);
    expect(single.body).toEqual({ success: false, error: NO_JARS });
    const batch = await batchSet([cancelled.id, other.id], 'paid');
    expect(batch.body).toMatchObject({ updatedCount: 0, unchangedCount: 1, refusedCount: 1, refused: [{ _id: cancelled.id, orderId: cancelled.orderNumber, reason: NO_JARS }] });
    expect(await order(cancelled.id)).toEqual({ status: 'cancelled', stock_state: 'released' });
    expect(await order(other.id)).toEqual({ status: 'paid', stock_state: 'sold' });
    expect(await stock()).toEqual({ batch_jars: 2, reserved: 0, sold: 1 });

    // The owner raises the batch: the order comes back with its jars.
    const raised = await call(h.app, 'PUT', '/api/admin/stock/1', { token, body: { state: 'on-sale', batchJars: 3, nextBatchDate: null } });
    expect(raised.status).toBe(200);
    expect((await setStatus(cancelled.id, 'paid')).status).toBe(200);
    expect(await order(cancelled.id)).toEqual({ status: 'paid', stock_state: 'sold' });
    expect(await stock()).toEqual({ batch_jars: 3, reserved: 0, sold: 3 });
  });

  it('closing a fully refunded cancelled order as completed ships nothing and takes no jars', async () => {
    const refunded = await paidOrder(2);
    await setStatus(refunded.id, 'cancelled');
    await h.db.updateTable('orders').set({ payment_status: 'refunded', refunded_paise: refunded.amountPaise }).where('id', '=', refunded.id).execute();
    expect((await setStatus(refunded.id, 'completed')).status).toBe(200);
    expect(await order(refunded.id)).toEqual({ status: 'completed', stock_state: 'released' });
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 0 });
  });
});

describe('GET /api/admin/stock', () => {
  it("lists every catalogue product's batch for the owner only", async () => {
    expect((await call(h.app, 'GET', '/api/admin/stock')).status).toBe(401);
    await paidOrder(3);
    const res = await call(h.app, 'GET', '/api/admin/stock', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      products: [
        { productId: 1, name: 'Royal Chicken Pickle', state: 'on-sale', batchJars: 10, reserved: 0, sold: 3, left: 7, nextBatchDate: null, updatedAt: expect.any(String), updatedBy: 'owner', subscribers: expect.any(Object) },
        { productId: 2, name: 'Shahi Mutton Kofta Pickle', state: 'coming-soon', batchJars: null, reserved: 0, sold: 0, left: null, nextBatchDate: null, updatedAt: expect.any(String), updatedBy: 'system', subscribers: expect.any(Object) },
      ],
    });
  });
});

describe('PUT /api/admin/stock/{productId}', () => {
  const put = (productId: string, body: unknown, auth = token) => call(h.app, 'PUT', `/api/admin/stock/${productId}`, { token: auth, body });

  it("sets the batch, the state and the next batch date, naming the owner who did", async () => {
    await paidOrder(4);
    const res = await put('1', { state: 'on-sale', batchJars: 24, nextBatchDate: '2026-12-07' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      product: { productId: 1, name: 'Royal Chicken Pickle', state: 'on-sale', batchJars: 24, reserved: 0, sold: 4, left: 20, nextBatchDate: '2026-12-07', updatedAt: expect.any(String), updatedBy: username, subscribers: expect.any(Object) },
      told: 0,
    });
    // A new batch: sold starts again from 0.
    const fresh = await put('1', { state: 'on-sale', batchJars: 40, nextBatchDate: null, newBatch: true });
    expect(fresh.body.product).toMatchObject({ batchJars: 40, sold: 0, left: 40, nextBatchDate: null });
    // Launching the coming-soon product.
    const launched = await put('2', { state: 'on-sale', batchJars: 12, nextBatchDate: null });
    expect(launched.body.product).toMatchObject({ productId: 2, name: 'Shahi Mutton Kofta Pickle', state: 'on-sale', batchJars: 12, left: 12 });
    await put('2', { state: 'coming-soon', batchJars: null, nextBatchDate: null });
  });

  it('refuses a batch smaller than the jars already reserved and sold, with the figure, changing nothing', async () => {
    await paidOrder(5);
    const res = await put('1', { state: 'on-sale', batchJars: 4, nextBatchDate: null });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: '5 jars are already reserved or sold in this batch: the batch cannot hold fewer' });
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 5 });
  });

  it.each([
    ['a negative batch', { state: 'on-sale', batchJars: -1, nextBatchDate: null }],
    ['a batch in words', { state: 'on-sale', batchJars: 'forty', nextBatchDate: null }],
    ['half a jar', { state: 'on-sale', batchJars: 2.5, nextBatchDate: null }],
    ['an unknown state', { state: 'sold-out', batchJars: 5, nextBatchDate: null }],
    ['a date that is not one', { state: 'on-sale', batchJars: 5, nextBatchDate: '2026-12-07x' }],
    ['the 31st of February', { state: 'on-sale', batchJars: 5, nextBatchDate: '2026-02-31' }],
    ['year zero', { state: 'on-sale', batchJars: 5, nextBatchDate: '0000-01-01' }],
    ['a missing batch', { state: 'on-sale', nextBatchDate: null }],
  ])('refuses %s with a readable 400, changing nothing', async (_name, body) => {
    const res = await put('1', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 0 });
  });

  it('answers 404 for a product the catalogue does not have, and 401 without a valid token', async () => {
    for (const productId of ['99', 'abc', '1.5', '-1', '0']) {
      const res = await put(productId, { state: 'on-sale', batchJars: 5, nextBatchDate: null });
      expect(res.status, productId).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'No product with that id' });
    }
    expect((await call(h.app, 'PUT', '/api/admin/stock/1', { body: { state: 'on-sale', batchJars: 1, nextBatchDate: null } })).status).toBe(401);
    expect((await put('1', { state: 'on-sale', batchJars: 1, nextBatchDate: null }, `${token}x`)).status).toBe(401);
    expect(await stock()).toEqual({ batch_jars: 10, reserved: 0, sold: 0 });
  });
});
