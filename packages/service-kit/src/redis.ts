import { Redis } from 'ioredis';

/**
 * A Redis connection for BullMQ and rate limiting. BullMQ requires maxRetriesPerRequest: null on
 * connections used by workers; it is harmless elsewhere.
 */
export function createRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    connectionName: name,
    // Keep reconnecting; readiness reports the outage meanwhile.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
  // Without a listener ioredis prints every reconnect error; readiness reports the outage instead.
  redis.on('error', () => {});
  return redis;
}

export async function pingRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
  const pong = await redis.ping();
  if (pong !== 'PONG') throw new Error(`unexpected ping answer ${pong}`);
}
