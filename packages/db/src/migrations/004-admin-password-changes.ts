import { sql, type Kysely } from 'kysely';

/** A password change ends every admin token issued before it (tokens carry their issue time). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_users add column password_changed_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_users drop column password_changed_at`.execute(db);
}
