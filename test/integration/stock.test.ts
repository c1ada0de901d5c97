import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, testDb } from '@pickles/test-kit';
import { STOCK_MESSAGES, toAvailability } from '@pickles/shared/stock';
import { createDb, ensureStockRows, readStock, releaseJars, reserveJars, sellJars, setBatch, type Db, type JarLine } from '@pickles/db';

/**
 * The one module that moves jars, against real PostgreSQL. The run's database is shared with every
 * other test file, so each test stocks products of its own (ids no catalogue product has) and never
 * touches the catalogue's rows.
 */
let db: Db;
beforeAll(() => {
  db = testDb();
});
afterAll(async () => {
  await db.destroy();
});

/** A product of this test's own, on sale with `batchJars` jars (null: no limit). */
async function stockedProduct(batchJars: number | null, state: 'on-sale' | 'coming-soon' = 'on-sale'): Promise<number> {
  const productId = randomInt(1_000, 2 ** 31 - 1);
  const set = await db.transaction().execute((trx) => setBatch(trx, productId, { state, batchJars, nextBatchDate: null, newBatch: false }, 'test'));
  expect(set.ok).toBe(true);
  return productId;
}

/** An unpaid order (as checkout stores it) for these lines, holding nothing yet. */
async function orderFor(lines: JarLine[]): Promise<string> {
  const order = await insertOrder(db, { status: 'created', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null, items: lines.map((line) => ({ name: `Pickle ${line.productId}`, quantity: line.quantity })) });
  const items = await db.selectFrom('order_items').select('id').where('order_id', '=', order.id).orderBy('id').execute();
  for (const [index, item] of items.entries()) await db.updateTable('order_items').set({ product_id: lines[index]!.productId }).where('id', '=', item.id).execute();
  return order.id;
}

const figures = async (productId: number) => {
  const row = await db.selectFrom('product_stock').select(['batch_jars', 'reserved', 'sold']).where('product_id', '=', productId).executeTakeFirstOrThrow();
  return { batchJars: row.batch_jars, reserved: row.reserved, sold: row.sold };
};
const stockState = async (orderId: string) => (await db.selectFrom('orders').select('stock_state').where('id', '=', orderId).executeTakeFirstOrThrow()).stock_state;

const reserve = (orderId: string, lines: JarLine[]) => db.transaction().execute((trx) => reserveJars(trx, orderId, lines));
const sell = (orderId: string) => db.transaction().execute((trx) => sellJars(trx, orderId));
const release = (orderId: string) => db.transaction().execute((trx) => releaseJars(trx, orderId));

/** A placed order that reserved its jars. */
async function reservedOrder(lines: JarLine[]): Promise<string> {
  const orderId = await orderFor(lines);
  expect(await reserve(orderId, lines)).toEqual({ ok: true });
  return orderId;
}

describe('reserveJars', () => {
  it('reserves every line or none: a shortfall on one product reserves nothing on the other', async () => {
    const plenty = await stockedProduct(5);
    const scarce = await stockedProduct(2);
    const lines = [
      { productId: plenty, quantity: 3 },
      { productId: scarce, quantity: 3 },
    ];
    const orderId = await orderFor(lines);
    const refused = await reserve(orderId, lines);
    expect(refused).toMatchObject({ ok: false, shortfalls: [{ productId: scarce, asked: 3, stock: { batchJars: 2, reserved: 0, sold: 0 } }] });
    expect(await figures(plenty)).toEqual({ batchJars: 5, reserved: 0, sold: 0 });
    expect(await figures(scarce)).toEqual({ batchJars: 2, reserved: 0, sold: 0 });
    expect(await stockState(orderId)).toBeNull();
    // What the shopper is told: how many are left, before paying.
    if (refused.ok) throw new Error('expected a refusal');
    expect(STOCK_MESSAGES.refused('Pickle', toAvailability(refused.shortfalls[0]!.stock))).toBe('Only 2 jars of Pickle are left. Please reduce the quantity in your cart.');

    const fitting = [
      { productId: plenty, quantity: 3 },
      { productId: scarce, quantity: 2 },
    ];
    const second = await orderFor(fitting);
    expect(await reserve(second, fitting)).toEqual({ ok: true });
    expect(await figures(plenty)).toEqual({ batchJars: 5, reserved: 3, sold: 0 });
    expect(await figures(scarce)).toEqual({ batchJars: 2, reserved: 2, sold: 0 });
    expect(await stockState(second)).toBe('reserved');
    // Sold out now: the next shopper hears so.
    const third = await orderFor([{ productId: scarce, quantity: 1 }]);
    const soldOut = await reserve(third, [{ productId: scarce, quantity: 1 }]);
    if (soldOut.ok) throw new Error('expected a refusal');
    expect(toAvailability(soldOut.shortfalls[0]!.stock)).toMatchObject({ state: 'sold-out', left: 0 });
    expect(STOCK_MESSAGES.refused('Pickle', toAvailability(soldOut.shortfalls[0]!.stock))).toBe('Pickle sold out before you paid. Please remove it from your cart.');
  });

  it('refuses a coming-soon product whatever its batch, and a product with no stock row', async () => {
    const soon = await stockedProduct(100, 'coming-soon');
    const orderId = await orderFor([{ productId: soon, quantity: 1 }]);
    const refused = await reserve(orderId, [{ productId: soon, quantity: 1 }]);
    if (refused.ok) throw new Error('expected a refusal');
    expect(STOCK_MESSAGES.refused('Kofta', toAvailability(refused.shortfalls[0]!.stock))).toBe('Kofta is not on sale yet. Please remove it from your cart.');
    expect(await figures(soon)).toEqual({ batchJars: 100, reserved: 0, sold: 0 });

    const unknown = randomInt(1_000, 2 ** 31 - 1);
    const other = await orderFor([{ productId: unknown, quantity: 1 }]);
    expect(await reserve(other, [{ productId: unknown, quantity: 1 }])).toMatchObject({ ok: false, shortfalls: [{ productId: unknown, stock: { state: 'coming-soon' } }] });
  });

  it('with no limit set, accepts any quantity and still counts it', async () => {
    const unlimited = await stockedProduct(null);
    await reservedOrder([{ productId: unlimited, quantity: 40 }]);
    await reservedOrder([{ productId: unlimited, quantity: 40 }]);
    expect(await figures(unlimited)).toEqual({ batchJars: null, reserved: 80, sold: 0 });
    const [row] = (await readStock(db)).filter((stock) => stock.productId === unlimited);
    expect(toAvailability(row!)).toEqual({ productId: unlimited, state: 'on-sale', left: null, nextBatchDate: null });
  });

  it('never oversells when many shoppers reserve the last jars at once', async () => {
    const productId = await stockedProduct(10);
    // Twenty connections: twenty transactions really queue on the product's row at once.
    const pool = createDb({ connectionString: process.env.DATABASE_URL!, max: 20 });
    try {
      const orders = await Promise.all(Array.from({ length: 40 }, () => orderFor([{ productId, quantity: 1 }])));
      const answers = await Promise.all(orders.map((orderId) => pool.transaction().execute((trx) => reserveJars(trx, orderId, [{ productId, quantity: 1 }]))));
      expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
      expect(await figures(productId)).toEqual({ batchJars: 10, reserved: 10, sold: 0 });
      const states = await Promise.all(orders.map(stockState));
      expect(states.filter((state) => state === 'reserved')).toHaveLength(10);
      expect(states.filter((state) => state === null)).toHaveLength(30);
    } finally {
      await pool.destroy();
    }
  });
});

describe('sellJars', () => {
  it('turns the reserved jars of a paid order into sold ones, once', async () => {
    const productId = await stockedProduct(10);
    const orderId = await reservedOrder([{ productId, quantity: 3 }]);
    expect(await sell(orderId)).toBe('sold');
    expect(await figures(productId)).toEqual({ batchJars: 10, reserved: 0, sold: 3 });
    expect(await stockState(orderId)).toBe('sold');
    expect(await sell(orderId)).toBe('unchanged');
    expect(await figures(productId)).toEqual({ batchJars: 10, reserved: 0, sold: 3 });
  });

  it('takes the jars back for a payment captured after they were released, while the batch has them', async () => {
    const productId = await stockedProduct(4);
    const orderId = await reservedOrder([{ productId, quantity: 3 }]);
    expect(await release(orderId)).toBe(true);
    expect(await figures(productId)).toEqual({ batchJars: 4, reserved: 0, sold: 0 });
    expect(await sell(orderId)).toBe('sold');
    expect(await figures(productId)).toEqual({ batchJars: 4, reserved: 0, sold: 3 });
  });

  it("answers short when the released jars went to someone else, and moves nothing", async () => {
    const productId = await stockedProduct(4);
    const late = await reservedOrder([{ productId, quantity: 3 }]);
    await release(late);
    const quick = await reservedOrder([{ productId, quantity: 2 }]);
    expect(await sell(quick)).toBe('sold');
    expect(await sell(late)).toBe('short');
    expect(await figures(productId)).toEqual({ batchJars: 4, reserved: 0, sold: 2 });
    expect(await stockState(late)).toBe('short');
    // Tried again while the batch is still short: still nothing moves.
    expect(await sell(late)).toBe('short');
    expect(await figures(productId)).toEqual({ batchJars: 4, reserved: 0, sold: 2 });
    // The owner adds jars: the short order takes them.
    await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 5, nextBatchDate: null, newBatch: false }, 'test'));
    expect(await sell(late)).toBe('sold');
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 0, sold: 5 });
    expect(await stockState(late)).toBe('sold');
    expect(await sell(late)).toBe('unchanged');
  });

  it('does not take jars back for a product the owner switched to coming soon', async () => {
    const productId = await stockedProduct(10);
    const orderId = await reservedOrder([{ productId, quantity: 1 }]);
    await release(orderId);
    await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'coming-soon', batchJars: 10, nextBatchDate: null, newBatch: false }, 'test'));
    expect(await sell(orderId)).toBe('short');
    expect(await figures(productId)).toEqual({ batchJars: 10, reserved: 0, sold: 0 });
  });
});

describe('releaseJars', () => {
  it('gives back reserved jars, sold jars, and nothing for a short order', async () => {
    const productId = await stockedProduct(5);
    const unpaid = await reservedOrder([{ productId, quantity: 2 }]);
    const paid = await reservedOrder([{ productId, quantity: 3 }]);
    await sell(paid);
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 2, sold: 3 });

    expect(await release(unpaid)).toBe(true);
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 0, sold: 3 });
    expect(await release(paid)).toBe(true);
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 0, sold: 0 });
    expect([await stockState(unpaid), await stockState(paid)]).toEqual(['released', 'released']);
    // Twice: nothing more comes back.
    expect(await release(paid)).toBe(false);
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 0, sold: 0 });

    // A short order holds nothing: released, nothing moves.
    const taker = await reservedOrder([{ productId, quantity: 5 }]);
    expect(await sell(unpaid)).toBe('short');
    expect(await release(unpaid)).toBe(false);
    expect(await stockState(unpaid)).toBe('released');
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 5, sold: 0 });
    expect(await stockState(taker)).toBe('reserved');
  });

  it('leaves an order placed before stock was kept alone', async () => {
    const productId = await stockedProduct(5);
    const old = await orderFor([{ productId, quantity: 2 }]);
    expect(await release(old)).toBe(false);
    expect(await sell(old)).toBe('unchanged');
    expect(await stockState(old)).toBeNull();
    expect(await figures(productId)).toEqual({ batchJars: 5, reserved: 0, sold: 0 });
  });

  it("never takes a new batch's sold count below zero for an order sold in the previous batch", async () => {
    const productId = await stockedProduct(3);
    const orderId = await reservedOrder([{ productId, quantity: 3 }]);
    await sell(orderId);
    await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 6, nextBatchDate: null, newBatch: true }, 'test'));
    expect(await figures(productId)).toEqual({ batchJars: 6, reserved: 0, sold: 0 });
    expect(await release(orderId)).toBe(true);
    expect(await figures(productId)).toEqual({ batchJars: 6, reserved: 0, sold: 0 });
  });
});

describe('setBatch', () => {
  it('refuses a batch smaller than the jars already reserved and sold, changing nothing', async () => {
    const productId = await stockedProduct(10);
    const paid = await reservedOrder([{ productId, quantity: 4 }]);
    await sell(paid);
    await reservedOrder([{ productId, quantity: 3 }]);
    const refused = await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 6, nextBatchDate: '2026-12-01', newBatch: false }, 'owner'));
    expect(refused).toEqual({ ok: false, committed: 7 });
    expect(STOCK_MESSAGES.batchTooSmall(7)).toBe('7 jars are already reserved or sold in this batch: the batch cannot hold fewer');
    expect(await figures(productId)).toEqual({ batchJars: 10, reserved: 3, sold: 4 });

    const exact = await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 7, nextBatchDate: '2026-12-01', newBatch: false }, 'owner'));
    expect(exact).toEqual({ ok: true, stock: { productId, state: 'on-sale', batchJars: 7, reserved: 3, sold: 4, nextBatchDate: '2026-12-01' }, opened: false });
    const row = await db.selectFrom('product_stock').select(['updated_by', 'next_batch_date']).where('product_id', '=', productId).executeTakeFirstOrThrow();
    expect(row).toEqual({ updated_by: 'owner', next_batch_date: '2026-12-01' });
  });

  it('starts a new batch from 0 sold, keeping what unpaid orders reserved', async () => {
    const productId = await stockedProduct(5);
    const paid = await reservedOrder([{ productId, quantity: 3 }]);
    await sell(paid);
    await reservedOrder([{ productId, quantity: 2 }]);
    // A new batch smaller than what is still reserved is refused too.
    expect(await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 1, nextBatchDate: null, newBatch: true }, 'owner'))).toEqual({ ok: false, committed: 2 });
    const fresh = await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 40, nextBatchDate: null, newBatch: true }, 'owner'));
    expect(fresh).toMatchObject({ ok: true, stock: { batchJars: 40, reserved: 2, sold: 0 } });
    expect(await figures(productId)).toEqual({ batchJars: 40, reserved: 2, sold: 0 });
  });

  it('creates the row of a product that has none; ensureStockRows never overwrites one', async () => {
    const productId = randomInt(1_000, 2 ** 31 - 1);
    await ensureStockRows(db, [{ productId, comingSoon: true }]);
    expect((await readStock(db)).find((stock) => stock.productId === productId)).toEqual({ productId, state: 'coming-soon', batchJars: null, reserved: 0, sold: 0, nextBatchDate: null });
    await db.transaction().execute((trx) => setBatch(trx, productId, { state: 'on-sale', batchJars: 12, nextBatchDate: null, newBatch: false }, 'owner'));
    await ensureStockRows(db, [{ productId, comingSoon: true }]);
    expect((await readStock(db)).find((stock) => stock.productId === productId)).toMatchObject({ state: 'on-sale', batchJars: 12 });
  });
});
