import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Admin passwords are stored as `scrypt$N$r$p$salt$hash` (base64 salt and hash). scrypt is a slow,
 * memory-hard KDF built into Node; N = 2^17, r = 8, p = 1 is OWASP's minimum for scrypt (about
 * 128 MiB and a few hundred milliseconds per try). Hashes made with weaker parameters still verify
 * and are upgraded at the next successful login (needsRehash).
 */
const DEFAULT_COST = { N: 131_072, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }, length = KEY_LENGTH): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when a stored hash was made with less work than today's parameters. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$').map(Number);
  return !(N! * r! * p! >= DEFAULT_COST.N * DEFAULT_COST.r * DEFAULT_COST.p);
}

/** Constant-time comparison of the derived key with the stored one; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Spent on unknown usernames so a login's timing does not tell which usernames exist. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}
