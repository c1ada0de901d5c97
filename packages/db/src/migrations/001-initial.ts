import { sql, type Kysely } from 'kysely';

/**
 * The shop's tables. Owners (the one service that writes each table) are listed in the package
 * README. Money is integer paise, times are timestamptz (UTC).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists pgcrypto`.execute(db);

  await sql`
    create table orders (
      id uuid primary key default gen_random_uuid(),
      order_number text not null unique,
      checkout_key text unique,
      razorpay_order_id text unique,
      razorpay_payment_id text,
      customer_name text not null,
      customer_email text not null,
      customer_phone text not null,
      flat_number text not null,
      street text not null,
      area text not null,
      city text not null,
      state text not null,
      pincode text not null,
      subtotal_paise integer not null check (subtotal_paise >= 0),
      shipping_paise integer not null check (shipping_paise >= 0),
      amount_paise integer not null check (amount_paise >= 100),
      status text not null default 'created'
        check (status in ('created','pending','paid','failed','cancelled','delivered','completed')),
      payment_status text not null default 'pending'
        check (payment_status in ('pending','paid','failed','refunded')),
      failure_reason text,
      search_text text not null default '',
      -- The reconciler asks Razorpay about unpaid orders, less often as they age.
      next_reconcile_at timestamptz,
      reconcile_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      paid_at timestamptz
    )`.execute(db);
  // Indexes for the admin panel's filters and sorts (docs/product.md §5).
  await sql`create index orders_created_at_idx on orders (created_at desc, id)`.execute(db);
  await sql`create index orders_updated_at_idx on orders (updated_at desc, id)`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at desc, id)`.execute(db);
  await sql`create index orders_amount_idx on orders (amount_paise desc, id)`.execute(db);
  await sql`create index orders_status_idx on orders (status, created_at desc)`.execute(db);
  await sql`create index orders_payment_status_idx on orders (payment_status, created_at desc)`.execute(db);
  await sql`create index orders_pincode_trgm_idx on orders using gin (pincode gin_trgm_ops)`.execute(db);
  await sql`create index orders_city_trgm_idx on orders using gin (lower(city) gin_trgm_ops)`.execute(db);
  await sql`create index orders_state_trgm_idx on orders using gin (lower(state) gin_trgm_ops)`.execute(db);
  await sql`create index orders_search_trgm_idx on orders using gin (search_text gin_trgm_ops)`.execute(db);
  // The reconciler looks for orders still unpaid after a while.
  await sql`create index orders_reconcile_idx on orders (next_reconcile_at) where payment_status in ('pending','failed')`.execute(db);

  await sql`
    create table order_items (
      id bigserial primary key,
      order_id uuid not null references orders(id) on delete cascade,
      product_id integer not null,
      name text not null,
      quantity integer not null check (quantity > 0),
      unit_price_paise integer not null check (unit_price_paise >= 0),
      line_total_paise integer not null check (line_total_paise >= 0)
    )`.execute(db);
  await sql`create index order_items_order_id_idx on order_items (order_id)`.execute(db);

  // Razorpay payments seen for an order, from verify, webhooks or reconciliation.
  await sql`
    create table payments (
      razorpay_payment_id text primary key,
      order_id uuid not null references orders(id) on delete cascade,
      status text not null,
      amount_paise integer not null,
      method text,
      error_code text,
      error_description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payments_order_id_idx on payments (order_id)`.execute(db);

  await sql`
    create table order_status_history (
      id bigserial primary key,
      order_id uuid not null,
      from_status text,
      to_status text not null,
      from_payment_status text,
      to_payment_status text,
      changed_by text not null,
      reason text,
      changed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index order_status_history_order_idx on order_status_history (order_id, changed_at)`.execute(db);

  await sql`
    create table outbox_events (
      id uuid primary key,
      type text not null,
      version integer not null,
      payload jsonb not null,
      occurred_at timestamptz not null default now(),
      available_at timestamptz not null default now(),
      published_at timestamptz,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  await sql`create index outbox_events_unpublished_idx on outbox_events (available_at) where published_at is null`.execute(db);

  await sql`
    create table processed_webhook_events (
      event_id text primary key,
      event_type text not null,
      received_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table sent_emails (
      id bigserial primary key,
      order_id uuid not null,
      kind text not null,
      recipient text not null,
      message_id text,
      event_id uuid,
      sent_at timestamptz not null default now(),
      unique (order_id, kind)
    )`.execute(db);

  await sql`
    create table archived_orders (
      order_id uuid primary key,
      order_number text not null,
      status text not null,
      snapshot jsonb not null,
      archived_by text not null,
      archived_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table admin_users (
      id bigserial primary key,
      username text not null unique,
      password_hash text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table revoked_tokens (
      jti text primary key,
      expires_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'revoked_tokens',
    'admin_users',
    'archived_orders',
    'sent_emails',
    'processed_webhook_events',
    'outbox_events',
    'order_status_history',
    'payments',
    'order_items',
    'orders',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
