import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { jarsLeft, type StockFigures } from '@pickles/shared/stock';
import type { Database } from './schema.js';
import { executeTogether, type StatementPart } from './statement.js';

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

/** Reserving an order's jars inside a larger statement: see jarsReservation. */
export interface JarsReservation {
  /** The CTEs `jars_wanted`, `jars_supply` and `jars_available`, comma-separated, to open a WITH. */
  ctes: RawBuilder<unknown>;
  /** True when the batch can supply every line (`jars_available`). */
  available: RawBuilder<boolean>;
  /** The UPDATE that reserves the lines, once per row of the CTE named `orderCte` (the new order, or none). */
  reserveFor: (orderCte: string) => RawBuilder<unknown>;
}

/**
 * The SQL that reserves jars, all or nothing, as parts of one statement (decision 012): create-order
 * inserts the order and reserves its jars in a single statement, so each product's stock row (which
 * every order of that product queues for) is locked only inside PostgreSQL, from this statement's
 * check to its commit, never across a round trip to Node.
 *
 * `jars_supply` locks, in product id order (the one lock order, so carts never deadlock), the rows
 * of products on sale with enough jars left; under READ COMMITTED a row changed by a concurrent
 * order is read again once its lock is ours, so the check sees the latest figures. `jars_available`
 * says whether every line is supplied; the caller inserts its order only then, and `reserveFor`
 * adds the jars to `reserved` for that order's row, under the locks already held.
 */
export function jarsReservation(lines: readonly JarLine[]): JarsReservation {
  const wanted = perProduct(lines);
  const productIds = wanted.map((line) => line.productId);
  const quantities = wanted.map((line) => line.quantity);
  return {
    ctes: sql`jars_wanted as (
        select * from unnest(${productIds}::int[], ${quantities}::int[]) as wanted(product_id, quantity)
      ),
      jars_supply as (
        select stock.product_id from product_stock stock join jars_wanted wanted using (product_id)
        where stock.state = 'on-sale' and (stock.batch_jars is null or stock.batch_jars - stock.reserved - stock.sold >= wanted.quantity)
        order by stock.product_id
        for update of stock
      ),
      jars_available as (select count(*) = ${wanted.length} as ok from jars_supply)`,
    available: sql<boolean>`(select ok from jars_available)`,
    reserveFor: (orderCte) => sql`update product_stock stock set reserved = stock.reserved + wanted.quantity
      from jars_wanted wanted, ${sql.table(orderCte)}
      where stock.product_id = wanted.product_id`,
  };
}

/**
 * The stock figures of these lines' products as one JSON value, read without a lock: a column for a
 * read that asks other things at the same time (checkout's look before it calls Razorpay).
 */
export function stockFiguresJson(lines: readonly JarLine[]): RawBuilder<StockRow[]> {
  const productIds = perProduct(lines).map((line) => line.productId);
  return sql<StockRow[]>`(select coalesce(json_agg(json_build_object('productId', product_id, 'state', state, 'batchJars', batch_jars, 'reserved', reserved, 'sold', sold, 'nextBatchDate', next_batch_date)), '[]')
    from product_stock where product_id = any(${productIds}::int[]))`;
}

/** What the batch cannot supply of these lines, given their products' figures (stockFiguresJson). Empty when everything fits. */
export function shortfallsOf(lines: readonly JarLine[], figures: readonly StockRow[]): StockShortfall[] {
  return shortfalls(perProduct(lines), new Map(figures.map((row) => [row.productId, row])));
}

/** What the batch cannot supply of these lines, read without a lock. Empty when everything fits. */
export async function stockShortfalls(db: DbHandle, lines: readonly JarLine[]): Promise<StockShortfall[]> {
  const { rows } = await sql<{ figures: StockRow[] }>`select ${stockFiguresJson(lines)} as figures`.execute(db);
  return shortfallsOf(lines, rows[0]?.figures ?? []);
}

/**
 * Reserves the jars of an order already stored, all or nothing, in one statement (jarsReservation):
 * the order becomes 'reserved' only when every line is supplied. On a shortfall nothing moves and
 * the answer says what the batch can supply.
 */
export async function reserveJars(trx: Trx, orderId: string, lines: readonly JarLine[]): Promise<{ ok: true } | { ok: false; shortfalls: StockShortfall[] }> {
  const reservation = jarsReservation(lines);
  const { rows } = await sql<{ ok: boolean }>`with ${reservation.ctes},
      reserving_order as (update orders set stock_state = 'reserved' where id = ${orderId} and ${reservation.available} returning id),
      reserved as (${reservation.reserveFor('reserving_order')})
    select ${reservation.available} as ok`.execute(trx);
  if (rows[0]?.ok) return { ok: true };
  return { ok: false, shortfalls: await stockShortfalls(trx, lines) };
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
    const sale = reservedJarsSale(lines);
    await executeTogether(trx, [...sale.parts, { name: 'jars_order', query: trx.updateTable('orders').set(sale.orderColumns).where('id', '=', orderId) }]);
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

/** A paid order's reserved jars becoming sold, as parts of the statement that settles the payment. */
export interface ReservedJarsSale {
  /** `jars_locked` (the products' rows, locked in product id order) and `jars_sold` (the move). */
  parts: StatementPart[];
  /** What the order's own row must say, in the caller's update of it (one statement updates a row once). */
  orderColumns: { stock_state: 'sold' };
  /**
   * True once `jars_sold` is done: a later part that takes another lock (the invoice counter) puts
   * this in its WHERE so the stock rows are locked first, the order every writer takes them in.
   */
  done: RawBuilder<boolean>;
}

/**
 * The reserved jars of an order that is now paid become sold (reserved down, sold up, per product):
 * there is nothing to check, they were taken from the batch at create-order. The caller holds the
 * order's row lock and its stock_state is 'reserved'. With `gate`, only when the CTE of that name
 * has a row (the caller's statement found the order as it read it).
 */
export function reservedJarsSale(lines: readonly JarLine[], gate?: string): ReservedJarsSale {
  const wanted = perProduct(lines);
  const productIds = wanted.map((line) => line.productId);
  const quantities = wanted.map((line) => line.quantity);
  return {
    parts: [
      {
        name: 'jars_locked',
        query: sql`select product_id from product_stock
          where product_id = any(${productIds}::int[]) ${gate ? sql`and exists (select from ${sql.table(gate)})` : sql``}
          order by product_id for update`,
      },
      {
        name: 'jars_sold',
        query: sql`update product_stock stock set reserved = stock.reserved - sold_now.quantity, sold = stock.sold + sold_now.quantity
          from unnest(${productIds}::int[], ${quantities}::int[]) as sold_now(product_id, quantity), jars_locked
          where stock.product_id = sold_now.product_id and jars_locked.product_id = sold_now.product_id
          returning stock.product_id`,
      },
    ],
    orderColumns: { stock_state: 'sold' },
    done: sql<boolean>`(select count(*) from jars_sold) >= 0`,
  };
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
): Promise<{ ok: true; stock: StockRow; opened: boolean } | { ok: false; committed: number }> {
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
  const stock = toFigures(row);
  // A batch opens when the product goes on sale with jars to sell, having had none (coming soon,
  // sold out), or when the owner starts a new batch of an on-sale product: its subscribers hear (decision 029).
  const opened = buyable(stock) && (update.newBatch || !buyable(current));
  return { ok: true, stock, opened };
}

/** On sale with jars left (or no limit). */
function buyable(stock: StockRow): boolean {
  return stock.state === 'on-sale' && jarsLeft(stock) !== 0;
}
