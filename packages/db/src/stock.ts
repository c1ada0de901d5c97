import { sql, type Kysely, type Transaction } from 'kysely';
import { jarsLeft, type StockFigures } from '@pickles/shared/stock';
import type { Database } from './schema.js';

type Trx = Transaction<Database>;
type DbHandle = Kysely<Database> | Trx;

/**
 * Batch stock (decision 012): the one module that moves jars. checkout reserves, payments sells and
 * releases, admin-orders releases on cancellation and sets batches; none writes product_stock or
 * orders.stock_state itself. Every function runs in the caller's transaction (the one that changes
 * the order) and locks the products' rows in product id order, so concurrent orders queue instead
 * of deadlocking and the jars left can never go below zero.
 *
 * An order's jars: 'reserved' (create-order) -> 'sold' (paid) or 'released' (payment failed, the
 * hold ran out, expired, cancelled before dispatch). A payment captured for a 'released' order
 * takes its jars back when the batch still has them, and otherwise leaves the order 'short'.
 */

export interface JarLine {
  productId: number;
  quantity: number;
}

export type StockRow = StockFigures;

/** A product the batch cannot supply as asked, with what it can. */
export interface StockShortfall {
  productId: number;
  asked: number;
  stock: StockRow;
}

function toFigures(row: { product_id: number; state: 'on-sale' | 'coming-soon'; batch_jars: number | null; reserved: number; sold: number; next_batch_date: string | null }): StockRow {
  return { productId: row.product_id, state: row.state, batchJars: row.batch_jars, reserved: row.reserved, sold: row.sold, nextBatchDate: row.next_batch_date };
}

const STOCK_COLUMNS = ['product_id', 'state', 'batch_jars', 'reserved', 'sold', 'next_batch_date'] as const;

/** One line per product, quantities summed, in product id order (the lock order). */
function perProduct(lines: readonly JarLine[]): JarLine[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return [...totals].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

/** Creates the stock rows of catalogue products that have none yet, as the catalogue says (on sale, no limit; or coming soon). */
export async function ensureStockRows(db: DbHandle, products: readonly { productId: number; comingSoon: boolean }[]): Promise<void> {
  if (!products.length) return;
  await db
    .insertInto('product_stock')
    .values(products.map((product) => ({ product_id: product.productId, state: product.comingSoon ? ('coming-soon' as const) : ('on-sale' as const), batch_jars: null })))
    .onConflict((conflict) => conflict.column('product_id').doNothing())
    .execute();
}

/** Every product's stock, unlocked (availability, the admin's list). */
export async function readStock(db: DbHandle): Promise<StockRow[]> {
  const rows = await db.selectFrom('product_stock').select(STOCK_COLUMNS).orderBy('product_id').execute();
  return rows.map(toFigures);
}

/** Locks and reads the products' rows in id order; a product without a row is missing from the map. */
async function lockStock(trx: Trx, productIds: number[]): Promise<Map<number, StockRow>> {
  if (!productIds.length) return new Map();
  const rows = await trx.selectFrom('product_stock').select(STOCK_COLUMNS).where('product_id', 'in', productIds).orderBy('product_id').forUpdate().execute();
  return new Map(rows.map((row) => [row.product_id, toFigures(row)]));
}

/** What the batch cannot supply of these lines (on sale, with enough jars left). Empty when everything fits. */
function shortfalls(lines: JarLine[], stock: Map<number, StockRow>): StockShortfall[] {
  const missing: StockShortfall[] = [];
  for (const line of lines) {
    const row = stock.get(line.productId) ?? { productId: line.productId, state: 'coming-soon', batchJars: 0, reserved: 0, sold: 0, nextBatchDate: null };
    const left = jarsLeft(row);
    if (row.state !== 'on-sale' || (left !== null && left < line.quantity)) missing.push({ productId: line.productId, asked: line.quantity, stock: row });
  }
  return missing;
}

async function addToCounters(trx: Trx, lines: JarLine[], counter: 'reserved' | 'sold', sign: 1 | -1): Promise<void> {
  for (const line of lines) {
    // A new batch starts `sold` again from 0: an order sold in the previous batch and released
    // afterwards (cancelled before dispatch) must not push it below zero and fail the cancellation.
    const next = counter === 'sold' && sign === -1 ? sql`greatest(0, sold - ${line.quantity})` : sql`${sql.ref(counter)} + ${sign * line.quantity}`;
    await trx
      .updateTable('product_stock')
      .set({ [counter]: next })
      .where('product_id', '=', line.productId)
      .execute();
  }
}

async function orderLines(trx: Trx, orderId: string): Promise<JarLine[]> {
  const rows = await trx.selectFrom('order_items').select(['product_id', 'quantity']).where('order_id', '=', orderId).execute();
  return perProduct(rows.map((row) => ({ productId: row.product_id, quantity: row.quantity })));
}

async function lockOrderStockState(trx: Trx, orderId: string): Promise<Database['orders']['stock_state'] | undefined> {
  const row = await trx.selectFrom('orders').select('stock_state').where('id', '=', orderId).forUpdate().executeTakeFirst();
  return row ? row.stock_state : undefined;
}

function setOrderStockState(trx: Trx, orderId: string, state: NonNullable<Database['orders']['stock_state']>) {
  return trx.updateTable('orders').set({ stock_state: state }).where('id', '=', orderId).execute();
}

/**
 * create-order: reserves the new order's jars, all or nothing. On a shortfall nothing is reserved
 * and the caller rolls the order back and tells the shopper before they pay.
 *
 * One conditional UPDATE per product takes the row lock and checks the jars left at once, so a
 * product's row (which every order of that product queues for) is held only from that statement to
 * the commit. Only a shortfall reads the figures, to say what the batch can supply.
 */
export async function reserveJars(trx: Trx, orderId: string, lines: readonly JarLine[]): Promise<{ ok: true } | { ok: false; shortfalls: StockShortfall[] }> {
  const wanted = perProduct(lines);
  await setOrderStockState(trx, orderId, 'reserved');
  const reserved: JarLine[] = [];
  for (const line of wanted) {
    const taken = await trx
      .updateTable('product_stock')
      .set({ reserved: sql`reserved + ${line.quantity}` })
      .where('product_id', '=', line.productId)
      .where('state', '=', 'on-sale')
      .where(sql<boolean>`(batch_jars is null or batch_jars - reserved - sold >= ${line.quantity})`)
      .returning('product_id')
      .executeTakeFirst();
    if (taken) {
      reserved.push(line);
      continue;
    }
    // Undo the lines already taken (their rows are locked by this transaction), so the answer is
    // all or nothing even for a caller that does not roll back.
    await addToCounters(trx, reserved, 'reserved', -1);
    await trx.updateTable('orders').set({ stock_state: null }).where('id', '=', orderId).execute();
    return { ok: false, shortfalls: shortfalls(wanted, await lockStock(trx, wanted.map((each) => each.productId))) };
  }
  return { ok: true };
}

/**
 * The order is paid: its reserved jars become sold. An order whose jars were released takes them
 * back when the batch has them ('sold'); otherwise nothing moves and the answer is 'short': the
 * caller raises the attention item. A 'short' order tries again (the owner may have added jars
 * since). Already sold, or placed before stock was kept (null: it never held jars, and counting it
 * now would take jars from orders that reserved them): nothing changes.
 */
export async function sellJars(trx: Trx, orderId: string): Promise<'sold' | 'short' | 'unchanged'> {
  const state = await lockOrderStockState(trx, orderId);
  if (state === undefined || state === null || state === 'sold') return 'unchanged';
  const lines = await orderLines(trx, orderId);
  if (state === 'reserved') {
    // Reserved jars are there by construction: one UPDATE per product moves them, no check.
    await setOrderStockState(trx, orderId, 'sold');
    for (const line of lines) {
      await trx
        .updateTable('product_stock')
        .set({ reserved: sql`reserved - ${line.quantity}`, sold: sql`sold + ${line.quantity}` })
        .where('product_id', '=', line.productId)
        .execute();
    }
    return 'sold';
  }
  if (shortfalls(lines, await lockStock(trx, lines.map((line) => line.productId))).length) {
    // Coming-soon products are not taken back either: the owner decides.
    await setOrderStockState(trx, orderId, 'short');
    return 'short';
  }
  await addToCounters(trx, lines, 'sold', 1);
  await setOrderStockState(trx, orderId, 'sold');
  return 'sold';
}

/**
 * The order's jars go back to the batch: a payment failed, the hold ran out, the order expired, or
 * the owner cancelled it before dispatch (the caller checks dispatch). True when jars moved. A
 * 'short' order holds none and just becomes 'released'.
 */
export async function releaseJars(trx: Trx, orderId: string): Promise<boolean> {
  const state = await lockOrderStockState(trx, orderId);
  if (state !== 'reserved' && state !== 'sold' && state !== 'short') return false;
  if (state !== 'short') {
    const lines = await orderLines(trx, orderId);
    await lockStock(trx, lines.map((line) => line.productId));
    await addToCounters(trx, lines, state, -1);
  }
  await setOrderStockState(trx, orderId, 'released');
  return state !== 'short';
}

/**
 * The owner's batch settings. A batch smaller than what is already reserved and sold (or, for a
 * new batch, reserved) is refused with the figure; a new batch starts its sold count at 0.
 */
export async function setBatch(
  trx: Trx,
  productId: number,
  update: { state: 'on-sale' | 'coming-soon'; batchJars: number | null; nextBatchDate: string | null; newBatch: boolean },
  updatedBy: string,
): Promise<{ ok: true; stock: StockRow } | { ok: false; committed: number }> {
  await ensureStockRows(trx, [{ productId, comingSoon: update.state === 'coming-soon' }]);
  const current = (await lockStock(trx, [productId])).get(productId)!;
  const sold = update.newBatch ? 0 : current.sold;
  if (update.batchJars !== null && update.batchJars < current.reserved + sold) return { ok: false, committed: current.reserved + sold };
  const row = await trx
    .updateTable('product_stock')
    .set({ state: update.state, batch_jars: update.batchJars, sold, next_batch_date: update.nextBatchDate, updated_at: sql`now()`, updated_by: updatedBy })
    .where('product_id', '=', productId)
    .returning(STOCK_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ok: true, stock: toFigures(row) };
}
