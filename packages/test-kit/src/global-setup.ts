import { randomBytes } from 'node:crypto';
import { createTestDatabase } from './database.js';
import { dropRedisPrefix } from './redis.js';
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
    try {
      await dropRedisPrefix(servers.redisUrl, prefix);
    } finally {
      await servers.stop();
    }
  };
}
