/**
 * Runs in each integration worker before its test file: the worker's own database and Redis key
 * prefix (made by global-setup.ts), so files running side by side never meet. VITEST_POOL_ID is the
 * worker's slot, 1 to maxWorkers: two files running at once never share one.
 */
const urls = (process.env.TEST_WORKER_DATABASE_URLS ?? '').split(' ').filter(Boolean);
const slot = Number(process.env.VITEST_POOL_ID ?? '1');
const url = urls[(slot - 1) % Math.max(1, urls.length)];
if (url) process.env.DATABASE_URL = url;
// Derived from the run's prefix, so the global teardown's sweep of that prefix removes it too.
if (process.env.TEST_RUN_REDIS_PREFIX) process.env.REDIS_PREFIX = `${process.env.TEST_RUN_REDIS_PREFIX}-w${slot}`;
