import { sql, type Kysely } from 'kysely';

/**
 * Money that can never slip away (docs/decisions/009-order-lifecycle.md):
 * - payment_attention: payments that landed where they should not, until the owner resolves them;
 * - refunds and orders.refunded_paise: refunds reported by Razorpay;
 * - sent_emails may be keyed by an attention item instead of an order (the owner's attention e-mail);
 * - the reconciler's index follows the orders it now watches (awaiting payment, any age).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_attention (
      id uuid primary key default gen_random_uuid(),
      kind text not null,
      order_id uuid,
      order_number text,
      razorpay_order_id text,
      razorpay_payment_id text not null,
      amount_paise integer not null,
      expected_amount_paise integer,
      detail text,
      created_at timestamptz not null default now(),
      resolved_at timestamptz,
      resolved_by text,
      -- One item per payment and kind, however often Razorpay or the reconciler reports it.
      unique (razorpay_payment_id, kind)
    )`.execute(db);
  await sql`create index payment_attention_open_idx on payment_attention (created_at desc) where resolved_at is null`.execute(db);

  await sql`
    create table refunds (
      razorpay_refund_id text primary key,
      razorpay_payment_id text not null,
      -- No foreign key: a refund of an archived order is still recorded.
      order_id uuid,
      amount_paise integer not null check (amount_paise > 0),
      status text not null check (status in ('pending','processed','failed')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index refunds_order_id_idx on refunds (order_id)`.execute(db);

  // A capture for a removed order is matched to its archived snapshot.
  await sql`create index archived_orders_razorpay_order_idx on archived_orders ((snapshot->>'razorpay_order_id'))`.execute(db);

  await sql`alter table orders add column refunded_paise integer not null default 0 check (refunded_paise >= 0)`.execute(db);

  await sql`alter table sent_emails alter column order_id drop not null`.execute(db);
  await sql`alter table sent_emails add column attention_id uuid`.execute(db);
  await sql`create unique index sent_emails_attention_kind_idx on sent_emails (attention_id, kind) where attention_id is not null`.execute(db);

  await sql`drop index if exists orders_reconcile_idx`.execute(db);
  await sql`create index orders_reconcile_idx on orders (next_reconcile_at)
    where payment_status in ('pending','failed') and status in ('created','pending','failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_reconcile_idx`.execute(db);
  await sql`create index orders_reconcile_idx on orders (next_reconcile_at) where payment_status in ('pending','failed')`.execute(db);
  await sql`drop index if exists sent_emails_attention_kind_idx`.execute(db);
  await sql`alter table sent_emails drop column attention_id`.execute(db);
  await sql`alter table orders drop column refunded_paise`.execute(db);
  await sql`drop index if exists archived_orders_razorpay_order_idx`.execute(db);
  await sql`drop table if exists refunds`.execute(db);
  await sql`drop table if exists payment_attention`.execute(db);
}
