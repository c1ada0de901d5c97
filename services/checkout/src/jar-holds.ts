import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimitRefusals, TooManyRequestsError } from '@pickles/service-kit';

export interface JarHoldLimits {
  /** Jars one client (the address the gateway saw) may hold in unpaid orders (HELD_JARS_PER_CLIENT). */
  perClient: number;
  /** Jars one e-mail address, and one phone number, may hold in unpaid orders (HELD_JARS_PER_CONTACT). */
  perContact: number;
  /** How long an unpaid order holds its jars (stockHoldMinutes): each count lasts that long. */
  holdMinutes: number;
}

export interface JarHolders {
  client: string;
  email: string;
  phone: string;
}

export interface JarHolds {
  /**
   * Counts `jars` as held by the client, the e-mail and the phone for the hold, before the order is
   * made; throws 429 (with Retry-After: when the oldest count lapses) naming the first holder over its
   * cap, counting nothing. Resolves with `giveBack`, for an order that was not placed after all.
   */
  take(holders: JarHolders, jars: number): Promise<() => Promise<void>>;
}

/** Longest wait for Redis before the order goes through uncounted (a paused Redis must not stop sales). */
const REDIS_TIMEOUT_MS = 250;

const HOLDERS = [
  { name: 'client', of: (h: JarHolders) => h.client, says: 'This connection' },
  { name: 'email', of: (h: JarHolders) => h.email.trim().toLowerCase(), says: 'This e-mail address' },
  { name: 'phone', of: (h: JarHolders) => h.phone, says: 'This phone number' },
] as const;

/**
 * Caps on the jars one shopper can hold without paying (decision 020): a client, an e-mail address
 * and a phone number each hold at most their cap across their unpaid orders of the last hold, so one
 * hoarder cannot take a batch off sale by ordering it all and never paying. Counted atomically in
 * Redis (shared by replicas), each count lapsing with the hold, which is when unpaid jars go back on
 * sale; a paid order's count lapses the same way. If Redis fails or does not answer within 250 ms,
 * the order goes through uncounted (logged): a Redis blink must not stop sales.
 */
export function createJarHolds(redis: Redis, prefix: string, limits: JarHoldLimits, logger: Logger): JarHolds {
  const duration = Math.ceil(limits.holdMinutes * 60);
  const counters = HOLDERS.map((holder) => {
    const cap = holder.name === 'client' ? limits.perClient : limits.perContact;
    return { ...holder, cap, limiter: new RateLimiterRedis({ storeClient: redis, useRedisPackage: false, keyPrefix: `${prefix}:held-jars:${holder.name}`, points: cap, duration }) };
  });
  return {
    async take(holders, jars) {
      // The three counts travel together (auto-pipelining) and are waited for at most REDIS_TIMEOUT_MS.
      const counted = counters.map((counter) => {
        const key = counter.of(holders);
        return { counter, key, outcome: counter.limiter.consume(key, jars).then(() => 'taken' as const, (error: unknown) => error) };
      });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), REDIS_TIMEOUT_MS);
      });
      const taken: { limiter: RateLimiterRedis; key: string }[] = [];
      let refusal: { counter: (typeof counters)[number]; res: RateLimiterRes } | undefined;
      try {
        for (const { counter, key, outcome } of counted) {
          const result = await Promise.race([outcome, late]);
          if (result === 'taken') taken.push({ limiter: counter.limiter, key });
          else if (result instanceof RateLimiterRes) {
            // The refused jars were counted too: they go back with the others.
            taken.push({ limiter: counter.limiter, key });
            refusal ??= { counter, res: result };
          } else logger.warn({ holder: counter.name, err: result === 'late' ? new Error('jar holds: Redis did not answer in time') : result }, 'jars held not counted');
        }
      } finally {
        clearTimeout(timer);
      }
      const giveBack = () => Promise.all(taken.splice(0).map(({ limiter, key }) => limiter.reward(key, jars).catch(() => undefined))).then(() => undefined);
      if (!refusal) return giveBack;
      await giveBack();
      const { counter, res } = refusal;
      rateLimitRefusals.inc({ rule: `held-jars:${counter.name}` });
      const held = Math.max(0, res.consumedPoints - jars);
      const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
      throw new TooManyRequestsError(
        held === 0
          ? `An order of ${jars} jars is more than one shopper may hold before paying (${counter.cap}). Please order fewer, or write to us for a larger order.`
          : `${counter.says} already holds ${held} jar(s) in unpaid orders; one shopper may hold at most ${counter.cap}. Pay for them, or try again in ${minutes} minute(s), when unpaid jars go back on sale.`,
        Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      );
    },
  };
}
