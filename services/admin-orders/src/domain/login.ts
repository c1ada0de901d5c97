import type { Db } from '@pickles/db';
import type { LoginLimiter } from '../auth/login-limiter.js';
import { signAdminToken } from '../auth/tokens.js';
import { findAdmin, revokeToken, upgradePasswordHash } from '../db/admins.js';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password.js';

export interface LoginDeps {
  db: Db;
  limiter: LoginLimiter;
  jwtSecret: string;
  ttlSeconds: number;
}

export type LoginOutcome =
  | { kind: 'wrong-credentials' }
  /** `rehashed`: the stored hash was made with weaker parameters and was upgraded now. */
  | { kind: 'logged-in'; username: string; token: string; rehashed: boolean };

/**
 * An admin's login: the attempt is spent first (the limiter throws service-kit's 429 when the
 * username, client or browser is locked out), the password checked (as long for an unknown username),
 * a success given back to the limiter, a hash made with weaker parameters upgraded, and a token signed.
 */
export async function logIn(
  { db, limiter, jwtSecret, ttlSeconds }: LoginDeps,
  { username, password, ip, device }: { username: string; password: string; ip: string; device: string | undefined },
): Promise<LoginOutcome> {
  await limiter.takeAttempt(ip, username, device);
  const admin = await findAdmin(db, username);
  const isValid = admin ? await verifyPassword(password, admin.password_hash) : (await burnPasswordCheck(password), false);
  if (!isValid || !admin) return { kind: 'wrong-credentials' };
  await limiter.recordSuccess(ip, username, device);
  const rehashed = needsRehash(admin.password_hash);
  if (rehashed) await upgradePasswordHash(db, admin.username, await hashPassword(password));
  const { token } = signAdminToken(jwtSecret, admin.username, ttlSeconds);
  return { kind: 'logged-in', username: admin.username, token, rehashed };
}

/** Ends a session: the token's jti is revoked until it would have expired anyway. */
export function logOut(db: Db, claims: { jti: string; exp: number }): Promise<void> {
  return revokeToken(db, claims.jti, new Date(claims.exp * 1000));
}
