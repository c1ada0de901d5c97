import { sql, type Kysely } from 'kysely';

/**
 * The delivery promise (packages/shared/src/delivery-promise.ts) is made when the order is placed:
 * checkout stores the courier zone of the order's pincode, seen from the seller's, and every later
 * message (success page, e-mails, tracking) counts from it. Orders placed before this have none and
 * are promised the policy's worst case ('national').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column delivery_zone text check (delivery_zone in ('local', 'regional', 'national'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column if exists delivery_zone`.execute(db);
}
