import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface AdminClaims {
  sub: string;
  jti: string;
  /** Issued at, seconds: a token older than the admin's last password change is refused. */
  iat: number;
  exp: number;
}

export type VerifyOutcome = { ok: true; claims: AdminClaims } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'royal-pickles/admin-orders';

/** HS256 with JWT_SECRET; short-lived; the jti lets logout revoke one token. */
export function signAdminToken(secret: string, username: string, ttlSeconds: number): { token: string; jti: string } {
  const jti = randomUUID();
  const token = jwt.sign({}, secret, { algorithm: 'HS256', subject: username, jwtid: jti, expiresIn: ttlSeconds, issuer: ISSUER });
  return { token, jti };
}

/** Checks the HMAC signature (HS256 only, so an `alg: none` or RS/HS confusion token is refused) and expiry. */
export function verifyAdminToken(secret: string, token: string): VerifyOutcome {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub: payload.sub, jti: payload.jti, iat: payload.iat, exp: payload.exp } };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
