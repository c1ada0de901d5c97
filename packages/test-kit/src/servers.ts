import { DEFAULT_ADMIN_URL } from './database.js';

export interface TestServers {
  /** URL of an existing database on the PostgreSQL server (test databases are created beside it). */
  postgresAdminUrl: string;
  redisUrl: string;
  /** How the servers were found, for the log. */
  source: 'environment' | 'testcontainers' | 'localhost';
  stop: () => Promise<void>;
}

/** The images of the throwaway servers; a machine without a registry names local ones (test:deploy does). */
const POSTGRES_IMAGE = process.env.TEST_POSTGRES_IMAGE ?? 'postgres:15';
const REDIS_IMAGE = process.env.TEST_REDIS_IMAGE ?? 'redis:7';

/**
 * Where the integration tests find PostgreSQL and Redis: the servers named by the environment
 * (TEST_DATABASE_ADMIN_URL, TEST_REDIS_URL) when set; else throwaway containers when a container
 * runtime answers (testcontainers; TEST_CONTAINERS=0 turns this off, TEST_CONTAINERS=1 insists on
 * it and fails without a runtime); else localhost.
 */
export async function resolveTestServers(): Promise<TestServers> {
  const fromEnv = process.env.TEST_DATABASE_ADMIN_URL || process.env.TEST_REDIS_URL;
  if (fromEnv) {
    return {
      postgresAdminUrl: process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL,
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      source: 'environment',
      stop: async () => {},
    };
  }
  if (process.env.TEST_CONTAINERS !== '0') {
    // testcontainers@11 (v12 needs Node 22). Without a runtime this fails in milliseconds.
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    const hasRuntime = await getContainerRuntimeClient().then(
      () => true,
      () => false,
    );
    if (!hasRuntime && process.env.TEST_CONTAINERS === '1') {
      throw new Error('TEST_CONTAINERS=1, but no container runtime answers testcontainers (start Docker, or set DOCKER_HOST to a Docker-compatible socket)');
    }
    if (hasRuntime) {
      const postgres = await new GenericContainer(POSTGRES_IMAGE)
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      const redis = await new GenericContainer(REDIS_IMAGE).withExposedPorts(6379).withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)).start();
      return {
        postgresAdminUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
        redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
        source: 'testcontainers',
        stop: async () => {
          await Promise.all([postgres.stop(), redis.stop()]);
        },
      };
    }
  }
  return { postgresAdminUrl: DEFAULT_ADMIN_URL, redisUrl: 'redis://127.0.0.1:6379', source: 'localhost', stop: async () => {} };
}
