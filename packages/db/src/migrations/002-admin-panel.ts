import { sql, type Kysely } from 'kysely';

/**
 * The admin panel sorts by paid date newest first with never-paid orders last; 001's paid_at index
 * puts nulls first, so this one serves that order (001's still serves ascending, nulls last).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists orders_paid_at_nulls_last_idx on orders (paid_at desc nulls last, id)`.execute(db);
  await sql`create index if not exists archived_orders_archived_at_idx on archived_orders (archived_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_paid_at_nulls_last_idx`.execute(db);
  await sql`drop index if exists archived_orders_archived_at_idx`.execute(db);
}
