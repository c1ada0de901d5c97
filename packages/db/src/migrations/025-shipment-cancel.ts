import { sql, type Kysely } from 'kysely';

/**
 * The courier's remaining owner tools (decision 025):
 * - shipments.state `cancelled`: the owner cancelled the booking before pickup. The order's dispatch
 *   record goes with it and the order is ready to ship again; `cancelled_at` / `cancelled_by` say
 *   when and who.
 * - shipments.booking_count: how many times the order was booked with the courier. The courier keys a
 *   booking by our reference and has no idempotency: the first booking is the order number, a
 *   booking after a cancel `<order number>-2`, `-3`..., so it is never taken for the cancelled one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments drop constraint if exists shipments_state_check`.execute(db);
  await sql`alter table shipments add constraint shipments_state_check check (state in ('pending', 'booked', 'failed', 'cancelled'))`.execute(db);
  await sql`
    alter table shipments
      add column cancelled_at timestamptz,
      add column cancelled_by text,
      add column booking_count integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from shipments where state = 'cancelled'`.execute(db);
  await sql`alter table shipments drop column cancelled_at, drop column cancelled_by, drop column booking_count`.execute(db);
  await sql`alter table shipments drop constraint if exists shipments_state_check`.execute(db);
  await sql`alter table shipments add constraint shipments_state_check check (state in ('pending', 'booked', 'failed'))`.execute(db);
}
