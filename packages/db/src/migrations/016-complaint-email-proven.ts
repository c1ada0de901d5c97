import { sql, type Kysely } from 'kysely';

/**
 * Whether a complaint's e-mail address proved itself: it is the address of the order the complaint
 * names (matched by that order's phone or e-mail). Only such an address is sent the shopper's own
 * words back; any other gets a fixed acknowledgement (the form must not relay text to strangers).
 * Complaints already recorded count as proven where their order's e-mail is theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table complaints add column email_proven boolean not null default false`.execute(db);
  await sql`update complaints c set email_proven = true from orders o where o.id = c.order_id and lower(o.customer_email) = lower(c.email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table complaints drop column email_proven`.execute(db);
}
