import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import type { AdminLogoutResponse } from '@pickles/shared';
import { logOut } from '../domain/login.js';
import { adminOf } from '../auth/require-admin.js';

/** POST /api/admin/logout: revokes this token's jti until it would have expired anyway. */
export function logout(db: Db): RequestHandler {
  return async (req, res) => {
    await logOut(db, adminOf(req));
    res.json({ success: true } satisfies AdminLogoutResponse);
  };
}
