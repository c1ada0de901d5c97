import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import type { AdminLogoutResponse } from '@pickles/shared';
import { revokeToken } from '../db/admins.js';
import { adminOf } from '../auth/require-admin.js';

/** POST /api/admin/logout: revokes this token's jti until it would have expired anyway. */
export function logout(db: Db): RequestHandler {
  return async (req, res) => {
    const claims = adminOf(req);
    await revokeToken(db, claims.jti, new Date(claims.exp * 1000));
    res.json({ success: true } satisfies AdminLogoutResponse);
  };
}
