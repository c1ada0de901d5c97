import { Redis } from 'ioredis';

/**
 * Deletes every key that starts with `prefix` (queues, completed jobs, rate-limit counters, and any
 * prefix a test derived from it): what a test run or a bench stack leaves behind otherwise stays in
 * the machine's Redis, whose data outlives every run. For the random prefixes of tests and benches.
 */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  // A prefix that matched every key would empty someone else's Redis.
  if (!/^[\w-]{4,}$/.test(prefix)) throw new Error(`refusing to drop the Redis prefix "${prefix}"`);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
