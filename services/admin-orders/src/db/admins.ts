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
 * The admin from configuration (ADMIN_USERNAME / ADMIN_PASSWORD_HASH) on start, never silently kept
 * as it was: created when absent; when the configured hash differs from the one configuration last
 * applied (a rotation, or an admin that existed before, such as the demo's on the same database),
 * it is applied and every earlier session of that admin ends. The same hash as last time changes
 * nothing, so a password changed since with `npm run admin:create`, or upgraded at a login, stays.
 */
export async function ensureAdmin(db: Db, username: string, passwordHash: string): Promise<'created' | 'applied' | 'unchanged'> {
  const { rows } = await sql<{ outcome: 'created' | 'applied' | 'unchanged' }>`
    with applied as (
      -- Replicas starting together: the one that waited for the other's row lock sees its hash and leaves it.
      update admin_users set password_hash = ${passwordHash}, configured_password_hash = ${passwordHash}, updated_at = now(), password_changed_at = now()
      where username = ${username} and configured_password_hash is distinct from ${passwordHash}
      returning id
    ), created as (
      insert into admin_users (username, password_hash, configured_password_hash)
      select ${username}, ${passwordHash}, ${passwordHash} where not exists (select 1 from admin_users where username = ${username})
      on conflict (username) do nothing
      returning id
    )
    select case when exists (select 1 from created) then 'created' when exists (select 1 from applied) then 'applied' else 'unchanged' end as outcome`.execute(db);
  return rows[0]!.outcome;
}

/** Removes an admin (`npm run admin:remove`): its sessions end with it (a token's admin must exist). */
export async function removeAdmin(db: Db, username: string): Promise<boolean> {
  const removed = await db.deleteFrom('admin_users').where('username', '=', username).returning('id').executeTakeFirst();
  return removed !== undefined;
}

/** Every admin's name and stored hash, for the production start's check against published passwords. */
export async function listAdminHashes(db: Db): Promise<{ username: string; passwordHash: string }[]> {
  const rows = await db.selectFrom('admin_users').select(['username', 'password_hash']).orderBy('username').execute();
  return rows.map((row) => ({ username: row.username, passwordHash: row.password_hash }));
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
