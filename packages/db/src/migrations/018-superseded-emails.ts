import { sql, type Kysely } from 'kysely';

/**
 * A shopper's "refund started" e-mail that would arrive after its "refund processed" is not sent
 * (services/notifications, refund-emails.ts): it is recorded as `superseded`, so a redelivered event
 * and the sweeper see it done, and the order page shows why it never went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop constraint if exists sent_emails_state_check`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_state_check check (state in ('sending', 'sent', 'superseded'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sent_emails set state = 'sent' where state = 'superseded'`.execute(db);
  await sql`alter table sent_emails drop constraint if exists sent_emails_state_check`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_state_check check (state in ('sending', 'sent'))`.execute(db);
}
