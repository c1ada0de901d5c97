import type { RequestHandler, Request } from 'express';
import { UnauthorizedError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import { isTokenEnded } from '../db/admins.js';
import { verifyAdminToken, type AdminClaims } from './tokens.js';

export const SESSION_EXPIRED = 'Session expired, please log in again';

export function adminOf(req: Request): AdminClaims {
  const claims = (req as Request & { admin?: AdminClaims }).admin;
  if (!claims) throw new UnauthorizedError();
  return claims;
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** Every admin route: a valid, unexpired, unrevoked token issued after the last password change, or 401 before the handler runs. */
export function requireAdmin(db: Db, secret: string): RequestHandler {
  return async (req, _res, next) => {
    try {
      const token = bearerToken(req);
      if (!token) throw new UnauthorizedError('Authentication required');
      const outcome = verifyAdminToken(secret, token);
      if (!outcome.ok) throw new UnauthorizedError(outcome.reason === 'expired' ? SESSION_EXPIRED : 'Invalid token');
      if (await isTokenEnded(db, outcome.claims)) throw new UnauthorizedError('Session ended, please log in again');
      (req as Request & { admin?: AdminClaims }).admin = outcome.claims;
      next();
    } catch (error) {
      next(error);
    }
  };
}
