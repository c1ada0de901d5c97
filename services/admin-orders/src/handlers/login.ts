import type { RequestHandler } from 'express';
import { parseOrThrow, rateLimitRefusals, TooManyRequestsError, UnauthorizedError } from '@pickles/service-kit';
import { adminLoginSchema, type AdminLoginResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { findAdmin, upgradePasswordHash } from '../db/admins.js';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../domain/password.js';
import type { LoginLimiter } from '../auth/login-limiter.js';
import { signAdminToken } from '../auth/tokens.js';
import { knownDevice, rememberDevice } from '../auth/device.js';
import { loginFailures } from '../metrics.js';

export interface LoginDeps {
  db: Db;
  limiter: LoginLimiter;
  jwtSecret: string;
  ttlSeconds: number;
}

/** POST /api/admin/login {username, password} -> {success: true, token}. */
export function login({ db, limiter, jwtSecret, ttlSeconds }: LoginDeps): RequestHandler {
  return async (req, res) => {
    const { username, password } = parseOrThrow(adminLoginSchema, req.body);
    // The client as the gateway saw it (services trust exactly one proxy hop, see service-kit).
    const ip = req.ip ?? 'unknown';
    const device = knownDevice(req, jwtSecret, username);
    try {
      await limiter.takeAttempt(ip, username, device);
    } catch (error) {
      if (error instanceof TooManyRequestsError) {
        loginFailures.inc({ reason: 'locked_out' });
        rateLimitRefusals.inc({ rule: 'admin-login' });
      }
      throw error;
    }
    const admin = await findAdmin(db, username);
    const isValid = admin ? await verifyPassword(password, admin.password_hash) : (await burnPasswordCheck(password), false);
    if (!isValid || !admin) {
      // What was typed is not logged: it may be a password typed into the wrong field.
      req.log.warn('admin login failed');
      loginFailures.inc({ reason: 'wrong_password' });
      throw new UnauthorizedError('Invalid credentials');
    }
    await limiter.recordSuccess(ip, username, device);
    rememberDevice(req, res, jwtSecret, admin.username, device);
    if (needsRehash(admin.password_hash)) {
      await upgradePasswordHash(db, admin.username, await hashPassword(password));
      req.log.info('admin password hash upgraded to the current parameters');
    }
    const { token } = signAdminToken(jwtSecret, admin.username, ttlSeconds);
    req.log.info({ username: admin.username }, 'admin logged in');
    res.json({ success: true, token, expiresIn: ttlSeconds } satisfies AdminLoginResponse);
  };
}
