import { sql, type Kysely } from 'kysely';

/**
 * After the payment (docs/decisions/010-after-the-payment.md):
 * - order_dispatches: the courier, AWB and tracking link of a shipped order (a record, not a
 *   status); corrections overwrite it and count themselves;
 * - refund_requests: a refund the owner asked for, committed before Razorpay is called. Its id is
 *   the X-Refund-Idempotency key, so a retry after a crash refunds once; `client_key` makes a double
 *   click or a resubmitted form one request;
 * - sent_emails.dedupe_key: e-mails that may be sent more than once per order and kind (one per
 *   refund, a confirmation the owner resends) are unique per (kind, dedupe_key) instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_dispatches (
      order_id uuid primary key references orders(id) on delete cascade,
      courier text not null,
      awb text not null,
      tracking_url text,
      dispatched_at timestamptz not null default now(),
      recorded_by text not null,
      corrections integer not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table refund_requests (
      id uuid primary key default gen_random_uuid(),
      -- No foreign key: a refund of an order that is later archived stays on record.
      order_id uuid not null,
      razorpay_payment_id text not null,
      amount_paise integer not null check (amount_paise > 0),
      reason text not null,
      requested_by text not null,
      client_key text not null unique,
      state text not null default 'requested' check (state in ('requested','submitted','refused')),
      razorpay_refund_id text unique,
      error text,
      attempts integer not null default 0,
      lease_until timestamptz,
      next_attempt_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index refund_requests_order_idx on refund_requests (order_id, created_at)`.execute(db);
  await sql`create index refund_requests_due_idx on refund_requests (next_attempt_at) where state = 'requested'`.execute(db);

  await sql`alter table sent_emails add column dedupe_key text`.execute(db);
  await sql`alter table sent_emails drop constraint sent_emails_order_id_kind_key`.execute(db);
  await sql`create unique index sent_emails_order_kind_idx on sent_emails (order_id, kind) where order_id is not null and dedupe_key is null`.execute(db);
  await sql`create unique index sent_emails_dedupe_idx on sent_emails (kind, dedupe_key) where dedupe_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sent_emails_dedupe_idx`.execute(db);
  await sql`drop index if exists sent_emails_order_kind_idx`.execute(db);
  await sql`delete from sent_emails where dedupe_key is not null`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_order_id_kind_key unique (order_id, kind)`.execute(db);
  await sql`alter table sent_emails drop column dedupe_key`.execute(db);
  await sql`drop table if exists refund_requests`.execute(db);
  await sql`drop table if exists order_dispatches`.execute(db);
}
