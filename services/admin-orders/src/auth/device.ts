import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A browser that logged in as an admin gets this cookie: a random id and an HMAC-SHA256 of it with
 * the username, keyed by JWT_SECRET, compared in constant time. Its next logins are counted
 * against that browser (login-limiter.ts) rather than against the address it comes from, so
 * strangers sharing the owner's address (a mobile carrier's NAT, an office, a load balancer nobody
 * trusts) cannot lock the owner out with wrong passwords.
 */
export const DEVICE_COOKIE = 'rp_admin_device';
const DEVICE_DAYS = 90;

const mac = (secret: string, username: string, id: string) =>
  createHmac('sha256', secret).update(`admin-device:${username.trim().toLowerCase()}:${id}`).digest('base64url').slice(0, 32);

/** The device id the request's cookie proves for `username`, or undefined (no cookie, another admin's, forged). */
export function knownDevice(req: Request, secret: string, username: string): string | undefined {
  const value = cookie(req, DEVICE_COOKIE);
  const [id, given] = value?.split('.') ?? [];
  if (!id || !given || !/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
  const expected = Buffer.from(mac(secret, username, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : undefined;
}

/** Gives the browser its device cookie (the same id again when it had one), sent only with login requests. */
export function rememberDevice(req: Request, res: Response, secret: string, username: string, known: string | undefined): void {
  const id = known ?? randomBytes(16).toString('base64url');
  const attributes = [`Path=/api/admin/login`, `Max-Age=${DEVICE_DAYS * 86_400}`, 'HttpOnly', 'SameSite=Strict', ...(req.secure ? ['Secure'] : [])];
  res.setHeader('Set-Cookie', [`${DEVICE_COOKIE}=${id}.${mac(secret, username, id)}`, ...attributes].join('; '));
}

function cookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header.length > 4_096) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
