import type { RequestHandler } from 'express';
import { parseOrThrow, rateLimitRefusals, TooManyRequestsError, UnauthorizedError } from '@pickles/service-kit';
import { adminLoginSchema, type AdminLoginResponse } from '@pickles/shared';
import { knownDevice, rememberDevice } from '../auth/device.js';
import { logIn, type LoginDeps } from '../domain/login.js';
import { loginFailures } from '../metrics.js';

export type { LoginDeps };

/** POST /api/admin/login {username, password} -> {success: true, token}. */
export function login(deps: LoginDeps): RequestHandler {
  return async (req, res) => {
    const { username, password } = parseOrThrow(adminLoginSchema, req.body);
    // The client as the gateway saw it (services trust exactly one proxy hop, see service-kit).
    const ip = req.ip ?? 'unknown';
    const device = knownDevice(req, deps.jwtSecret, username);
    let outcome;
    try {
      outcome = await logIn(deps, { username, password, ip, device });
    } catch (error) {
      if (error instanceof TooManyRequestsError) {
        loginFailures.inc({ reason: 'locked_out' });
        rateLimitRefusals.inc({ rule: 'admin-login' });
      }
      throw error;
    }
    if (outcome.kind === 'wrong-credentials') {
      // What was typed is not logged: it may be a password typed into the wrong field.
      req.log.warn('admin login failed');
      loginFailures.inc({ reason: 'wrong_password' });
      throw new UnauthorizedError('Invalid credentials');
    }
    rememberDevice(req, res, deps.jwtSecret, outcome.username, device);
    if (outcome.rehashed) req.log.info('admin password hash upgraded to the current parameters');
    req.log.info({ username: outcome.username }, 'admin logged in');
    res.json({ success: true, token: outcome.token, expiresIn: deps.ttlSeconds } satisfies AdminLoginResponse);
  };
}
