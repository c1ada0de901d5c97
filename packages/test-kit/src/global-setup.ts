import { randomBytes } from 'node:crypto';
import { copyTestDatabase, createTestDatabase } from './database.js';
import { dropRedisPrefix } from './redis.js';
import { resolveTestServers } from './servers.js';

/**
 * Vitest global setup: fresh PostgreSQL databases and one Redis key prefix per test run, all removed
 * at the end. Files run side by side (the integration project's maxWorkers), and each of those
 * workers gets a database and a key prefix of its own (worker-setup.ts), so one file's outbox relay,
 * reconciler or sweeper never takes another file's rows. Tests read them from DATABASE_URL,
 * REDIS_URL and REDIS_PREFIX.
 */
export default async function setup(project: { config: { maxWorkers?: number } }): Promise<() => Promise<void>> {
  const servers = await resolveTestServers();
  const template = await createTestDatabase(servers.postgresAdminUrl);
  const perWorker = await copyTestDatabase(template, Math.max(1, project.config.maxWorkers ?? 1), servers.postgresAdminUrl);
  const prefix = `pickles-test-${randomBytes(4).toString('hex')}`;
  process.env.TEST_DATABASE_ADMIN_URL = servers.postgresAdminUrl;
  process.env.DATABASE_URL = template.url;
  process.env.TEST_WORKER_DATABASE_URLS = perWorker.map((database) => database.url).join(' ');
  process.env.REDIS_URL = servers.redisUrl;
  process.env.REDIS_PREFIX = prefix;
  process.env.TEST_RUN_REDIS_PREFIX = prefix;
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL ??= 'silent';
  return async () => {
    await Promise.all([template, ...perWorker].map((database) => database.drop()));
    try {
      await dropRedisPrefix(servers.redisUrl, prefix);
    } finally {
      await servers.stop();
    }
  };
}
