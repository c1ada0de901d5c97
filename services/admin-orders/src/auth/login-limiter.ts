import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '@pickles/service-kit';

export interface LoginLimiter {
  /** Throws 429 when the client or the username has used up its failures. */
  check(ip: string, username: string): Promise<void>;
  recordFailure(ip: string, username: string): Promise<void>;
  recordSuccess(username: string): Promise<void>;
}

/**
 * Failed logins counted in Redis (so every replica shares the count) per client IP and per
 * username; `maxFailures` per `windowSeconds` each. A success clears the username's count.
 */
export function createLoginLimiter(redis: Redis, prefix: string, maxFailures: number, windowSeconds: number): LoginLimiter {
  const options = { storeClient: redis, points: maxFailures, duration: windowSeconds, useRedisPackage: false };
  const byIp = new RateLimiterRedis({ ...options, keyPrefix: `${prefix}:admin-login:ip` });
  const byUser = new RateLimiterRedis({ ...options, keyPrefix: `${prefix}:admin-login:user` });
  const userKey = (username: string) => username.trim().toLowerCase();

  const refuse = (res: RateLimiterRes | null): void => {
    if (res && res.consumedPoints >= maxFailures) {
      const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw new TooManyRequestsError(`Too many failed login attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`, seconds);
    }
  };

  return {
    async check(ip, username) {
      const [ipRes, userRes] = await Promise.all([byIp.get(ip), byUser.get(userKey(username))]);
      refuse(ipRes);
      refuse(userRes);
    },
    async recordFailure(ip, username) {
      const swallowLimit = (error: unknown) => {
        // Rejections with RateLimiterRes only mean "now over the limit"; the next check refuses.
        if (!(error instanceof RateLimiterRes)) throw error;
      };
      await Promise.all([byIp.consume(ip).catch(swallowLimit), byUser.consume(userKey(username)).catch(swallowLimit)]);
    },
    async recordSuccess(username) {
      await byUser.delete(userKey(username));
    },
  };
}
