import { sql, type Db } from '@pickles/db';

export async function findAdmin(db: Db, username: string) {
  return db.selectFrom('admin_users').select(['username', 'password_hash', 'password_changed_at']).where('username', '=', username).executeTakeFirst();
}

/** Sets an admin's password (creating the admin if needed); every token issued before now stops working. */
export async function setAdminPassword(db: Db, username: string, passwordHash: string): Promise<'created' | 'updated'> {
  const row = await db
    .insertInto('admin_users')
    .values({ username, password_hash: passwordHash })
    .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, updated_at: sql`now()`, password_changed_at: sql`now()` }))
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted ? 'created' : 'updated';
}

/**
 * The admin from configuration (ADMIN_USERNAME / ADMIN_PASSWORD_HASH) on start: created when absent,
 * never overwritten, so a password the owner set with the CLI survives every restart.
 */
export async function ensureAdmin(db: Db, username: string, passwordHash: string): Promise<'created' | 'exists'> {
  const row = await db
    .insertInto('admin_users')
    .values({ username, password_hash: passwordHash })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? 'created' : 'exists';
}

/** Stronger hashing parameters for the same password: not a password change, tokens stay valid. */
export async function upgradePasswordHash(db: Db, username: string, passwordHash: string): Promise<void> {
  await db.updateTable('admin_users').set({ password_hash: passwordHash, updated_at: sql`now()` }).where('username', '=', username).execute();
}

export async function revokeToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.insertInto('revoked_tokens').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
  // Expired tokens are refused anyway; keep the table small.
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** A token ends when it was revoked (logout) or issued before the admin's last password change. */
export async function isTokenEnded(db: Db, claims: { jti: string; sub: string; iat: number }): Promise<boolean> {
  const { rows } = await sql<{ ended: boolean }>`select
      exists (select 1 from revoked_tokens where jti = ${claims.jti})
      or coalesce((select ${claims.iat} < floor(extract(epoch from password_changed_at)) from admin_users where username = ${claims.sub}), true) as ended`.execute(db);
  return rows[0]?.ended ?? true;
}
