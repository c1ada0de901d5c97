import { sql, type Kysely } from 'kysely';

/**
 * "Tell me when the next batch is ready" (decision 029): a shopper leaves an e-mail address on a
 * sold-out or coming-soon product and hears once when the owner opens its next batch.
 * - batch_subscribers: one row per sign-up. `state` moves pending (the confirmation link was sent)
 *   -> confirmed (the link was opened) -> told (a batch opened: its e-mail follows through the outbox,
 *   once) or unsubscribed. Only pending and confirmed rows are live; one live row per product and
 *   address (the partial unique index), so repeating the form changes nothing.
 * - `confirmations_sent` and `confirmation_sent_at` keep the cool-down between confirmation e-mails,
 *   and make each confirmation e-mail's send-once key.
 * - `opening_id` names the batch opening that told the subscriber (the `batch.opened` event's own id).
 * Written by checkout (sign-up, confirm, unsubscribe) and admin-orders (a batch opens; erasure),
 * only through packages/db/src/batch-subscribers.ts; notifications reads it to write the e-mails.
 * The links are HMACs of the row's id (service-kit's subscription-token.ts): nothing secret is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table batch_subscribers (
      id uuid primary key default gen_random_uuid(),
      product_id integer not null references products(id),
      email text not null,
      state text not null default 'pending' check (state in ('pending', 'confirmed', 'told', 'unsubscribed')),
      created_at timestamptz not null default now(),
      confirmations_sent integer not null default 1,
      confirmation_sent_at timestamptz not null default now(),
      confirmed_at timestamptz,
      told_at timestamptz,
      opening_id uuid,
      unsubscribed_at timestamptz,
      check (state <> 'told' or opening_id is not null)
    )`.execute(db);
  await sql`create unique index batch_subscribers_live_idx on batch_subscribers (product_id, lower(email)) where state in ('pending', 'confirmed')`.execute(db);
  await sql`create index batch_subscribers_opening_idx on batch_subscribers (opening_id) where opening_id is not null`.execute(db);
  await sql`create index batch_subscribers_email_idx on batch_subscribers (lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists batch_subscribers`.execute(db);
}
