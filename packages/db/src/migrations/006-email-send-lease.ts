import { sql, type Kysely } from 'kysely';

/**
 * An e-mail's claim is committed before it is sent (state 'sending' with a lease), then marked
 * 'sent': no transaction stays open across the SMTP call (decision 008, revised). Rows written
 * before this migration were sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails add column state text not null default 'sent' check (state in ('sending','sent'))`.execute(db);
  await sql`alter table sent_emails add column lease_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop column lease_until`.execute(db);
  await sql`alter table sent_emails drop column state`.execute(db);
}
