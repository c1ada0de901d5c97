import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { eventually, insertOrder, testDb } from '@pickles/test-kit';
import { loadOrderForEmail } from '../src/db/orders.js';
import { together } from '../src/db/together.js';

/** Concurrent jobs share their statements: one round trip and one commit for many. */
describe('together', () => {
  it('runs what is asked in the same turn as one call, and what is asked meanwhile as the next', async () => {
    const calls: number[][] = [];
    // The call for [10] lasts until the test lets it finish, so 11 and 12 are asked while it runs.
    let finishLoneCall = () => {};
    const loneCallFinishes = new Promise<void>((resolve) => (finishLoneCall = resolve));
    const double = together(async (items: number[]) => {
      calls.push(items);
      if (items.includes(10)) await loneCallFinishes;
      return items.map((item) => item * 2);
    });
    const first = await Promise.all([1, 2, 3].map(double));
    expect(first).toEqual([2, 4, 6]);
    const lone = double(10);
    await eventually(async () => calls.length === 2, 5_000, 1);
    const meanwhile = Promise.all([double(11), double(12)]);
    finishLoneCall();
    expect(await meanwhile).toEqual([22, 24]);
    expect(await lone).toBe(20);
    expect(calls).toEqual([[1, 2, 3], [10], [11, 12]]);
  });

  it('gives every request of a failed call its error, and goes on with the next', async () => {
    let fail = true;
    const run = together(async (items: string[]) => {
      if (fail) throw new Error('database gone');
      return items;
    });
    const failed = await Promise.allSettled([run('a'), run('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await run('c')).toBe('c');
  });
});

describe('loading orders for e-mails', () => {
  let db: Db;
  beforeAll(() => {
    db = testDb();
  });
  afterAll(() => db.destroy());

  it('gives each of twenty concurrent jobs its own order, lines and all', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => insertOrder(db)));
    const loaded = await Promise.all([...orders.map((order) => loadOrderForEmail(db, order.id)), loadOrderForEmail(db, randomUUID())]);
    expect(loaded.slice(0, 20).map((order) => order?.orderNumber)).toEqual(orders.map((order) => order.orderNumber));
    expect(loaded.slice(0, 20).every((order) => order!.items.length > 0)).toBe(true);
    expect(loaded[20]).toBeUndefined();
  });
});
