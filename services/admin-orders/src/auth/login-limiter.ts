import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '@pickles/service-kit';

export interface LoginLimiter {
  /**
   * Spends one attempt of this (username, client) pair and one of the client's own budget, before
   * the password is checked; throws 429 when either is used up. Atomic in Redis, so 40 attempts
   * sent at once still get only the allowed number of password checks, on any replica. A browser
   * that logged in as this admin before (`device`, its cookie: auth/device.ts) is the client
   * instead of its address, and spends nothing of the address's budget.
   */
  takeAttempt(ip: string, username: string, device?: string): Promise<void>;
  /** The password was right: the pair's count and its lockout history start again, and the attempt goes back to the client's budget. */
  recordSuccess(ip: string, username: string, device?: string): Promise<void>;
}

const MAX_LOCKOUT_SECONDS = 24 * 3600;

/**
 * Lockout is per (username, client): a stranger's wrong guesses lock only the stranger out, never
 * the owner on their own connection, nor the owner's browser that logged in before even when it
 * shares the stranger's address. Each lockout of a pair lasts twice the one before (the window,
 * then 2x, 4x ... up to a day), so guessing slows down exponentially. A client also has an overall
 * budget across usernames (10x) that only failures spend, so spraying many usernames from one
 * address is stopped too, and the owner's own logins never use it up.
 */
export function createLoginLimiter(redis: Redis, prefix: string, maxFailures: number, windowSeconds: number): LoginLimiter {
  const base = { storeClient: redis, useRedisPackage: false, duration: windowSeconds };
  const byPair = new RateLimiterRedis({ ...base, points: maxFailures, keyPrefix: `${prefix}:admin-login:pair` });
  const byClient = new RateLimiterRedis({ ...base, points: maxFailures * 10, keyPrefix: `${prefix}:admin-login:client` });
  // How many times a pair has been locked out lately; decides the next lockout's length.
  const lockouts = new RateLimiterRedis({ storeClient: redis, useRedisPackage: false, points: 1_000, duration: MAX_LOCKOUT_SECONDS, keyPrefix: `${prefix}:admin-login:lockouts` });
  const pairKey = (ip: string, username: string, device?: string) => `${username.trim().toLowerCase()}|${device ? `device:${device}` : ip}`;

  const tooMany = (msBeforeNext: number) => {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new TooManyRequestsError(`Too many failed login attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`, seconds);
  };

  return {
    async takeAttempt(ip, username, device) {
      const key = pairKey(ip, username, device);
      try {
        if (!device) await byClient.consume(ip);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
        throw error;
      }
      try {
        await byPair.consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // The first refusal after the pair ran out starts a lockout longer than the last one.
        if (error.consumedPoints === maxFailures + 1) {
          const previous = await lockouts.consume(key).then((res) => res.consumedPoints - 1);
          const seconds = Math.min(MAX_LOCKOUT_SECONDS, windowSeconds * 2 ** previous);
          await byPair.block(key, seconds);
          throw tooMany(seconds * 1000);
        }
        throw tooMany(error.msBeforeNext);
      }
    },
    async recordSuccess(ip, username, device) {
      const key = pairKey(ip, username, device);
      await Promise.all([byPair.delete(key), lockouts.delete(key), device ? undefined : byClient.reward(ip, 1)]);
    },
  };
}
