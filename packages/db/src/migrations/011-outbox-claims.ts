import { sql, type Kysely } from 'kysely';

/**
 * The outbox relay publishes without holding a transaction (decision 002, revised):
 * - outbox_events.claimed_until: a relay claims a batch in one short statement by setting this lease,
 *   publishes with no transaction open, then marks the rows published. Another replica skips a row
 *   while its lease runs; a relay that dies mid-publish leaves rows that are due again once it ends.
 * - A statement trigger NOTIFYs `outbox_events` on every insert. NOTIFY is delivered at commit (never
 *   for a rolled-back insert), so a relay LISTENing on its own connection publishes an event the moment
 *   any service's transaction commits it, not on its next poll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_events add column claimed_until timestamptz`.execute(db);
  // The relay takes the oldest unpublished rows first: in this order a claim stops after its batch
  // instead of sorting every unpublished row (a batch status change writes thousands at once).
  await sql`create index outbox_events_unpublished_order_idx on outbox_events (occurred_at) where published_at is null`.execute(db);
  await sql`
    create function outbox_events_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('outbox_events', '');
      return null;
    end
    $$`.execute(db);
  // Per statement, not per row: one wake-up is enough however many rows a statement writes (and
  // PostgreSQL folds identical notifications of one transaction into one).
  await sql`create trigger outbox_events_notify after insert on outbox_events for each statement execute function outbox_events_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists outbox_events_notify on outbox_events`.execute(db);
  await sql`drop function if exists outbox_events_notify()`.execute(db);
  await sql`drop index if exists outbox_events_unpublished_order_idx`.execute(db);
  await sql`alter table outbox_events drop column claimed_until`.execute(db);
}
