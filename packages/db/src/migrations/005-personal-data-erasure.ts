import { sql, type Kysely } from 'kysely';

/** When an order's personal data was erased (unpaid and past retention, or on the shopper's request). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column personal_data_erased_at timestamptz`.execute(db);
  // The retention job looks for never-paid orders not yet erased.
  await sql`create index orders_unpaid_retention_idx on orders (created_at)
    where payment_status in ('pending','failed') and personal_data_erased_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_unpaid_retention_idx`.execute(db);
  await sql`alter table orders drop column personal_data_erased_at`.execute(db);
}
