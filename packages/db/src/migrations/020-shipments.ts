import { sql, type Kysely } from 'kysely';

/**
 * The courier's side of a shipped order (docs/decisions/025):
 * - shipments: one per order the owner shipped through the courier. `state` is the booking's:
 *   pending (to do or retrying, while the courier's API is down), booked (AWB assigned and pickup
 *   scheduled: the order's dispatch is recorded), failed (the courier refused; the owner decides).
 *   Every step's result (courier order, shipment, AWB, pickup) is stored as it comes back, so a retry
 *   after a crash or an outage goes on from there. `claimed_until` keeps two workers off one booking.
 *   `delivery_status` is the newest tracking event's (by when it happened); `problem_action` the
 *   owner's answer to the latest failed delivery (cleared by the next one).
 * - shipment_events: the courier's tracking events, one row per event key (AWB + status + scan
 *   time), from webhooks and polling alike: a duplicate or a redelivery inserts nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shipments (
      order_id uuid primary key references orders(id) on delete cascade,
      state text not null check (state in ('pending', 'booked', 'failed')),
      requested_courier_id integer,
      courier_order_id bigint,
      shipment_id bigint,
      awb text unique,
      courier_name text,
      pickup_scheduled_at timestamptz,
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz,
      claimed_until timestamptz,
      requested_by text not null,
      requested_at timestamptz not null default now(),
      booked_at timestamptz,
      delivery_status text,
      last_event_at timestamptz,
      last_polled_at timestamptz,
      expected_delivery_at timestamptz,
      problem_action text check (problem_action in ('re-attempt', 'return')),
      problem_action_at timestamptz,
      problem_action_by text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index shipments_pending on shipments (next_attempt_at) where state = 'pending'`.execute(db);
  await sql`create index shipments_silent on shipments (last_event_at) where state = 'booked'`.execute(db);
  await sql`
    create table shipment_events (
      event_key text primary key,
      order_id uuid not null references orders(id) on delete cascade,
      awb text not null,
      status text not null,
      courier_status text not null,
      occurred_at timestamptz not null,
      reason text,
      reason_code text,
      attempt integer,
      location text,
      source text not null check (source in ('webhook', 'poll')),
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index shipment_events_order on shipment_events (order_id, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists shipment_events`.execute(db);
  await sql`drop table if exists shipments`.execute(db);
}
