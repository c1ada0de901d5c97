import { sql, type Kysely } from 'kysely';

/**
 * The ADMIN_PASSWORD_HASH last applied to an admin from configuration: a different one is applied at
 * the next start (ending the admin's sessions), never silently kept; the same one leaves alone a
 * password changed since with `npm run admin:create` or upgraded at a login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_users add column configured_password_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_users drop column configured_password_hash`.execute(db);
}
