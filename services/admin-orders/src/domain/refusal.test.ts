import { describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { inTransaction } from './refusal.js';

/** A stand-in for kysely's transaction: runs the work, and records whether it committed or rolled back. */
function fakeDb() {
  const log: string[] = [];
  const db = {
    transaction: () => ({
      execute: async (work: (trx: unknown) => Promise<unknown>) => {
        try {
          const result = await work({});
          log.push('commit');
          return result;
        } catch (error) {
          log.push('rollback');
          throw error;
        }
      },
    }),
  } as unknown as Db;
  return { db, log };
}

describe('inTransaction', () => {
  it('commits and answers what the work answers', async () => {
    const { db, log } = fakeDb();
    expect(await inTransaction(db, async () => ({ kind: 'done' }))).toEqual({ kind: 'done' });
    expect(log).toEqual(['commit']);
  });

  it('rolls back on a refusal and answers the refusal', async () => {
    const { db, log } = fakeDb();
    const outcome = await inTransaction<{ kind: 'done' }, { kind: 'refused'; reason: string }>(db, async (_trx, refuse) => refuse({ kind: 'refused', reason: 'no' }));
    expect(outcome).toEqual({ kind: 'refused', reason: 'no' });
    expect(log).toEqual(['rollback']);
  });

  it('rolls back and rethrows anything else', async () => {
    const { db, log } = fakeDb();
    await expect(
      inTransaction(db, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(log).toEqual(['rollback']);
  });
});
