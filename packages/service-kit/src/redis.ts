import { Redis } from 'ioredis';

/**
 * A Redis connection for BullMQ and rate limiting. BullMQ requires maxRetriesPerRequest: null on
 * connections used by workers; it is harmless elsewhere. `autoPipelining` sends the commands issued
 * in one tick in one write (ioredis's enableAutoPipelining): for a connection that only counts rate
 * limits, where each request's rules, and concurrent requests, would otherwise cost a write and a
 * wake-up of Redis each. Not for BullMQ connections, which block on some commands.
 */
export function createRedis(url: string, name: string, { autoPipelining = false }: { autoPipelining?: boolean } = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    connectionName: name,
    enableAutoPipelining: autoPipelining,
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
