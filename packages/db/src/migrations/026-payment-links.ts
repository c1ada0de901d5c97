import { sql, type Kysely } from 'kysely';

/**
 * Payment links (decision 032): an order the owner took by phone or WhatsApp is paid on Razorpay's
 * hosted page of a Payment Link. The order keeps its latest link: Razorpay's id, the short URL the
 * shopper opens, its status as Razorpay last reported it (`created`, `paid`, `expired`, `cancelled`)
 * and when it expires. `payment_link_sent_at` says when the shop last e-mailed it; `payment_link_count`
 * how many links the order has had (each link's Razorpay reference is the order number, then
 * `<number>-2`, `-3`...: a reference is unique per account whatever the link's status).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column payment_link_id text,
      add column payment_link_url text,
      add column payment_link_status text check (payment_link_status in ('created', 'paid', 'expired', 'cancelled')),
      add column payment_link_expires_at timestamptz,
      add column payment_link_sent_at timestamptz,
      add column payment_link_count integer not null default 0`.execute(db);
  await sql`create unique index orders_payment_link_id_key on orders (payment_link_id) where payment_link_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_payment_link_id_key`.execute(db);
  await sql`
    alter table orders
      drop column payment_link_id,
      drop column payment_link_url,
      drop column payment_link_status,
      drop column payment_link_expires_at,
      drop column payment_link_sent_at,
      drop column payment_link_count`.execute(db);
}
