import { sql, type Kysely } from 'kysely';

/**
 * Complaints with ticket numbers (Consumer Protection (E-Commerce) Rules 2020, rule 4(5):
 * the grievance officer acknowledges a complaint within 48 hours and redresses it within one month).
 * - complaints: one row per complaint as the shopper sent it, with the two deadlines fixed when it
 *   arrives, and when and by whom it was acknowledged and resolved. Written by checkout (the form)
 *   and admin-orders (the owner's acknowledgement and resolution), each with a `complaint.update`
 *   outbox event in the same transaction so the e-mails go out once.
 * - The ticket number comes from a sequence: unique, never reused, readable over the phone.
 * - order_id is filled when the order number matches an order; no foreign key, because orders are
 *   archived and the complaint must outlive that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence complaint_ticket_seq`.execute(db);
  await sql`
    create table complaints (
      id uuid primary key default gen_random_uuid(),
      ticket_number text not null unique,
      name text not null,
      email text not null,
      phone text,
      order_number text,
      order_id uuid,
      category text not null,
      message text not null,
      created_at timestamptz not null default now(),
      acknowledge_by timestamptz not null,
      resolve_by timestamptz not null,
      acknowledged_at timestamptz,
      acknowledged_by text,
      resolved_at timestamptz,
      resolved_by text,
      resolution text,
      personal_data_erased_at timestamptz,
      -- Resolving a complaint acknowledges it too; a resolution always says what was done.
      check (resolved_at is null or (acknowledged_at is not null and resolution is not null))
    )`.execute(db);
  // The admin list: open ones first (oldest deadline first), then resolved, newest first.
  await sql`create index complaints_open_idx on complaints (resolve_by) where resolved_at is null`.execute(db);
  await sql`create index complaints_created_idx on complaints (created_at desc)`.execute(db);
  await sql`create index complaints_order_idx on complaints (order_id) where order_id is not null`.execute(db);
  await sql`create index complaints_email_idx on complaints (lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists complaints`.execute(db);
  await sql`drop sequence if exists complaint_ticket_seq`.execute(db);
}
