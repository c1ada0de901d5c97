import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestDatabase } from './database.js';
import { resolveTestServers } from './servers.js';

/**
 * Vitest global setup: one fresh PostgreSQL database and one Redis key prefix per test run, both
 * removed at the end. Tests read them from DATABASE_URL, REDIS_URL and REDIS_PREFIX.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const servers = await resolveTestServers();
  const database = await createTestDatabase(servers.postgresAdminUrl);
  const prefix = `pickles-test-${randomBytes(4).toString('hex')}`;
  process.env.TEST_DATABASE_ADMIN_URL = servers.postgresAdminUrl;
  process.env.DATABASE_URL = database.url;
  process.env.REDIS_URL = servers.redisUrl;
  process.env.REDIS_PREFIX = prefix;
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL ??= 'silent';
  return async () => {
    await database.drop();
    const redis = new Redis(servers.redisUrl, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
      await servers.stop();
    }
  };
}
