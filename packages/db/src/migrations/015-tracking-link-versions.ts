import { sql, type Kysely } from 'kysely';

/**
 * The version of an order's signed tracking links: a link signs it (version 0 signs the order
 * number alone, as every link sent before this migration does), so raising it revokes every link
 * sent so far (on the shopper's request, or with their data's erasure); later e-mails carry the new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column tracking_link_version integer not null default 0 check (tracking_link_version >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column tracking_link_version`.execute(db);
}
