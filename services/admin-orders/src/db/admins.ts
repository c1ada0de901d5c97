import { sql, type Db } from '@pickles/db';

export async function findAdmin(db: Db, username: string) {
  return db.selectFrom('admin_users').select(['username', 'password_hash']).where('username', '=', username).executeTakeFirst();
}

/** Creates the admin or replaces its password hash. */
export async function upsertAdmin(db: Db, username: string, passwordHash: string): Promise<'created' | 'updated'> {
  const row = await db
    .insertInto('admin_users')
    .values({ username, password_hash: passwordHash })
    .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, updated_at: sql`now()` }))
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted ? 'created' : 'updated';
}

export async function revokeToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.insertInto('revoked_tokens').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
  // Expired tokens are refused anyway; keep the table small.
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

export async function isTokenRevoked(db: Db, jti: string): Promise<boolean> {
  return Boolean(await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst());
}
