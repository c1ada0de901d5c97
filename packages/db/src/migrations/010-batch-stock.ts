import { sql, type Kysely } from 'kysely';

/**
 * Batch stock (decision 012). The pickles are cooked in weekly batches of a known number
 * of jars; the shop sells only what the current batch holds.
 * - product_stock: one row per catalogue product. `state` decides whether it is on sale or coming
 *   soon (the owner launches a product without a build). `batch_jars` is the current batch's size;
 *   null means "no limit set" (orders still count reserved and sold, nothing is refused). Jars left
 *   = batch_jars - reserved - sold, never negative (checked here, and every writer goes through
 *   packages/db/src/stock.ts, which locks the row).
 * - orders.stock_state: what the order holds. 'reserved' from create-order until the payment
 *   settles; 'sold' once paid; 'released' when its jars went back (failure, hold ran out, expiry,
 *   cancelled before dispatch); 'short' when a late capture found no jars left (an attention item);
 *   null for orders placed before this migration (they hold nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_stock (
      product_id integer primary key,
      state text not null check (state in ('on-sale','coming-soon')),
      batch_jars integer check (batch_jars >= 0),
      reserved integer not null default 0 check (reserved >= 0),
      sold integer not null default 0 check (sold >= 0),
      next_batch_date date,
      updated_at timestamptz not null default now(),
      updated_by text not null default 'system',
      check (batch_jars is null or reserved + sold <= batch_jars)
    )`.execute(db);
  // The catalogue as first shipped: the chicken pickle on sale, the mutton kofta coming soon.
  // Products added later get their row from the owner's first save (or stock.ts's defaults).
  await sql`insert into product_stock (product_id, state) values (1, 'on-sale'), (2, 'coming-soon')`.execute(db);

  await sql`alter table orders add column stock_state text check (stock_state in ('reserved','sold','released','short'))`.execute(db);
  // The hold job finds unpaid orders still holding jars.
  await sql`create index orders_stock_reserved_idx on orders (created_at) where stock_state = 'reserved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_stock_reserved_idx`.execute(db);
  await sql`alter table orders drop column if exists stock_state`.execute(db);
  await sql`drop table if exists product_stock`.execute(db);
}
