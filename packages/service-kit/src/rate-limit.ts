import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors.js';
import { rateLimitRefusals } from './metrics.js';

export interface RateLimitRule {
  /** Names the counter in Redis and in the logs. */
  name: string;
  /** Requests allowed per `perSeconds` for one key. */
  points: number;
  perSeconds: number;
  /** What one caller is: the client address, an e-mail of the body ... undefined = not counted. */
  key: (req: Request) => string | undefined;
  message: string;
}

/** Longest wait for Redis before letting the request through (a paused Redis must not stop sales). */
const REDIS_TIMEOUT_MS = 250;

/**
 * Rate limits shared by every replica through Redis. A request over any rule gets 429 with
 * Retry-After and a readable JSON error (the first rule it is over, in the order given), before
 * its handler runs. Every rule is counted at once: on a client with auto-pipelining (createRedis)
 * the counts go to Redis in one write and come back in one round trip, rather than one per rule.
 * If Redis does not answer quickly the request goes through and the miss is logged: limits protect
 * the shop, they must not take it down.
 */
export function rateLimit(redis: Redis, prefix: string, rules: RateLimitRule[], logger: Logger): RequestHandler {
  const limiters = rules.map((rule) => ({
    rule,
    limiter: new RateLimiterRedis({ storeClient: redis, useRedisPackage: false, keyPrefix: `${prefix}:rate:${rule.name}`, points: rule.points, duration: rule.perSeconds }),
  }));
  return async (req, _res, next) => {
    const counted = limiters.flatMap(({ rule, limiter }) => {
      const key = rule.key(req);
      return key === undefined ? [] : [{ rule, count: limiter.consume(key).then(() => undefined, (error: unknown) => error) }];
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), REDIS_TIMEOUT_MS);
    });
    try {
      for (const { rule, count } of counted) {
        const error = await Promise.race([count, late]);
        if (error === 'late') {
          logger.warn({ rule: rule.name, err: new Error('rate limiter: Redis did not answer in time') }, 'rate limit not checked');
          continue;
        }
        if (error instanceof RateLimiterRes) {
          logger.warn({ rule: rule.name }, 'rate limit reached');
          rateLimitRefusals.inc({ rule: rule.name });
          next(new TooManyRequestsError(rule.message, Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
          return;
        }
        if (error) logger.warn({ rule: rule.name, err: error }, 'rate limit not checked');
      }
    } finally {
      clearTimeout(timer);
    }
    next();
  };
}

/** rateLimit over one service's Redis, key prefix and logger: each route's limit names only its rules. */
export function rateLimiter(redis: Redis, prefix: string, logger: Logger): (...rules: RateLimitRule[]) => RequestHandler {
  return (...rules) => rateLimit(redis, prefix, rules, logger);
}

/** The client as the gateway saw it (services trust exactly that one hop). */
export const byClient = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
