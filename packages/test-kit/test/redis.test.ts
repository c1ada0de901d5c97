import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix } from '../src/redis.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

describe('dropRedisPrefix', () => {
  it('deletes every key starting with the prefix, derived prefixes included, and nothing else', async () => {
    const prefix = `pickles-droptest-${randomBytes(4).toString('hex')}`;
    const neighbour = `pickles-droptest-${randomBytes(4).toString('hex')}:kept`;
    const keys = Array.from({ length: 2_500 }, (_, i) => `${prefix}:notifications:${i}`);
    await redis.mset(...keys.flatMap((key) => [key, '1']), `${prefix}-metrics-abc:rate:x`, '1', neighbour, '1');
    await dropRedisPrefix(redisUrl, prefix);
    expect(await redis.exists(...keys, `${prefix}-metrics-abc:rate:x`)).toBe(0);
    expect(await redis.get(neighbour)).toBe('1');
    await redis.del(neighbour);
  });

  it('refuses a prefix that could match someone else\'s keys', async () => {
    await expect(dropRedisPrefix(redisUrl, '')).rejects.toThrow(/refusing/);
    await expect(dropRedisPrefix(redisUrl, 'p*')).rejects.toThrow(/refusing/);
  });
});
